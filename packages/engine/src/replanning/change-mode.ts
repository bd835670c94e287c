/**
 * ChangeTripMode / ChangeLegMode: one new mode, different from the current one, for all trips of the plan;
 * ChangeSingleTripMode: a new mode for one random trip. Only trips whose mode is in `changeMode.modes` are
 * changed (MATSim's default fromSpecifiedModesToSpecifiedModes). The changed trips lose their routes.
 */
import type { Plan } from '@corridor/matsim';
import { randomElement, type Random } from '../core/random.ts';
import { setTripModes, tripMode, tripsOf } from './trips.ts';

function otherMode(current: string, modes: readonly string[], random: Random): string | undefined {
  const choices = modes.filter((mode) => mode !== current);
  return choices.length === 0 ? undefined : randomElement(random, choices);
}

/** Returns whether the plan changed. */
export function changeTripMode(plan: Plan, modes: readonly string[], random: Random): boolean {
  const trips = tripsOf(plan).filter((trip) => modes.includes(tripMode(trip)));
  if (trips.length === 0) return false;
  const mode = otherMode(tripMode(trips[0]!), modes, random);
  if (mode === undefined) return false;
  setTripModes(plan, trips, mode);
  return true;
}

export function changeSingleTripMode(plan: Plan, modes: readonly string[], random: Random): boolean {
  const trips = tripsOf(plan).filter((trip) => modes.includes(tripMode(trip)));
  if (trips.length === 0) return false;
  const trip = randomElement(random, trips);
  const mode = otherMode(tripMode(trip), modes, random);
  if (mode === undefined) return false;
  setTripModes(plan, [trip], mode);
  return true;
}
