/**
 * Trips of a plan and their main modes, as MATSim's TripStructureUtils and DefaultAnalysisMainModeIdentifier
 * see them (matsim-facts §8): a trip runs between two non-stage activities; stage activities are
 * `"<mode> interaction"`.
 */
import type { Activity, Leg, Plan } from '@corridor/matsim';

export interface Trip {
  origin: Activity;
  destination: Activity;
  legs: Leg[];
  /** Stage activities between the legs. */
  stages: Activity[];
}

export function isStageActivity(type: string): boolean {
  return type.endsWith(' interaction');
}

/** The trips of a plan; a plan that ends with an unfinished trip (stuck agent) drops that trip. */
export function tripsOf(plan: Plan): Trip[] {
  const trips: Trip[] = [];
  let origin: Activity | undefined;
  let legs: Leg[] = [];
  let stages: Activity[] = [];
  for (const element of plan.elements) {
    if (element.kind === 'leg') legs.push(element);
    else if (isStageActivity(element.type)) stages.push(element);
    else {
      if (origin) trips.push({ origin, destination: element, legs, stages });
      origin = element;
      legs = [];
      stages = [];
    }
  }
  return trips;
}

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
