/**
 * `corridor-runner watch` end to end (issue 17): a real server on a free port, a writer process that produces a
 * MATSim output folder over time from equil's real run (matsim-writer.mjs), and the watch client as its own
 * process with an API key, as a user starts it next to a MATSim run. The external run goes STARTED → iterations →
 * FINISHED with its statistics and outputs; a writer that dies before the end makes it FAILED.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CreatedApiKey, DEFAULT_RUN_OUTPUT_MAX_FILES, RUN_OUTPUT_MESSAGES } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from '../../server/test/harness.ts';
import { addUser, SHARED_DATA, type Session } from '../../server/test/workspace-helpers.ts';
import { listOutputFiles } from '../src/job/outputs.ts';
import { finalOutputs } from '../src/watch/final-outputs.ts';
import { processGone } from '../src/watch/watcher.ts';
import { pollUntil } from './support.ts';

const RUNNER_BIN = fileURLToPath(new URL('../bin/corridor-runner.mjs', import.meta.url));
const WRITER = fileURLToPath(new URL('./matsim-writer.mjs', import.meta.url));
const EQUIL = path.join(SHARED_DATA, 'output-equil-2024');

let t: TestApp;
let admin: string;
let alice: Session;
let apiKey: string;
let serverUrl: string;
let workDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  const created = await t.app.inject({ method: 'POST', url: `${API}/accounts/users/${alice.userId}/apikeys`, headers: { cookie: alice.cookie }, payload: { description: 'laptop' } });
  apiKey = CreatedApiKey.parse(created.json()).data.data;
  workDir = await mkdtemp(path.join(tmpdir(), 'watch-test-'));
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await t?.close();
  await rm(workDir, { recursive: true, force: true });
});

/** A process of its own whose output lines are kept. */
function start(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

function watch(outputDir: string, args: string[]) {
  // The key from the environment, as the README suggests (it does not show in `ps`).
  return start([RUNNER_BIN, 'watch', '--server', serverUrl, ...args, outputDir], { CORRIDOR_API_KEY: apiKey });
}

async function get<T>(url: string): Promise<T> {
  const response = await t.app.inject({ url: `${API}${url}`, headers: { cookie: alice.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

type RunState = { status: string | null; currentIteration: number; external: boolean; message: string | null };
const runOf = async (name: string) => (await get<{ id: number; name: string }[]>('/datasets/runs')).find((r) => r.name === name);
const stateOf = async (id: number) => (await get<{ run: RunState }>(`/datasets/run/${id}`)).run;
const logOf = async (id: number) => {
  const files = await get<{ id: number; type: string }[]>(`/datasets/datasets/${id}/sysfiles`);
  return (await t.app.inject({ url: `${API}/datasets/sysfiles/${files.find((f) => f.type === 'stdout')!.id}`, headers: { cookie: alice.cookie } })).body;
};

describe('corridor-runner watch', { timeout: 90_000 }, () => {
  it('reports a run while it runs — iterations, scores — and at its end the outputs and FINISHED', async () => {
    const outputDir = path.join(workDir, 'equil-finished');
    const writer = start([WRITER, EQUIL, outputDir, '400']);
    const watcher = watch(outputDir, ['--name', 'Equil on my laptop', '--pid', String(writer.child.pid)]);
    const describe = () => [...watcher.lines, ...writer.lines].slice(-30).join('\n');

    const run = await pollUntil(() => runOf('Equil on my laptop'), 20_000, describe);
    // Live: STARTED, marked external, somewhere between the first and the last iteration.
    const live = await pollUntil(async () => {
      const state = await stateOf(run.id);
      return state.status === 'STARTED' && state.currentIteration >= 1 && state.currentIteration < 10 && state;
    }, 20_000, describe);
    expect(live.external).toBe(true);
    const partialScores = await pollUntil(async () => (await scoreRows(run.id)).length > 0 && (await scoreRows(run.id)), 10_000, describe);
    expect(partialScores.length).toBeLessThan(11 * 4);

    expect(await watcher.exited, describe()).toBe(0);
    expect(await writer.exited).toBe(0);
    const done = await stateOf(run.id);
    expect(done).toMatchObject({ status: 'FINISHED', currentIteration: 10, external: true, message: null });
    // All iterations' scores, as in the run's scorestats.csv.
    const scores = await scoreRows(run.id);
    expect(scores).toHaveLength(11 * 4);
    expect(scores).toContainEqual([10, 'avg_executed', Number((await readFile(path.join(EQUIL, 'scorestats.csv'), 'utf8')).split('\n')[11]!.split(';')[1])]);

    // The whole log, the end line included; the top-level files and the last iteration's folder.
    const log = await logOf(run.id);
    expect(log).toContain('### ITERATION 10 BEGINS');
    expect(log).toContain('S H U T D O W N   ---   shutdown completed.');
    expect(log).toMatch(/Run finished at .*\.\n$/);
    const files = (await get<{ files: { name: string; tag: string | null }[] }>(`/datasets/datasets/${run.id}`)).files.map((f) => f.name);
    expect(files).toEqual(expect.arrayContaining(['logfile.log', 'scorestats.csv', 'modestats.csv', 'output_network.xml.gz', 'output_events.xml.gz', 'output_config.xml', 'ITERS/it.10/10.events.xml.gz']));
    expect(files.filter((f) => f.startsWith('ITERS/it.9/'))).toEqual([]);
  });

  it("leaves a sparse 1.5 GB scorestats.csv unread and not uploaded, and stops uploading at the run's output limit, each with a log line", async () => {
    const outputDir = path.join(workDir, 'equil-bounded');
    await cp(EQUIL, outputDir, { recursive: true });
    expect(spawnSync('truncate', ['-s', '1500M', path.join(outputDir, 'scorestats.csv')]).status).toBe(0);
    const uploadable = finalOutputs(await listOutputFiles(outputDir)).map((f) => f.path).filter((p) => p !== 'scorestats.csv');
    // Room for all but the last two: the second to last is refused, the last one not sent.
    const maxFiles = uploadable.length - 2;
    const settings = (payload: object) => t.app.inject({ method: 'PUT', url: `${API}/corridor/settings`, headers: { cookie: admin }, payload });
    expect((await settings({ runOutputMaxFiles: maxFiles })).statusCode).toBe(200);
    try {
      const watcher = watch(outputDir, ['--name', 'Bounded run']);
      expect(await watcher.exited, watcher.lines.join('\n')).toBe(0);
      const run = (await runOf('Bounded run'))!;
      expect(await stateOf(run.id)).toMatchObject({ status: 'FINISHED' });
      const log = await logOf(run.id);
      expect(log.split('\n').filter((l) => l === RUN_OUTPUT_MESSAGES.statsTooLarge('scorestats.csv'))).toHaveLength(1);
      expect(log).toMatch(/\ncorridor-runner: the output file scorestats\.csv was not uploaded: it is a sparse file of 1\.5 GiB with only [\d.]+ (bytes|KiB) on disk\.\n/);
      expect(log).toContain(`\n${RUN_OUTPUT_MESSAGES.tooManyFiles(uploadable.at(-2)!, maxFiles)}\n`);
      expect(log).toContain(`\n${RUN_OUTPUT_MESSAGES.uploadStopped(1)}\n`);
      const files = (await get<{ files: { name: string }[] }>(`/datasets/datasets/${run.id}`)).files.map((f) => f.name);
      expect(files.sort()).toEqual(uploadable.slice(0, maxFiles).sort());
      expect(await scoreRows(run.id)).toEqual([]);
    } finally {
      await settings({ runOutputMaxFiles: DEFAULT_RUN_OUTPUT_MAX_FILES });
    }
  });

  it('reports FAILED when the MATSim process (--pid) dies before the log says the run ended', async () => {
    const outputDir = path.join(workDir, 'equil-crashed');
    const writer = start([WRITER, EQUIL, outputDir, '100', '2']);
    const watcher = watch(outputDir, ['--name', 'Crashing run', '--pid', String(writer.child.pid)]);
    const describe = () => [...watcher.lines, ...writer.lines].slice(-30).join('\n');
    await pollUntil(() => writer.lines.includes('hanging after iteration 2'), 20_000, describe);
    const run = await pollUntil(async () => {
      const found = await runOf('Crashing run');
      return found && (await stateOf(found.id)).currentIteration === 2 && found;
    }, 20_000, describe);

    writer.child.kill('SIGKILL');
    expect(await watcher.exited, describe()).toBe(1);
    expect(await stateOf(run.id)).toMatchObject({ status: 'FAILED', message: processGone(writer.child.pid!) });
    const log = await logOf(run.id);
    expect(log).toContain('### ITERATION 2 BEGINS');
    expect(log).not.toContain('ITERATION 3 BEGINS');
  });
});

async function scoreRows(runId: number): Promise<unknown[][]> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/datasets/datasets/${runId}/tables/scoreStats/query`,
    headers: { cookie: alice.cookie },
    payload: { query: { select: [{ column: 'iteration' }, { column: 'key' }, { column: 'value' }] }, shape: 'RAW' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { rows: unknown[][] }).rows;
}
