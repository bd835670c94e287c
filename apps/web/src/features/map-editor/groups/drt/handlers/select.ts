/**
 * DRT Select Vehicle (spec 2 §2, V) and Select Stop (S). Select Vehicle: a click on a vehicle marker selects the
 * vehicles of its link (Shift adds them, or removes them when all are in already), a click on a link selects the
 * link (the add-vehicle form), nothing clears. Select Stop: a click on a stop selects it (Shift adds or removes).
 * Backspace deletes the selected vehicles or stops as one modification.
 */
import type { Handler, MapPointerEvent } from '../../../state/handler.ts';
import type { EditorStore } from '../../../state/store.ts';
import { NO_SELECTION, type Selection } from '../../../state/types.ts';
import { deleteStopsMod, deleteVehiclesMod } from '../edits.ts';

/** Ids joined to (or, when all are in, removed from) a list: Shift-click. */
export function toggled(current: readonly string[], ids: readonly string[]): string[] {
  const all = ids.every((id) => current.includes(id));
  return all ? current.filter((id) => !ids.includes(id)) : [...current, ...ids.filter((id) => !current.includes(id))];
}

/** The selection after a click on a vehicle marker. */
export function vehicleSelection(current: Selection, vehicles: readonly string[], shift: boolean): Selection {
  if (!shift || current.type !== 'drt-vehicle') return { type: 'drt-vehicle', vehicles };
  const next = toggled(current.vehicles, vehicles);
  return next.length === 0 ? NO_SELECTION : { type: 'drt-vehicle', vehicles: next };
}

/** The selection after a click on a stop. */
export function stopSelection(current: Selection, stopId: string, shift: boolean): Selection {
  if (!shift || current.type !== 'drt-stop') return { type: 'drt-stop', stops: [stopId] };
  const next = toggled(current.stops, [stopId]);
  return next.length === 0 ? NO_SELECTION : { type: 'drt-stop', stops: next };
}

/** Over a vehicle marker: its link's vehicles; else the link under the pointer. */
export function hoverVehicles(store: EditorStore, event: MapPointerEvent): void {
  store.hover(event.drtVehicles ? { drtVehicles: event.drtVehicles.linkId } : event.linkId ? { linkId: event.linkId } : {});
}

export function hoverStops(store: EditorStore, event: MapPointerEvent): void {
  store.hover(event.drtStop !== undefined ? { drtStop: event.drtStop } : {});
}

/** Backspace in a DRT tool: the selected vehicles or stops go, as one modification. */
export function deleteDrtSelection(store: EditorStore): void {
  const { graph, selection } = store.getState();
  const mod = selection.type === 'drt-vehicle' ? deleteVehiclesMod(graph, selection.vehicles) : selection.type === 'drt-stop' ? deleteStopsMod(graph, selection.stops) : undefined;
  if (mod && !store.perform(mod)) store.select(NO_SELECTION);
}

export const drtVehicleSelectHandler: Handler = {
  tool: 'drt/selectVehicle',
  category: 'drt',
  move: hoverVehicles,
  click(store, event) {
    const current = store.getState().selection;
    if (event.drtVehicles) {
      store.select(vehicleSelection(current, event.drtVehicles.vehicles, event.shiftKey));
      return;
    }
    if (event.shiftKey) return;
    store.select(event.linkId ? { type: 'drt-link', linkId: event.linkId } : NO_SELECTION);
  },
  delete: deleteDrtSelection,
};

export const drtStopSelectHandler: Handler = {
  tool: 'drt/selectStop',
  category: 'drt',
  move: hoverStops,
  click(store, event) {
    if (event.drtStop !== undefined) {
      store.select(stopSelection(store.getState().selection, event.drtStop, event.shiftKey));
      return;
    }
    if (!event.shiftKey) store.select(NO_SELECTION);
  },
  delete: deleteDrtSelection,
};
