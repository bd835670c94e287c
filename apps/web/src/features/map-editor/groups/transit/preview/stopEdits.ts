/**
 * The stop preview's rules (spec 2 §5): a stop id is trimmed, must not be empty ("Stop Id must not be empty") and must
 * not be another stop's ("Stop Id must be unique"; the current id is allowed); it is saved only when it changed. The
 * name is trimmed and saved only when it changed. Answers the modification to make, or the error's key.
 */
import { TRANSIT_STOP, type GraphReader } from '@corridor/changesets';
import type { TransitModification, TransitStop } from '@corridor/contract';

export type StopIdError = 'stopIdEmpty' | 'stopIdTaken';

export function stopIdError(graph: GraphReader, current: string, value: string): StopIdError | undefined {
  const id = value.trim();
  if (id === '') return 'stopIdEmpty';
  if (id === current) return undefined;
  return graph.has(TRANSIT_STOP, id) || graph.base.has(TRANSIT_STOP, id) ? 'stopIdTaken' : undefined;
}

/** The update for a changed id or name; undefined when nothing changed or the id is not allowed. */
export function stopUpdate(graph: GraphReader, stop: TransitStop, field: 'id' | 'name', value: string): TransitModification | undefined {
  const trimmed = value.trim();
  if (field === 'id') {
    if (trimmed === stop.id || stopIdError(graph, stop.id, value)) return undefined;
    return { type: 'transitStop/update', id: stop.id, stop: { ...stop, id: trimmed } };
  }
  return trimmed === stop.name ? undefined : { type: 'transitStop/update', id: stop.id, stop: { ...stop, name: trimmed } };
}
