// The built-in engine on berlin-medium (27,770 links, 15,931 car commuters; issue 31 asks for one iteration in
// < 8 s and < 500 MB) for 1 and 5 iterations, and the scale run: 10 × berlin-medium's population (159,310 agents,
// `synthetic-population.ts`, generated once into the temp folder) on the same network for 1 iteration (< 90 s and
// < 2 GB). Each run is its own Node process, so the peak RSS is that run's own. Reports the wall time of runEngine
// (not Node/tsx start-up), its phases — loading, and per iteration (summed) replanning, prepareForMobsim (routing),
// mobsim, scoring, writing (plans dumps, the iteration's statistics and CSVs, the final output files) — from the
// log's and the stopwatch's times in ms, peak RSS and agents × iterations per second. Events are written as MATSim's
// defaults say: iteration 0 and the last iteration. Output goes to a temp folder that is removed afterwards.
// newwest (450 agents without routes, 72k links) shows routing per agent, next to Java MATSim's own log of it.
// The "before" rows are the same runs measured on the engine before issue 31 (commit f54b562, this machine).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runEngine } from '../packages/engine/src/controler/run.ts';
import { multiplyPopulation } from './synthetic-population.ts';

const DATA = fileURLToPath(new URL('../../shared/data/berlin-medium/', import.meta.url));
const CONFIG = join(DATA, 'config.xml');
const NEWWEST = fileURLToPath(new URL('../../shared/data/output-newwest-2024/', import.meta.url));
const PLANS = join(DATA, 'plans_hwh_1pct.xml.gz');
const SCALE = 10;

const PHASES = ['load', 'replanning', 'prepare', 'mobsim', 'scoring', 'writing'] as const;
type Phase = (typeof PHASES)[number];

interface Measurement {
  iterations: number;
  seconds: number;
  phases: Record<Phase, number>;
  peakRssMb: number;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** berlin-medium with its plans file, or newwest (450 agents without routes, so all are routed first). */
function scenarioOf(plans: string): { config: string; overrides: { module: string; param: string; value: string }[] } {
  if (plans !== 'newwest') return { config: CONFIG, overrides: [{ module: 'plans', param: 'inputPlansFile', value: plans }] };
  // newwest's input folder lacks its network; the run's output network is the same network.
  return { config: join(NEWWEST, 'input/config.xml'), overrides: [{ module: 'network', param: 'inputNetworkFile', value: join(NEWWEST, 'output_network.xml.gz') }] };
}

/** Java MATSim's routing of newwest from its log: SpeedyALT's set-up, then PersonPrepareForSim over the 450 agents. */
function javaNewwestRouting(): string {
  const log = readFileSync(join(NEWWEST, 'logfile.log'), 'utf8').split('\n');
  const at = (text: string) => {
    const line = log.find((entry) => entry.includes(text));
    const m = line && /T(\d+):(\d+):(\d+),(\d+)/.exec(line);
    return m ? ((+m[1]! * 60 + +m[2]!) * 60 + +m[3]!) * 1000 + +m[4]! : NaN;
  };
  const setUp = at('SpeedyALTData');
  // The first pass over the population (a second, without routing, follows before the mobsim); Counter:75 is its last line.
  const firstPerson = at('[PersonPrepareForSim] handled person # 1');
  const lastPerson = at('Counter:75 [PersonPrepareForSim]');
  const threads = /name="numberOfThreads" value="(\d+)"/.exec(readFileSync(join(NEWWEST, 'output_config.xml'), 'utf8'))?.[1] ?? '?';
  return `Java MATSim 2024 on newwest (its logfile.log; 12 cores, global.numberOfThreads ${threads}): routing set-up (SpeedyALT) ${s(firstPerson - setUp)}, PersonPrepareForSim ${s(lastPerson - firstPerson)} for 450 agents`;
}

async function measure(iterations: number, plans: string): Promise<Measurement> {
  const dir = mkdtempSync(join(tmpdir(), 'corridor-bench-engine-'));
  const phases: Record<Phase, number> = { load: 0, replanning: 0, prepare: 0, mobsim: 0, scoring: 0, writing: 0 };
  try {
    const start = performance.now();
    let firstIteration: number | undefined;
    let finalOutputs: number | undefined;
    const scenario = scenarioOf(plans);
    await runEngine({
      configPath: scenario.config,
      overrides: [{ module: 'controler', param: 'lastIteration', value: String(iterations - 1) }, ...scenario.overrides],
      outputDir: join(dir, 'out'),
      log: (line) => {
        if (firstIteration === undefined && line.includes('### ITERATION')) firstIteration = performance.now();
        if (line.includes('dumping all data at the end')) finalOutputs = performance.now();
      },
      onIteration: (_iteration, d) => {
        phases.replanning += d.replanning ?? 0;
        phases.prepare += d.prepareForMobsim ?? 0;
        phases.mobsim += d.mobsim ?? 0;
        phases.scoring += d.scoring ?? 0;
        phases.writing += (d['dump all plans'] ?? 0) + (d.iterationEndsListeners ?? 0);
      },
    });
    const end = performance.now();
    phases.load = (firstIteration ?? end) - start;
    phases.writing += end - (finalOutputs ?? end);
    return { iterations, seconds: (end - start) / 1000, phases, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function inChild(iterations: number, plans: string): Measurement {
  const file = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file, '--measure', String(iterations), plans], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`engine run failed:\n${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as Measurement;
}

/** The 10 × population, made once per temp folder (about 10 s). */
async function scalePlans(): Promise<{ path: string; agents: number; note?: string }> {
  const path = join(tmpdir(), `corridor-bench-berlin-x${SCALE}.xml.gz`);
  if (existsSync(path)) return { path, agents: 0 };
  const start = performance.now();
  const agents = await multiplyPopulation(PLANS, `${path}.partial`, SCALE);
  renameSync(`${path}.partial`, path);
  return { path, agents, note: `generated ${agents.toLocaleString('en')} agents (${SCALE} × berlin-medium) in ${((performance.now() - start) / 1000).toFixed(1)} s` };
}


/**
 * Before issue 31 (f54b562), measured on this machine on 2026-11-29 with the same runs (quiet machine; the phases
 * from stopwatch.csv, whole seconds; – where that run did not measure the phase apart).
 */
const BEFORE: { label: string; cells: string[] }[] = [
  { label: 'berlin-medium, 1 iteration (before)', cells: ['18.9 s', '1.6 s', '–', '0 s', '14 s', '0 s', '2.5 s', '645 MB'] },
  { label: `${SCALE} × berlin-medium, 1 iteration (before)`, cells: ['257.7 s', '–', '–', '1 s', '200 s', '0 s', '–', '2717 MB'] },
];

async function main(): Promise<void> {
  const berlinAgents = 15_931;
  const rows = [['run', 'wall', ...PHASES, 'peak RSS', 'agents × iterations / s']];
  const row = (label: string, m: Measurement, agents: number) =>
    rows.push([label, `${m.seconds.toFixed(1)} s`, ...PHASES.map((p) => s(m.phases[p])), `${m.peakRssMb.toFixed(0)} MB`, Math.round((agents * m.iterations) / m.seconds).toLocaleString('en')]);
  for (const before of BEFORE) rows.push([before.label, ...before.cells, '']);
  for (const iterations of [1, 5]) row(`berlin-medium, ${iterations} iteration${iterations > 1 ? 's' : ''}`, inChild(iterations, PLANS), berlinAgents);
  row('newwest (450 agents, all routed first), 1 iteration', inChild(1, 'newwest'), 450);
  const scale = await scalePlans();
  row(`${SCALE} × berlin-medium (${(berlinAgents * SCALE).toLocaleString('en')} agents), 1 iteration`, inChild(1, scale.path), berlinAgents * SCALE);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  console.log('phases: load = reading config, network and plans; prepare = prepareForMobsim (routing); writing = plans dumps, statistics, CSVs and the final output files');
  console.log(javaNewwestRouting());
  if (scale.note) console.log(scale.note);
  if (process.env.BENCH_KEEP !== '1') rmSync(scale.path, { force: true });
}

const args = process.argv.slice(2);
if (args[0] === '--measure') {
  console.log(JSON.stringify(await measure(Number(args[1]), args[2]!)));
} else {
  await main();
}
