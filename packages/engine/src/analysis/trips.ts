/**
 * Trips of a plan and their main modes, as MATSim's TripStructureUtils and DefaultAnalysisMainModeIdentifier
 * see them (matsim-facts §8): a trip runs between two non-stage activities; stage activities are
 * `"<mode> interaction"`.
 */

export { isStageActivity, tripsOf, type Trip } from '../core/trips.ts';

const HIERARCHY = [
  'non_network_walk', 'undefined', 'transit_walk', 'other', 'walk', 'bike', 'taxi', 'drt', 'ride', 'motorcycle',
  'truck', 'car', 'pt', 'train', 'ship', 'airplane', 'freight',
];
const WALK_LIKE = new Set(['non_network_walk', 'transit_walk', 'walk']);

/** The analysis main mode of a trip's leg modes. */
export function mainModeOf(modes: readonly string[]): string {
  let best = -1;
  const unknown = new Set<string>();
  for (const mode of modes) {
    const rank = HIERARCHY.indexOf(mode);
    if (rank < 0) unknown.add(mode);
    else best = Math.max(best, rank);
  }
  if (unknown.size === 0) {
    if (best < 0) throw new Error('analysis: a trip without legs has no main mode');
    return HIERARCHY[best]!;
  }
  // An unknown mode (e.g. a custom network mode) wins only when the rest is walking.
  const only = [...unknown][0]!;
  if (unknown.size === 1 && modes.every((m) => m === only || WALK_LIKE.has(m))) return only;
  throw new Error(`analysis: cannot identify the main mode of a trip with modes ${modes.join(', ')}`);
}
