/**
 * Trips as MATSim's TripStructureUtils sees them: the elements between two non-stage activities ("… interaction"
 * activities are stages of a trip). Mode strategies work on trips, not legs.
 */
import type { Activity, Leg, Plan, PlanElement } from '@corridor/matsim';
import type { Trip } from '../core/trips.ts';
import { JAVA_STRING } from '@corridor/matsim';

export { isStageActivity, tripsOf, type Trip } from '../core/trips.ts';

/** The trip's mode: the legs' routingMode attribute, else the one non-walk leg mode, else the first leg's mode. */
export function tripMode(trip: Trip): string {
  for (const leg of trip.legs) {
    const routingMode = leg.attributes?.get('routingMode')?.text;
    if (routingMode) return routingMode;
  }
  const main = trip.legs.find((leg) => !leg.mode.includes('walk'));
  return (main ?? trip.legs[0])!.mode;
}

/** Where an activity is, for subtours: its link, else its facility, else its coordinate. */
export function locationOf(activity: Activity): string {
  if (activity.link !== undefined) return `link:${activity.link}`;
  if (activity.facility !== undefined) return `facility:${activity.facility}`;
  return `coord:${activity.x},${activity.y}`;
}

/**
 * Replaces each given trip with one route-less leg of `mode` (stage activities dropped, routingMode set), so the
 * router fills it. Trips are rewritten from the last so earlier element indices stay valid.
 */
export function setTripModes(plan: Plan, trips: readonly Trip[], mode: string): void {
  const sorted = [...trips].sort((a, b) => b.originIndex - a.originIndex);
  for (const trip of sorted) {
    const first = trip.legs[0]!;
    const leg: Leg = { kind: 'leg', mode, attributes: new Map([['routingMode', { class: JAVA_STRING, text: mode }]]) };
    if (first.depTime !== undefined) leg.depTime = first.depTime;
    const replacement: PlanElement[] = [leg];
    plan.elements.splice(trip.originIndex + 1, trip.destinationIndex - trip.originIndex - 1, ...replacement);
  }
}

/** A deep copy, so an innovative strategy never changes the plan it was copied from. */
export function copyPlan(plan: Plan): Plan {
  return structuredClone(plan);
}
