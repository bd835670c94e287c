/**
 * The runner download (issue 30, spec 3 §2.9): corridor-runner.tgz fetched through the API, unpacked into an empty
 * folder outside the repository, runs a demo job with nothing but node — no tsx, no node_modules of the checkout.
 */
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RUNNER_BUNDLE_FILE, RUNNER_BUNDLE_SCRIPT, RUNNER_BUNDLE_UNKNOWN } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../server/test/harness.ts';
import { call, connectedRunner, exec, REPO, runLog, schedule, startRunner, startServer, stopAll, t, tempDir, waitForJob } from './flow.ts';

let folder: string;
let script: string;

beforeAll(async () => {
  await startServer();
}, 60_000);

afterAll(stopAll);

/** Every module a bundled script imports or requires by name. */
function importedNames(source: string): string[] {
  const names = new Set<string>();
  const patterns = [/^\s*(?:import|export)\b[^;"]*?\bfrom\s*"([^"]+)"/gm, /^\s*import\s*"([^"]+)"/gm, /\bimport\s*\(\s*"([^"]+)"\s*\)/g, /\brequire\s*\(\s*"([^"]+)"\s*\)/g];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) names.add(match[1]!);
  }
  return [...names];
}

describe('the runner download', { timeout: 120_000 }, () => {
  it('is corridor-runner.tgz for anyone, with the runner and the engine importing nothing but node', async () => {
    const response = await t.app.inject({ url: `${API}/jobs/files/${RUNNER_BUNDLE_FILE}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${RUNNER_BUNDLE_FILE}"`);
    const other = await t.app.inject({ url: `${API}/jobs/files/corridor-runner.jar` });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(RUNNER_BUNDLE_UNKNOWN);

    // An empty folder outside the repository (no node_modules above it to fall back on).
    folder = await tempDir('runner-bundle-');
    expect(path.relative(REPO, folder).startsWith('..')).toBe(true);
    const archive = path.join(folder, RUNNER_BUNDLE_FILE);
    await writeFile(archive, response.rawPayload);
    await exec('tar', ['xzf', archive, '-C', folder]);
    expect((await readdir(path.join(folder, 'corridor-runner'), { recursive: true })).sort()).toEqual([
      'README.txt',
      'THIRD-PARTY-NOTICES.txt',
      'bin',
      'bin/corridor-engine.mjs',
      'bin/corridor-runner.mjs',
    ]);
    const builtins = new Set(builtinModules);
    for (const name of ['corridor-runner.mjs', 'corridor-engine.mjs']) {
      const source = await readFile(path.join(folder, 'corridor-runner/bin', name), 'utf8');
      const outside = importedNames(source).filter((spec) => !builtins.has(spec.replace(/^node:/, '')));
      expect(outside, name).toEqual([]);
    }
    script = path.join(folder, RUNNER_BUNDLE_SCRIPT);
    // The watch client is in the same script.
    const watch = spawnSync(process.execPath, [script, 'watch', '--help'], { cwd: folder, encoding: 'utf8', env: cleanEnv() });
    expect(watch.status).toBe(0);
    expect(watch.stdout).toContain('Usage: corridor-runner watch --server URL');
  });

  it('runs a demo job from the unpacked folder, sandboxed, to FINISHED with its outputs', async () => {
    expect(script).toBeDefined();
    await startRunner('bundle-runner', { bin: script, baseEnv: cleanEnv(), cwd: folder });
    expect((await connectedRunner('bundle-runner')).sandboxed).toBe(true);
    const { id: jobId, datasetId } = await schedule('bundle', '--config:controller.lastIteration=1');
    expect(await waitForJob(jobId, 'FINISHED')).toMatchObject({ exitCode: 0, runnerName: 'bundle-runner' });
    const outputs = (await call('GET', `/datasets/datasets/${datasetId}`)).files.map((f: { name: string }) => f.name);
    expect(outputs).toEqual(expect.arrayContaining(['bundle_1.output_events.xml.gz', 'bundle_1.scorestats.csv', 'logfile.log']));
    const log = await runLog(datasetId);
    // The engine is the bundle's, shown with the install's placeholder, not a path of this machine.
    expect(log).toContain('corridor-runner: node <corridor>/bin/corridor-engine.mjs ./input/corridor-working-config.xml');
    expect(log).toContain('### ITERATION 1 BEGINS');
    // The demo's 200 route-less plans are routed in the bundle's own worker threads (global.numberOfThreads).
    expect(log).toMatch(/PlanRouting:1 routing \d+ plans in 2 threads/);
    expect(log).not.toContain(folder);
  });
});

/** This environment without what could lead node to the repository's modules. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['NODE_PATH', 'NODE_OPTIONS', 'npm_config_prefix', 'INIT_CWD']) delete env[key];
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key.startsWith('npm_')) delete env[key];
  return env;
}
