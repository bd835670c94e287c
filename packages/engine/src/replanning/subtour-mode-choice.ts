/**
 * SubtourModeChoice: pick one subtour (a chain of trips that returns to where it started) and give its own trips
 * (not those of nested subtours) one new mode from `subtourModeChoice.modes`. A chain-based mode (a car, a bike)
 * has to come back to where it left, so it is offered only for closed subtours, and only when the enclosing
 * subtour uses the same mode or there is none; a subtour whose chain-based vehicle a nested subtour depends on is
 * left alone.
 */
import type { Activity, Plan } from '@corridor/matsim';
import { randomElement, type Random } from '../core/random.ts';
import { locationOf, setTripModes, tripMode, tripsOf, type Trip } from './trips.ts';

export interface Subtour {
  /** Indices into tripsOf(plan) of the trips that belong to this subtour and no nested one. */
  trips: number[];
  closed: boolean;
  parent: Subtour | undefined;
  children: Subtour[];
}

/** Subtours by location: a trip ending where an open trip started closes everything from that trip on. */
export function subtoursOf(plan: Plan, trips: readonly Trip[] = tripsOf(plan)): Subtour[] {
  const location = (index: number) => locationOf(plan.elements[index] as Activity);
  const open: { trip: number; origin: string; closedChildren: Subtour[] }[] = [];
  const subtours: Subtour[] = [];
  trips.forEach((trip, index) => {
    open.push({ trip: index, origin: location(trip.originIndex), closedChildren: [] });
    const destination = location(trip.destinationIndex);
    for (let start = open.length - 1; start >= 0; start--) {
      if (open[start]!.origin !== destination) continue;
      const members = open.splice(start);
      const subtour: Subtour = { trips: members.map((m) => m.trip), closed: true, parent: undefined, children: [] };
      for (const member of members) {
        for (const child of member.closedChildren) {
          child.parent = subtour;
          subtour.children.push(child);
        }
      }
      subtours.push(subtour);
      // The enclosing subtour (still open) adopts this one once it closes.
      if (open.length > 0) open[open.length - 1]!.closedChildren.push(subtour);
      break;
    }
  });
  if (open.length > 0) {
    const rest: Subtour = { trips: open.map((m) => m.trip), closed: false, parent: undefined, children: [] };
    for (const member of open) for (const child of member.closedChildren) (child.parent = rest), rest.children.push(child);
    subtours.push(rest);
  }
  return subtours;
}

/** Returns whether the plan changed. */
export function subtourModeChoice(
  plan: Plan,
  options: { modes: readonly string[]; chainBasedModes: readonly string[] },
  random: Random,
): boolean {
  const trips = tripsOf(plan);
  const modeOf = (subtour: Subtour) => {
    const modes = new Set(subtour.trips.map((i) => tripMode(trips[i]!)));
    return modes.size === 1 ? [...modes][0]! : undefined;
  };
  const allTripModes = (subtour: Subtour): string[] => [
    ...subtour.trips.map((i) => tripMode(trips[i]!)),
    ...subtour.children.flatMap(allTripModes),
  ];
  const candidates = subtoursOf(plan, trips).flatMap((subtour) => {
    const current = subtour.trips.map((i) => tripMode(trips[i]!));
    if (current.length === 0 || !current.every((mode) => options.modes.includes(mode))) return [];
    const lockedVehicle = current.some(
      (mode) => options.chainBasedModes.includes(mode) && subtour.children.flatMap(allTripModes).includes(mode),
    );
    if (lockedVehicle) return [];
    const parentMode = subtour.parent ? modeOf(subtour.parent) : undefined;
    const single = modeOf(subtour);
    const choices = options.modes.filter((mode) => {
      if (mode === single) return false;
      if (!options.chainBasedModes.includes(mode)) return true;
      return subtour.closed && (subtour.parent === undefined || parentMode === mode);
    });
    return choices.length === 0 ? [] : [{ subtour, choices }];
  });
  if (candidates.length === 0) return false;
  const { subtour, choices } = randomElement(random, candidates);
  setTripModes(plan, subtour.trips.map((i) => trips[i]!), randomElement(random, choices));
  return true;
}
