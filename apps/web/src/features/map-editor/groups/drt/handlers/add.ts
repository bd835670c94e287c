/**
 * DRT Add Vehicle (spec 2 §2, N) and Add Stop (B). Add Vehicle: a click on a link selects it and shows the
 * add-vehicle form (the form adds the vehicles). Add Stop: a click on the map adds a stop there — named "Stop " plus
 * its id, not blocking (spec 2 §4), on the nearest loaded link within the picking radius or on none — and selects it.
 */
import type { Handler } from '../../../state/handler.ts';
import { NO_SELECTION } from '../../../state/types.ts';
import { addDrtStopAt } from '@corridor/changesets';
import { deleteDrtSelection, hoverStops } from './select.ts';

export const addDrtVehicleHandler: Handler = {
  tool: 'drt/addVehicle',
  category: 'drt',
  move: (store, event) => store.hover(event.linkId ? { linkId: event.linkId } : {}),
  click(store, event) {
    store.select(event.linkId ? { type: 'drt-link', linkId: event.linkId } : NO_SELECTION);
  },
  delete: deleteDrtSelection,
};

export const addDrtStopHandler: Handler = {
  tool: 'drt/addStop',
  category: 'drt',
  move: hoverStops,
  click(store, event) {
    const mod = addDrtStopAt(store.getState().graph, event.lngLat, event.linkId);
    if (!store.perform(mod)) store.select({ type: 'drt-stop', stops: [mod.stops[0]!.id] });
  },
  delete: deleteDrtSelection,
};
