/**
 * Trips as MATSim's TripStructureUtils sees them: the elements between two non-stage activities; stage activities
 * (`"<mode> interaction"`) belong to the trip. Analysis reads trips; mode strategies rewrite them by index.
 */
import type { Activity, Leg, Plan } from '@corridor/matsim';

export function isStageActivity(activity: Pick<Activity, 'type'>): boolean {
  return activity.type.endsWith(' interaction');
}

export interface Trip {
  origin: Activity;
  destination: Activity;
  /** Element indices of the origin and destination activities in the plan. */
  originIndex: number;
  destinationIndex: number;
  legs: Leg[];
  /** Stage activities between the legs. */
  stages: Activity[];
}

/** The trips of a plan; a plan that ends with an unfinished trip (stuck agent) drops that trip. */
export function tripsOf(plan: Plan): Trip[] {
  const trips: Trip[] = [];
  let origin: Activity | undefined;
  let originIndex = -1;
  let legs: Leg[] = [];
  let stages: Activity[] = [];
  plan.elements.forEach((element, index) => {
    if (element.kind === 'leg') legs.push(element);
    else if (isStageActivity(element)) stages.push(element);
    else {
      if (origin) trips.push({ origin, destination: element, originIndex, destinationIndex: index, legs, stages });
      origin = element;
      originIndex = index;
      legs = [];
      stages = [];
    }
  });
  return trips;
}
