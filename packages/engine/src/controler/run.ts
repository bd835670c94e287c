/**
 * runEngine: MATSim's Controler loop (matsim-facts §3, §7) over the engine's parts. Per iteration: replanning
 * (from first + 1), routing of legs without routes, the mobsim with its events going to the experienced-plans
 * builder, the travel-time collector and (at writeEventsInterval and the last iteration) the events file; then
 * scoring with the learning rate and the statistics files. At the end the output_* files MATSim writes.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { getParam, writeOutput, writePopulation, type Person } from '@corridor/matsim';
import type { EventSink } from '../core/types.ts';
import { ModeStatsWriter, ScoreStatsWriter, StopwatchWriter, TravelDistanceStatsWriter } from '../analysis/index.ts';
import { runMobsim } from '../mobsim/mobsim.ts';
import { createRandom, currentPlan, distanceFactor, replan } from '../replanning/index.ts';
import { LeastCostRouter, disutilityFromScoring } from '../routing/router.ts';
import { TravelTimeCollector, freeSpeedTravelTimes } from '../routing/travel-times.ts';
import { ExperiencedPlansBuilder, scorePlan, scoringParamsFromConfig, scoringSubpopulations, updatedScore } from '../scoring/index.ts';
import type { ConfigOverride } from './args.ts';
import { SyncEventsFile } from './events-file.ts';
import { loadEngineScenario, type EngineScenario } from './load.ts';
import { errorText, openLog, type EngineLog } from './log.ts';
import { GZIP, outputDirectory, prepareOutputDirectory, writesEvents, writesPlans, type OutputDirectory } from './output.ts';
import { writeFinalOutputs, writeIterationCsvs } from './final-outputs.ts';
import { PlanRouting } from './plan-routing.ts';

export interface RunEngineOptions {
  configPath: string;
  overrides?: ConfigOverride[];
  /** Replaces controller.outputDirectory (relative paths resolve against the working directory, as in MATSim). */
  outputDir?: string;
  /** Receives every log line as it is written. */
  log?: (line: string) => void;
  /** Internal (tests): the fewest plans routed in worker threads (default PARALLEL_ROUTING_FROM). */
  parallelRoutingFrom?: number;
  /** Receives each iteration's stopwatch operations in milliseconds (benchmarks). */
  onIteration?: (iteration: number, durations: Record<string, number>) => void;
}

export interface RunEngineResult {
  /** Iterations run (lastIteration − firstIteration + 1). */
  iterations: number;
  outputDirectory: string;
}

const CONTROLER = 'AbstractController:137';

export async function runEngine(options: RunEngineOptions): Promise<RunEngineResult> {
  const scenario = await loadEngineScenario(options.configPath, options.overrides ?? [], options.outputDir);
  const { engine } = scenario;
  const root = resolve(engine.outputDirectory);
  prepareOutputDirectory(root, getParam(scenario.config, 'controller', 'overwriteFiles') ?? 'failIfDirectoryExists');
  const out = outputDirectory(root, engine.runId);
  const log = openLog(root, { echo: options.log });
  try {
    log.info('Controler:1', `Corridor built-in engine; config ${resolve(options.configPath)}`);
    log.memory();
    for (const moved of scenario.moved) {
      log.warn('PersonPrepareForSim:1', `Person ${moved.person}, activity ${moved.activity} (${moved.type}): link ${moved.from} is not in the network; the activity is moved to the nearest link ${moved.to} by its coordinates.`);
    }
    await iterate(scenario, out, log, options);
    log.info('Controler:2', 'dumping all data at the end');
    await writeFinalOutputs(scenario, out);
    log.memory();
    log.info('Controler:3', 'S H U T D O W N   ---   regular shutdown completed.');
  } catch (error) {
    log.error('Controler:4', errorText(error));
    throw error;
  } finally {
    log.close();
  }
  return { iterations: engine.lastIteration - engine.firstIteration + 1, outputDirectory: root };
}

async function iterate(scenario: EngineScenario, out: OutputDirectory, log: EngineLog, options: RunEngineOptions): Promise<void> {
  const { engine, sim, persons } = scenario;
  const range = { first: engine.firstIteration, last: engine.lastIteration };
  const scoreStats = new ScoreStatsWriter(out.file('scorestats.csv'));
  const modeStats = new ModeStatsWriter(out.file('modestats.csv'));
  const distanceStats = new TravelDistanceStatsWriter(out.file('traveldistancestats.csv'));
  const stopwatch = new StopwatchWriter(out.file('stopwatch.csv'));
  const disutility = disutilityFromScoring(engine.scoring);
  const writeTripsInterval = Number(getParam(scenario.config, 'controller', 'writeTripsInterval') ?? 50);
  const routingRandomness = Number(getParam(scenario.config, 'routing', 'routingRandomness') ?? 3);
  let travelTimes = freeSpeedTravelTimes(sim, engine.travelTimeBinSize);
  const threads = Math.max(1, Math.min(Number(getParam(scenario.config, 'global', 'numberOfThreads') ?? 2) || 1, availableParallelism()));
  const routing = new PlanRouting(sim, engine, disutility, threads, options.parallelRoutingFrom, (plans, count) =>
    log.info('PlanRouting:1', `routing ${plans} plans in ${count} threads`),
  );
  // Persons of a subpopulation with its own scoringParameters set are scored with that set.
  const scoringBySubpopulation = new Map(scoringSubpopulations(scenario.config).map((s) => [s, scoringParamsFromConfig(scenario.config, s)]));
  const scoringOf = (person: Person) => scoringBySubpopulation.get(person.attributes?.get('subpopulation')?.text ?? '') ?? engine.scoring;

  try {
    for (let iteration = range.first; iteration <= range.last; iteration++) {
      log.info(CONTROLER, `### ITERATION ${iteration} BEGINS`);
      stopwatch.beginIteration(iteration);
      ensureIterationDirectory(out, iteration);
      stopwatch.begin('iterationStartsListeners');
      stopwatch.end('iterationStartsListeners');
      log.memory();
      // MATSim reseeds per iteration, so an iteration's draws do not depend on how many earlier ones made.
      const random = createRandom(engine.randomSeed + iteration);
      const router = new LeastCostRouter(sim, travelTimes, disutility);
      // One log-normal distance-cost factor per rerouted plan (MATSim draws one per person).
      const reroute = (plan: Person['plans'][number]) =>
        routing.reroute(plan, { force: true, distanceFactor: distanceFactor(routingRandomness, random) }, router);

      if (iteration > range.first) {
        stopwatch.begin('replanning');
        replan(persons, engine.replanning, iteration, range, random, reroute, { brainExpBeta: engine.scoring.brainExpBeta });
        await routing.flush(router, travelTimes);
        stopwatch.end('replanning');
      }

      stopwatch.begin('beforeMobsimListeners');
      if (writesPlans(iteration, engine.writePlansInterval, range.first)) {
        stopwatch.begin('dump all plans');
        await writeOutput(out.iterationFile(iteration, 'plans.xml.gz'), writePopulation(persons, { header: scenario.populationHeader }), GZIP);
        stopwatch.end('dump all plans');
      }
      stopwatch.end('beforeMobsimListeners');

      stopwatch.begin('prepareForMobsim');
      await routing.prepare(persons.map(currentPlan), router, travelTimes);
      stopwatch.end('prepareForMobsim');

      stopwatch.begin('mobsim');
      const experienced = new ExperiencedPlansBuilder((id) => sim.length[sim.linkIndex.get(id) ?? -1] ?? 0, [], sim);
      const collector = new TravelTimeCollector(sim, engine.travelTimeBinSize);
      const eventsFile = writesEvents(iteration, engine.writeEventsInterval, range.last)
        ? new SyncEventsFile(out.iterationFile(iteration, 'events.xml.gz'))
        : undefined;
      const toPlans = experienced.handleEvent;
      const toTimes = collector.handle;
      const toFile = eventsFile?.add;
      // Called for every event: a fixed function rather than a loop over listeners.
      const sink: EventSink =
        toFile === undefined
          ? (event, vehicle, link) => {
              toPlans(event, vehicle, link);
              toTimes(event, vehicle, link);
            }
          : (event, vehicle, link) => {
              toPlans(event, vehicle, link);
              toTimes(event, vehicle, link);
              toFile(event, vehicle, link);
            };
      let result: ReturnType<typeof runMobsim>;
      try {
        result = runMobsim({
          network: sim,
          persons,
          config: engine,
          sink,
            random: createRandom(engine.randomSeed * 31 + iteration),
          onDriven: experienced.drove,
        });
      } catch (error) {
        await eventsFile?.discard();
        throw error;
      }
      await eventsFile?.close();
      stopwatch.end('mobsim');
      // Nothing listens after the mobsim here; the marks keep stopwatch.csv's columns in MATSim's order.
      stopwatch.begin('afterMobsimListeners');
      stopwatch.end('afterMobsimListeners');
      if (result.stuck > 0) log.warn('QSim:1', `${result.stuck} agents got stuck and were removed (stuckAndAbort).`);

      stopwatch.begin('scoring');
      const plans = experienced.finish();
      for (const person of persons) {
        const plan = plans.get(person.id);
        const selected = currentPlan(person);
        const extras = experienced.extras(person.id);
        const scoring = scoringOf(person);
        // A person without any event (no plan elements executed) still gets a score, as MATSim scores every agent.
        const score = scorePlan(plan ?? { selected: true, elements: [] }, scoring, { money: extras.money, stuck: extras.stuckTime !== undefined });
        selected.score = updatedScore(selected.score, score, scoring.learningRate);
      }
      stopwatch.end('scoring');

      stopwatch.begin('iterationEndsListeners');
      await scoreStats.add(iteration, persons);
      await modeStats.add(iteration, persons.map(currentPlan));
      await distanceStats.add(iteration, plans.values());
      if (writesEvents(iteration, writeTripsInterval, range.last)) await writeIterationCsvs(scenario, out, iteration, plans);
      stopwatch.end('iterationEndsListeners');
      scenario.lastExperienced = plans;
      travelTimes = collector.travelTimes();
      log.info(CONTROLER, `### ITERATION ${iteration} ENDS`);
      await stopwatch.endIteration();
      options.onIteration?.(iteration, stopwatch.durations(iteration));
    }
  } finally {
    await routing.close();
  }
}

function ensureIterationDirectory(out: OutputDirectory, iteration: number): void {
  // MATSim creates ITERS/it.N for every iteration, whether anything is written into it or not.
  mkdirSync(out.iterationDirectory(iteration), { recursive: true });
}
