// Events reading speed and memory (issues 3 and 31). Reads output-newwest-2024/output_events.xml.gz (best of 3, in
// the batched, callback and per-event forms), berlin-medium's output events (1.6 M events: BENCH_BERLIN_EVENTS=<file>,
// or made here by one iteration of the built-in engine into the temp folder), then synthetic gzip events files of
// 1 M and 10 M events, generated once into the temp folder with `EventsWriter` (a realistic mix: car trips with their
// link events, teleported walks, tolls). Next to the batched reader of each gzip file, the floor: Node's own
// streaming gunzip of the same file (`createReadStream(file).pipe(createGunzip())`, chunks consumed, nothing parsed),
// with the reader's events/s as a share of it. Each measurement runs in its own Node process, so peak RSS is that
// reading's own: flat memory shows as the same peak for 1 M and 10 M events. Temp files are removed at the end
// unless BENCH_KEEP=1.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { EventsWriter, forEachEvent, readEventBatches, readEvents, type MatsimEvent } from '@corridor/matsim';
import { random } from '../packages/matsim/test/random.ts';

const NEWWEST = fileURLToPath(new URL('../../shared/data/output-newwest-2024/output_events.xml.gz', import.meta.url));
const BERLIN_CONFIG = fileURLToPath(new URL('../../shared/data/berlin-medium/config.xml', import.meta.url));
const SIZES = [1_000_000, 10_000_000];

/**
 * `bytes`: the file's bytes are read into memory first (not timed), then read as a `Uint8Array` in batches.
 * `gunzip`: the floor — Node's streaming gunzip of the file, chunks consumed, no parsing (`events` is 0).
 */
type Form = 'batches' | 'callback' | 'per-event' | 'bytes' | 'gunzip';

interface Measurement {
  events: number;
  bestSeconds: number;
  /** CPU time (user + system, zlib's threads included) of the best run: steadier than wall time on a busy machine. */
  cpuSeconds: number;
  runs: number;
  peakRssMb: number;
  peakHeapMb: number;
}

/** In a child process: read `file` `runs` times in the given form, sampling memory as it goes. */
async function measure(file: string, form: Form, runs: number): Promise<Measurement> {
  let peakHeap = 0;
  const sample = () => {
    const heap = process.memoryUsage().heapUsed;
    if (heap > peakHeap) peakHeap = heap;
  };
  let best = Infinity;
  let cpu = 0;
  let events = 0;
  const bytes = form === 'bytes' ? readFileSync(file) : undefined;
  for (let run = 0; run < runs; run++) {
    globalThis.gc?.();
    let count = 0;
    let batches = 0;
    const start = performance.now();
    const startCpu = process.cpuUsage();
    if (form === 'gunzip') {
      // Node's defaults (16 KiB chunks); the heap is sampled rarely here, the floor's heap is the baseline's.
      for await (const _ of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) if (++batches % 1024 === 0) sample();
    } else if (form === 'batches' || form === 'bytes') {
      for await (const batch of readEventBatches(bytes ?? file)) {
        count += batch.length;
        if (++batches % 64 === 0) sample();
      }
    } else if (form === 'callback') {
      await forEachEvent(file, () => {
        if (++count % 32_768 === 0) sample();
      });
    } else {
      for await (const _ of readEvents(file)) if (++count % 32_768 === 0) sample();
    }
    const seconds = (performance.now() - start) / 1000;
    if (seconds < best) {
      best = seconds;
      const used = process.cpuUsage(startCpu);
      cpu = (used.user + used.system) / 1e6;
    }
    events = count;
  }
  sample();
  return {
    events,
    bestSeconds: best,
    cpuSeconds: cpu,
    runs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peakHeap / 2 ** 20,
  };
}

function inChild(file: string, form: Form, runs: number): Measurement {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, [...process.execArgv, self, '--measure', file, form, String(runs)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`measuring ${file} (${form}) failed`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Measurement;
}

/** Trips of a synthetic day: mostly car trips with 5–40 links each, some teleported walks, a few tolls. */
function* syntheticEvents(total: number): Generator<MatsimEvent> {
  const next = random(42);
  const link = () => `${234_776_040_000 + Math.floor(next() * 50_000)}${next() < 0.5 ? 'f' : 'r'}`;
  let emitted = 0;
  let clock = 6 * 3600;
  for (let trip = 0; emitted < total; trip++) {
    const person = `p_${trip % 25_000}`;
    // QSim steps whole seconds, so event times are whole numbers (`21648.0`).
    let time = Math.floor((clock += next() * 2));
    const from = link();
    const x = 500_000 + next() * 10_000;
    const y = 5_450_000 + next() * 10_000;
    const events: MatsimEvent[] = [{ type: 'actend', time, person, link: from, x, y, actType: trip % 2 ? 'work' : 'home' }];
    if (next() < 0.8) {
      events.push(
        { type: 'departure', time, person, link: from, legMode: 'car', computationalRoutingMode: 'car' },
        { type: 'PersonEntersVehicle', time, person, vehicle: person },
        { type: 'vehicle enters traffic', time, person, link: from, vehicle: person, networkMode: 'car', relativePosition: 1 },
        { type: 'left link', time: ++time, link: from, vehicle: person },
      );
      let current = from;
      for (let i = 5 + Math.floor(next() * 36); i > 0; i--) {
        current = link();
        events.push({ type: 'entered link', time, link: current, vehicle: person });
        time += 1 + Math.floor(next() * 20);
        if (i > 1) events.push({ type: 'left link', time, link: current, vehicle: person });
      }
      events.push(
        { type: 'vehicle leaves traffic', time, person, link: current, vehicle: person, networkMode: 'car', relativePosition: 1 },
        { type: 'PersonLeavesVehicle', time, person, vehicle: person },
        { type: 'arrival', time, person, link: current, legMode: 'car' },
        { type: 'actstart', time, person, link: current, x: x + 1234.5, y: y - 987.25, actType: trip % 2 ? 'home' : 'work' },
      );
      if (next() < 0.05) events.push({ type: 'personMoney', time, person, amount: -2.5, purpose: 'toll', transactionPartner: 'city' });
    } else {
      const to = link();
      events.push({ type: 'departure', time, person, link: from, legMode: 'walk', computationalRoutingMode: 'walk' });
      time += 300 + Math.floor(next() * 900);
      events.push(
        { type: 'travelled', time, person, distance: Math.round(next() * 15_000) / 10, mode: 'walk' },
        { type: 'arrival', time, person, link: to, legMode: 'walk' },
        { type: 'actstart', time, person, link: to, actType: 'leisure' },
      );
    }
    for (const event of events) {
      if (emitted++ === total) return;
      yield event;
    }
  }
}

async function generate(path: string, total: number): Promise<number> {
  const start = performance.now();
  const partial = `${path}.partial`;
  const writer = new EventsWriter(partial, { gzip: true });
  for (const event of syntheticEvents(total)) if (!writer.add(event)) await writer.drained();
  await writer.close();
  renameSync(partial, path);
  return (performance.now() - start) / 1000;
}

/**
 * berlin-medium's output events: BENCH_BERLIN_EVENTS, or one iteration of the built-in engine into the temp folder
 * (kept there for the next run with BENCH_KEEP=1).
 */
async function berlinEvents(files: string[], notes: string[]): Promise<string> {
  const given = process.env.BENCH_BERLIN_EVENTS;
  if (given) return given;
  const folder = join(tmpdir(), 'corridor-bench-events-berlin');
  const path = join(folder, 'output_events.xml.gz');
  files.push(folder);
  if (existsSync(path)) return path;
  const start = performance.now();
  rmSync(folder, { recursive: true, force: true });
  // Imported here only: the measuring children need not load the engine.
  const { runEngine } = await import('../packages/engine/src/controler/run.ts');
  await runEngine({ configPath: BERLIN_CONFIG, overrides: [{ module: 'controler', param: 'lastIteration', value: '0' }], outputDir: folder });
  notes.push(`ran berlin-medium (1 iteration, built-in engine) for its output events in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  return path;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const rate = (events: number, seconds: number) => `${(events / seconds / 1e6).toFixed(2)} M/s`;

async function main(): Promise<void> {
  const rows: string[][] = [
    ['input', 'form', 'events', 'best wall time', 'events/s (wall)', 'CPU time', 'events/CPU-s', 'of gunzip', 'peak RSS', 'peak heapUsed'],
  ];
  const row = (input: string, form: Form | 'gunzip floor', m: Measurement, floor?: Measurement) => {
    const read = m.runs > 0;
    rows.push([
      input,
      read ? form : '',
      read ? m.events.toLocaleString('en') : '',
      read ? `${m.bestSeconds.toFixed(2)} s (best of ${m.runs})` : '',
      read ? rate(m.events, m.bestSeconds) : '',
      read ? `${m.cpuSeconds.toFixed(2)} s` : '',
      read ? rate(m.events, m.cpuSeconds) : '',
      floor ? `${((100 * floor.bestSeconds) / m.bestSeconds).toFixed(0)}%` : '',
      mb(m.peakRssMb),
      mb(m.peakHeapMb),
    ]);
  };
  const summary: string[] = [];
  /** Of two measurements of one thing, the best time (with its CPU time) and the higher peaks. */
  const better = (a: Measurement, b: Measurement): Measurement => ({
    ...(b.bestSeconds < a.bestSeconds ? b : a),
    runs: a.runs + b.runs,
    peakRssMb: Math.max(a.peakRssMb, b.peakRssMb),
    peakHeapMb: Math.max(a.peakHeapMb, b.peakHeapMb),
  });
  /** The gunzip floor of a gzip file and the batched reader, with the reader's events/s as a share of the floor's. */
  const againstFloor = (label: string, file: string, runs: number) => {
    // Floor and reader in turns, twice: a burst of load on this shared machine then spoils one round, not the ratio.
    let floor = inChild(file, 'gunzip', runs);
    let reader = inChild(file, 'batches', runs);
    floor = better(floor, inChild(file, 'gunzip', runs));
    reader = better(reader, inChild(file, 'batches', runs));
    floor.events = reader.events;
    row(label, 'gunzip floor', floor);
    row(label, 'batches', reader, floor);
    summary.push(
      `${label}: reader ${rate(reader.events, reader.bestSeconds)}, gunzip floor ${rate(floor.events, floor.bestSeconds)}, ` +
        `${((100 * floor.bestSeconds) / reader.bestSeconds).toFixed(0)}% of it; peak RSS ${mb(reader.peakRssMb)}`,
    );
  };

  // What the process (Node, tsx, the package) holds before reading anything: the rest of each RSS is the reading's.
  row('nothing (process baseline)', 'batches', inChild(NEWWEST, 'batches', 0));
  againstFloor('newwest (2.5 MB gz)', NEWWEST, 3);
  for (const form of ['callback', 'per-event'] as const) row('newwest (2.5 MB gz)', form, inChild(NEWWEST, form, 3));

  // The same uncompressed data from a file and from bytes already in memory: both must stream alike.
  const plain = join(tmpdir(), 'corridor-bench-events-newwest.xml');
  writeFileSync(plain, gunzipSync(readFileSync(NEWWEST)));
  const plainLabel = `newwest uncompressed (${(statSync(plain).size / 2 ** 20).toFixed(0)} MB)`;
  row(`${plainLabel}, file`, 'batches', inChild(plain, 'batches', 3));
  row(`${plainLabel}, in memory`, 'bytes', inChild(plain, 'bytes', 3));
  row('in memory, bytes only (baseline)', 'bytes', inChild(plain, 'bytes', 0));

  const files: string[] = [plain];
  const notes: string[] = [];
  const berlin = await berlinEvents(files, notes);
  againstFloor(`berlin-medium output (${(statSync(berlin).size / 2 ** 20).toFixed(0)} MB gz)`, berlin, 3);
  for (const size of SIZES) {
    const path = join(tmpdir(), `corridor-bench-events-${size}.xml.gz`);
    files.push(path);
    if (!existsSync(path)) {
      const seconds = await generate(path, size);
      notes.push(`generated ${size.toLocaleString('en')} events with EventsWriter (gzip) in ${seconds.toFixed(1)} s`);
    }
    const label = `synthetic ${size / 1e6} M (${(statSync(path).size / 2 ** 20).toFixed(0)} MB gz)`;
    againstFloor(label, path, size > 1e6 ? 1 : 3);
  }

  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
  for (const line of summary) console.log(line);
  for (const note of notes) console.log(note);
  if (process.env.BENCH_KEEP === '1') console.log(`kept ${files.join(', ')} (BENCH_KEEP=1)`);
  else for (const file of files) rmSync(file, { recursive: true, force: true });
}

const args = process.argv.slice(2);
if (args[0] === '--measure') {
  console.log(JSON.stringify(await measure(args[1]!, args[2] as Form, Number(args[3]))));
} else {
  await main();
}
