/**
 * Move Stop (spec 2 §2, M): dragging a stop group previews its new place in the draft and commits ONE modification
 * on release (an update per stop of the group, as a group when there are several); a press without movement
 * changes nothing. Escape during the drag drops it.
 */
import { stopOf, type GraphReader } from '@corridor/changesets';
import type { TransitModification, TransitStop } from '@corridor/contract';
import type { Handler } from '../../../state/handler.ts';
import type { LngLat } from '../../../state/types.ts';
import { DraftSession } from '../../../canvas/handlers/session.ts';
import { hoverTransit } from './select.ts';

interface Drag {
  readonly stops: readonly string[];
  readonly press: LngLat;
  readonly at: LngLat;
}

/** The stops moved by the pointer's way since the press, as one modification; undefined when nothing moved. */
export function moveStops(graph: GraphReader, ids: readonly string[], press: LngLat, release: LngLat): TransitModification | undefined {
  const [dx, dy] = [release[0] - press[0], release[1] - press[1]];
  if (dx === 0 && dy === 0) return undefined;
  const steps = ids
    .map((id) => stopOf(graph, id))
    .filter((stop): stop is TransitStop => stop !== undefined)
    .map((stop) => ({ type: 'transitStop/update' as const, id: stop.id, stop: { ...stop, coordinates: [stop.coordinates[0] + dx, stop.coordinates[1] + dy] as [number, number] } }));
  if (steps.length === 0) return undefined;
  return steps.length === 1 ? steps[0] : { type: 'transitStop/group', modifications: steps };
}

const drags = new DraftSession<Drag>();

export const moveStopHandler: Handler = {
  tool: 'transit/moveStop',
  category: 'transit',
  move: hoverTransit,
  dragStart(store, event) {
    if (!event.stops || !store.getState().editMode) return false;
    const first = stopOf(store.getState().graph, event.stops[0]!);
    if (!first) return false;
    drags.write(store, { points: [first.coordinates] }, { stops: event.stops, press: event.lngLat, at: first.coordinates });
    return true;
  },
  drag(store, event) {
    const drag = drags.read(store);
    if (!drag) return;
    const at: LngLat = [drag.at[0] + event.lngLat[0] - drag.press[0], drag.at[1] + event.lngLat[1] - drag.press[1]];
    drags.write(store, { points: [at] }, drag);
  },
  dragEnd(store, event) {
    const drag = drags.read(store);
    if (!drag) return;
    drags.end(store);
    const mod = moveStops(store.getState().graph, drag.stops, drag.press, event.lngLat);
    if (mod) store.perform(mod);
  },
  cancel: (store) => drags.end(store),
};
