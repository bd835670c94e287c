// The visualizer's server side (issue 15) on a real server process: a run's outputs (events + network) uploaded
// through the runner protocol (this script plays the runner; the embedded one is off), then the run's vehicle data
// post-processing timed from the finish call to READY (events/s) with the server's peak RSS meanwhile (VmHWM
// reset through /proc/<pid>/clear_refs; worker threads are in the same process). Then the trajectories call
// p50/p95 for 300 s windows in the busiest hour (goal p95 < 100 ms), the answer's size, and a link volume call.
// The runner protocol is played by `runner-protocol.ts`. Sources: newwest's real output; berlin-medium run for one
// iteration by the built-in engine into a temp folder (BENCH_BERLIN=0 skips it); 10 M synthetic events (`synthetic-run.ts`; BENCH_EVENTS changes the count, 0 skips
// it); BENCH_OUTPUT=<folder> adds any folder with *output_events.xml.gz and *output_network.xml.gz.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { DataSourceOptions } from '@corridor/contract';
import { runEngine } from '../packages/engine/src/controler/run.ts';
import { startServer } from '../e2e/support/server.ts';
import { writeSyntheticRun } from './synthetic-run.ts';
import { mb, memoryOf, percentile } from './process-stats.ts';
import { playRunner, signedInClient } from './runner-protocol.ts';

const DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const WINDOW = 300;
const CALLS = 50;



/** The events and network files of an output folder (MATSim prefixes them with the run id). */
function outputsOf(folder: string): { events: string; network: string } {
  const names = readdirSync(folder);
  const find = (suffix: string) => {
    const name = names.find((n) => n.endsWith(suffix));
    if (!name) throw new Error(`no *${suffix} in ${folder}`);
    return join(folder, name);
  };
  return { events: find('output_events.xml.gz'), network: find('output_network.xml.gz') };
}

const sources: { label: string; folder: string }[] = [{ label: 'newwest (real, 377,638 events)', folder: join(DATA, 'output-newwest-2024') }];
const temp = mkdtempSync(join(tmpdir(), 'corridor-bench-vis-'));
if (process.env.BENCH_BERLIN !== '0') {
  const start = performance.now();
  await runEngine({ configPath: join(DATA, 'berlin-medium/config.xml'), overrides: [{ module: 'controler', param: 'lastIteration', value: '0' }], outputDir: join(temp, 'berlin') });
  sources.push({ label: `berlin-medium, built-in engine, 1 iteration (run in ${((performance.now() - start) / 1000).toFixed(0)} s)`, folder: join(temp, 'berlin') });
}
const SYNTHETIC = Number(process.env.BENCH_EVENTS ?? 10_000_000);
if (SYNTHETIC > 0) {
  const start = performance.now();
  const written = writeSyntheticRun(join(temp, 'synthetic'), SYNTHETIC);
  const size = statSync(join(temp, 'synthetic', 'output_events.xml.gz')).size;
  sources.push({
    label: `synthetic, ${written.toLocaleString('en')} events, ${(size / 2 ** 20).toFixed(0)} MB gz (generated in ${((performance.now() - start) / 1000).toFixed(0)} s)`,
    folder: join(temp, 'synthetic'),
  });
}
if (process.env.BENCH_OUTPUT) sources.push({ label: process.env.BENCH_OUTPUT, folder: process.env.BENCH_OUTPUT });

const server = await startServer({ env: { EMBEDDED_RUNNER: 'false' } });
const rows: [string, string][] = [];
try {
  const client = await signedInClient(server.url, 'bench', 'bench-visualizer-1');
  const { call, json } = client;
  const runner = await playRunner(client, 'bench');

  for (const [n, source] of sources.entries()) {
    const { events, network } = outputsOf(source.folder);
    const { runId, finish } = await runner.upload(`Run ${n}`, [
      ['output_network.xml.gz', network],
      ['output_events.xml.gz', events],
    ]);

    const before = memoryOf(server.pid);
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    let polled = before.rss;
    const poller = setInterval(() => (polled = Math.max(polled, memoryOf(server.pid).rss)), 10);
    const start = performance.now();
    await finish();
    let options: DataSourceOptions;
    for (;;) {
      options = await json<DataSourceOptions>('GET', `/datasets/analysis/${runId}/options`);
      if (options.vehicleData.status !== 'PROCESSING') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(poller);
    const after = memoryOf(server.pid);
    if (options.vehicleData.status !== 'READY') throw new Error(`${source.label}: ${options.vehicleData.status} ${options.vehicleData.message}`);
    const { totalEvents, vehicles } = options.vehicleData;
    // The vehicle step alone, as its line in the run's post-processing log says.
    const page = await json<{ run: { postProcessRun: { logFileId: number } } }>('GET', `/datasets/run/${runId}`);
    const log = await (await call('GET', `/datasets/sysfiles/${page.run.postProcessRun.logFileId}`)).text();
    const step = /vehicle events read in ([\d.]+) s \((\d+) events\/s\)/.exec(log);

    // The busiest hour by link entries (a link volume call per hour).
    let busiest = { hour: 0, count: -1 };
    const volumeTimes: number[] = [];
    for (let hour = 0; hour < 30; hour++) {
      const t0 = performance.now();
      const volumes = await json<Record<string, number>>('POST', `/datasets/analysis/${runId}/link-volume`, { timeFilter: { from: hour * 3600, to: (hour + 1) * 3600 } });
      volumeTimes.push(performance.now() - t0);
      const count = Object.values(volumes).reduce((a, b) => a + b, 0);
      if (count > busiest.count) busiest = { hour, count };
    }
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < CALLS; i++) {
      const from = busiest.hour * 3600 + ((i * 3600) / CALLS);
      const t0 = performance.now();
      const answer = await call('POST', `/datasets/analysis/${runId}/trajectories`, { timeFilter: { from, to: from + WINDOW }, attribute: 'relative-speed' });
      bytes = Math.max(bytes, (await answer.arrayBuffer()).byteLength);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    volumeTimes.sort((a, b) => a - b);
    rows.push(
      [`**${source.label}**: vehicles, vehicle events`, `${vehicles.toLocaleString('en')}, ${totalEvents.toLocaleString('en')}`],
      ['post-processing, finish → READY (network processing included), s; vehicle events/s', `${seconds.toFixed(2)}; ${Math.round(totalEvents / seconds).toLocaleString('en')}`],
      ['vehicle data step alone (its log line), s; vehicle events/s', step ? `${step[1]}; ${Number(step[2]).toLocaleString('en')}` : 'not in the log'],
      ['server RSS before / peak (VmHWM) / peak polled / after, MB', `${mb(before.rss)} / ${mb(after.hwm)} / ${mb(polled)} / ${mb(after.rss)}`],
      [`trajectories, ${WINDOW} s windows in the busiest hour (${busiest.hour}:00, ${busiest.count.toLocaleString('en')} link entries), relative speed: p50 / p95 ms (n=${CALLS}); largest answer KB`, `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}; ${(bytes / 1024).toFixed(0)}`],
      ['link volume for one hour: p50 / p95 ms (n=30)', `${percentile(volumeTimes, 50).toFixed(1)} / ${percentile(volumeTimes, 95).toFixed(1)}`],
    );
  }
  console.log('| measure | value |\n|---|---:|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
} finally {
  await server.stop();
  rmSync(temp, { recursive: true, force: true });
}
