/**
 * Stop groups (spec 2 §4 "Transit rules"): stops are drawn and picked as groups. Stops are projected to metres
 * around their latitude and merged when they fall into the same one-metre cell, as the several stop facilities of
 * one platform (one per direction or per link) usually do. A group is named after its first stop.
 */
import type { TransitStop } from '@corridor/contract';
import type { LngLat } from '../../state/types.ts';

/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;
/** The cell size stops merge within. */
export const STOP_GROUP_METRES = 1;

export interface StopGroup {
  /** The first stop's id: what a selection or a search names the group by. */
  readonly id: string;
  readonly stops: readonly string[];
  readonly position: LngLat;
  /** The first stop's name, else its id. */
  readonly name: string;
}

function cellOf([lng, lat]: readonly [number, number]): string {
  const x = Math.floor((lng * METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)) / STOP_GROUP_METRES);
  const y = Math.floor((lat * METRES_PER_DEGREE) / STOP_GROUP_METRES);
  return `${x}:${y}`;
}

/** The stop groups of the stops, in the order their first stops come. */
export function stopGroups(stops: Iterable<TransitStop>): StopGroup[] {
  const byCell = new Map<string, { first: TransitStop; stops: string[] }>();
  for (const stop of stops) {
    const cell = cellOf(stop.coordinates);
    const group = byCell.get(cell);
    if (group) group.stops.push(stop.id);
    else byCell.set(cell, { first: stop, stops: [stop.id] });
  }
  return [...byCell.values()].map(({ first, stops: ids }) => ({ id: first.id, stops: ids, position: first.coordinates, name: first.name || first.id }));
}
