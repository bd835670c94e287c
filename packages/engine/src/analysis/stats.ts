/**
 * The root statistics files MATSim rewrites after every iteration (matsim-facts §3, §8): scorestats, modestats and
 * traveldistancestats. Each writer keeps all rows so far and rewrites the whole file atomically, so a runner
 * watching the output directory never sees a half-written file.
 */
import { formatJavaDouble, selectedPlan, writeOutput, type Person, type Plan } from '@corridor/matsim';
import { mainModeOf, tripsOf } from './trips.ts';

const mean = (values: number[]) => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);

/** One scorestats row from persons' plans; plans without a score are skipped as MATSim does. */
export function scoreStatsOf(persons: Iterable<Person>): { executed: number; worst: number; average: number; best: number } {
  const executed: number[] = [];
  const worst: number[] = [];
  const average: number[] = [];
  const best: number[] = [];
  for (const person of persons) {
    const scores = person.plans.map((p) => p.score).filter((s): s is number => s !== undefined && !Number.isNaN(s));
    const selected = selectedPlan(person)?.score;
    if (selected !== undefined && !Number.isNaN(selected)) executed.push(selected);
    if (scores.length === 0) continue;
    worst.push(Math.min(...scores));
    best.push(Math.max(...scores));
    average.push(mean(scores));
  }
  return { executed: mean(executed), worst: mean(worst), average: mean(average), best: mean(best) };
}

export class ScoreStatsWriter {
  private readonly rows: string[] = [];
  constructor(private readonly path: string) {}

  async add(iteration: number, persons: Iterable<Person>): Promise<void> {
    const s = scoreStatsOf(persons);
    this.rows.push([iteration, ...[s.executed, s.worst, s.average, s.best].map(formatJavaDouble)].join(';'));
    await writeOutput(this.path, [`iteration;avg_executed;avg_worst;avg_average;avg_best\n`, ...this.rows.map((r) => `${r}\n`)]);
  }
}

/** Shares of main modes over all trips of the given (selected) plans. */
export function modeSharesOf(plans: Iterable<Plan>): Map<string, number> {
  const counts = new Map<string, number>();
  let total = 0;
  for (const plan of plans) {
    for (const trip of tripsOf(plan)) {
      const mode = mainModeOf(trip.legs.map((l) => l.mode));
      counts.set(mode, (counts.get(mode) ?? 0) + 1);
      total++;
    }
  }
  return new Map([...counts].map(([mode, n]) => [mode, n / total]));
}

export class ModeStatsWriter {
  private readonly rows: { iteration: number; shares: Map<string, number> }[] = [];
  private readonly modes = new Set<string>();
  constructor(private readonly path: string) {}

  /** `plans`: each person's selected plan. */
  async add(iteration: number, plans: Iterable<Plan>): Promise<void> {
    const shares = modeSharesOf(plans);
    for (const mode of shares.keys()) this.modes.add(mode);
    this.rows.push({ iteration, shares });
    // Modes seen in later iterations are back-filled with 0.0 in earlier rows.
    const modes = [...this.modes].sort();
    const lines = this.rows.map((r) => [r.iteration, ...modes.map((m) => formatJavaDouble(r.shares.get(m) ?? 0))].join(';'));
    await writeOutput(this.path, [`iteration;${modes.join(';')}\n`, ...lines.map((l) => `${l}\n`)]);
  }
}

/** Average leg and trip distance (m) over experienced plans: totals divided by counts. */
export function travelDistancesOf(plans: Iterable<Plan>): { leg: number; trip: number } {
  let legDistance = 0;
  let legs = 0;
  let tripDistance = 0;
  let trips = 0;
  for (const plan of plans) {
    for (const trip of tripsOf(plan)) {
      const distance = trip.legs.reduce((sum, leg) => sum + (leg.route?.distance ?? 0), 0);
      legDistance += distance;
      legs += trip.legs.length;
      tripDistance += distance;
      trips++;
    }
  }
  return { leg: legDistance / legs, trip: tripDistance / trips };
}

export class TravelDistanceStatsWriter {
  private readonly rows: string[] = [];
  constructor(private readonly path: string) {}

  async add(iteration: number, experiencedPlans: Iterable<Plan>): Promise<void> {
    const d = travelDistancesOf(experiencedPlans);
    this.rows.push(`${iteration};${formatJavaDouble(d.leg)};${formatJavaDouble(d.trip)}`);
    await writeOutput(this.path, [`ITERATION;avg. Average Leg distance;avg. Average Trip distance\n`, ...this.rows.map((r) => `${r}\n`)]);
  }
}
