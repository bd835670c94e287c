/**
 * What the population and transit views show instead of the file (spec 1 §2.13): counts read from the file in one
 * streaming pass (persons one at a time), compressed or not. No HTTP, no database.
 */
import type { PopulationSummary, TransitSummary } from '@corridor/contract';
import { readTransitSchedule, selectedPlan, streamPersons, type Input, type InputOptions } from '@corridor/matsim';

export type SummaryKind = 'population' | 'transit';

/** Which summary a file's tag has; undefined for files without one. */
export function summaryKindOf(tag: string | null): SummaryKind | undefined {
  if (tag === 'plans_v4' || tag === 'population_v5' || tag === 'population_v6') return 'population';
  if (tag === 'transitSchedule_v1' || tag === 'transitSchedule_v2') return 'transit';
  return undefined;
}

/** Counts by name, most frequent first (ties by name). */
class Tally {
  private readonly counts = new Map<string, number>();
  add(name: string, by = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + by);
  }
  sorted(): [string, number][] {
    return [...this.counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  }
}

export async function summarizePopulation(input: Input, options: InputOptions = {}): Promise<PopulationSummary> {
  let persons = 0;
  let plans = 0;
  let selectedPlans = 0;
  const activities = new Tally();
  const legs = new Tally();
  const subpopulations = new Tally();
  for await (const person of streamPersons(input, options)) {
    persons++;
    plans += person.plans.length;
    // MATSim's rule: the plan marked selected, else the first one.
    if (selectedPlan(person)) selectedPlans++;
    subpopulations.add(person.attributes?.get('subpopulation')?.text ?? '');
    for (const plan of person.plans) {
      for (const element of plan.elements) {
        if (element.kind === 'activity') activities.add(element.type);
        else legs.add(element.mode);
      }
    }
  }
  return {
    kind: 'population',
    persons,
    plans,
    selectedPlans,
    activities: activities.sorted().map(([type, count]) => ({ type, count })),
    legs: legs.sorted().map(([mode, count]) => ({ mode, count })),
    subpopulations: subpopulations.sorted().map(([name, count]) => ({ name, count })),
  };
}

export async function summarizeTransit(input: Input, options: InputOptions = {}): Promise<TransitSummary> {
  const schedule = await readTransitSchedule(input, options);
  let routes = 0;
  let departures = 0;
  const modeRoutes = new Tally();
  const modeDepartures = new Map<string, number>();
  for (const line of schedule.lines.values()) {
    for (const route of line.routes.values()) {
      routes++;
      departures += route.departures.length;
      modeRoutes.add(route.transportMode);
      modeDepartures.set(route.transportMode, (modeDepartures.get(route.transportMode) ?? 0) + route.departures.length);
    }
  }
  return {
    kind: 'transit',
    stops: schedule.stops.size,
    lines: schedule.lines.size,
    routes,
    departures,
    modes: modeRoutes.sorted().map(([mode, count]) => ({ mode, routes: count, departures: modeDepartures.get(mode) ?? 0 })),
  };
}
