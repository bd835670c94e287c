/**
 * What MATSim's DumpDataAtEnd leaves in the output directory (matsim-facts §3): output_plans, output_network,
 * output_config (new module names), output_events copied from the last iteration, and the trips/legs/activities/
 * persons CSVs from the last iteration's experienced plans.
 */
import { copyFileSync, existsSync } from 'node:fs';
import type { Plan } from '@corridor/matsim';
import { withNaming, writeConfig, writeNetwork, writeOutput, writePopulation } from '@corridor/matsim';
import { writeActivitiesCsv, writeLegsCsv, writePersonsCsv, writeTripsCsv, type LinkCoord } from '../analysis/index.ts';
import type { SimNetwork } from '../core/types.ts';
import type { EngineScenario } from './load.ts';
import { GZIP, type OutputDirectory } from './output.ts';

export async function writeFinalOutputs(scenario: EngineScenario, out: OutputDirectory): Promise<void> {
  const { engine, sim, persons } = scenario;
  const gzip = GZIP;
  copyFileSync(out.iterationFile(engine.lastIteration, 'events.xml.gz'), out.file('output_events.xml.gz'));
  await writeOutput(out.file('output_plans.xml.gz'), writePopulation(persons, { header: scenario.populationHeader }), gzip);
  await writeOutput(out.file('output_network.xml.gz'), writeNetwork(scenario.network), gzip);
  await writeOutput(out.file('output_config.xml'), writeConfig(withNaming(scenario.config, 'new'), { style: 'matsim' }));

  const linkCoord = linkCoordOf(sim);
  const experienced = scenario.lastExperienced ?? new Map();
  // The last iteration always writes its trips, legs and activities (writeTripsInterval): the same files.
  const csvs = [
    ['trips.csv.gz', writeTripsCsv],
    ['legs.csv.gz', writeLegsCsv],
    ['activities.csv.gz', writeActivitiesCsv],
  ] as const;
  for (const [name, write] of csvs) {
    const written = out.iterationFile(engine.lastIteration, name);
    if (existsSync(written)) copyFileSync(written, out.file(`output_${name}`));
    else await writeOutput(out.file(`output_${name}`), write(experienced, linkCoord), gzip);
  }
  await writeOutput(out.file('output_persons.csv.gz'), writePersonsCsv(persons, linkCoord), gzip);
}

/** The coordinate MATSim uses for a link: its to-node. */
function linkCoordOf(sim: SimNetwork): LinkCoord {
  return (id) => {
    const link = sim.linkIndex.get(id);
    if (link === undefined) return undefined;
    const node = sim.to[link]!;
    return { x: sim.x[node]!, y: sim.y[node]! };
  };
}

/** ITERS/it.N/N.trips|legs|activities.csv.gz, written at controller.writeTripsInterval like MATSim. */
export async function writeIterationCsvs(scenario: EngineScenario, out: OutputDirectory, iteration: number, experienced: Map<string, Plan>): Promise<void> {
  const linkCoord = linkCoordOf(scenario.sim);
  const gzip = GZIP;
  await writeOutput(out.iterationFile(iteration, 'trips.csv.gz'), writeTripsCsv(experienced, linkCoord), gzip);
  await writeOutput(out.iterationFile(iteration, 'legs.csv.gz'), writeLegsCsv(experienced, linkCoord), gzip);
  await writeOutput(out.iterationFile(iteration, 'activities.csv.gz'), writeActivitiesCsv(experienced, linkCoord), gzip);
}
