/**
 * Link analyses on the network layer (spec 3 §3 "Dynamic analysis control", §7): the time filter a section asks
 * for, and an answer (link id → value) laid onto the network's link order through the lookup. Unknown link ids are
 * skipped with a console warning (spec 3 §8).
 */
import type { VisTimeFilter } from '@corridor/contract';
import type { AnalysisControl } from './layers.ts';
import { syncedWindow } from './time.ts';

/** The section's time filter at the global time: none (off), the synced fixed window, or the custom from–to. */
export function analysisTimeFilter(control: AnalysisControl, time: number): VisTimeFilter | undefined {
  if (control.time === 'off') return undefined;
  if (control.time === 'sync') return syncedWindow(time, control.window);
  return { from: Math.min(control.from, control.to), to: Math.max(control.from, control.to) };
}

/** Link id → position in the network binary's order. */
export function linkIndex(lookup: readonly string[]): Map<string, number> {
  return new Map(lookup.map((id, index) => [id, index]));
}

/**
 * One value per link; a link the answer omits had no traffic (the server leaves zero volumes out) and counts 0, so
 * it is coloured like the smallest value instead of vanishing. Ids the network does not have are skipped with a
 * warning.
 */
export function valuesByLink(answer: Readonly<Record<string, number>>, index: ReadonlyMap<string, number>, count: number): Float32Array {
  const values = new Float32Array(count);
  const unknown: string[] = [];
  for (const [id, value] of Object.entries(answer)) {
    const at = index.get(id);
    if (at === undefined) unknown.push(id);
    else values[at] = value;
  }
  if (unknown.length > 0) console.warn(`Skipped ${unknown.length} unknown link id(s) in the analysis answer: ${unknown.slice(0, 5).join(', ')}`);
  return values;
}
