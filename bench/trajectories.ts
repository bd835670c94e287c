// Vehicle data of a run (issue 15, @corridor/trajectories): build throughput and memory, and the trajectories query.
// - newwest: `output-newwest-2024/output_events.xml.gz` read with `forEachEvent` into the builder (segments to a sink
//   that only counts them, as the server streams them to disk): events/s, peak RSS.
// - synthetic: 10 M generated events (`testing/synthetic.ts`: 50,000 vehicles on 10,000 links, BENCH_EVENTS changes
//   the count) through the generator alone and through generator + builder: events/s, peak RSS and heap after GC.
// - query: the synthetic run built in memory, `windowRange` + `encodeTrajectories` for 300 s windows starting in
//   the busiest 300 s window's hour (goal p95 < 100 ms), with and without the relative-speed attribute.
// Each measurement runs in its own Node process, so its peak RSS is its own.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { forEachEvent } from '@corridor/matsim';
import { createVehicleDataBuilder, decodeTrajectories, encodeTrajectories, windowRange, type VehicleDataBuilder } from '@corridor/trajectories';
import { syntheticEvents, syntheticGeometry, syntheticLinkIds } from '../packages/trajectories/src/testing/synthetic.ts';

const NEWWEST = fileURLToPath(new URL('../../shared/data/output-newwest-2024/', import.meta.url));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const LINKS = 10_000;

type Row = Record<string, string | number>;

const rssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const heapMb = () => {
  globalThis.gc?.();
  return Math.round(process.memoryUsage().heapUsed / 2 ** 20);
};

/** A builder whose segments are only counted (or kept, for the query measurement). */
function builder(linkIds: readonly string[], keep?: Uint8Array[]): VehicleDataBuilder {
  return createVehicleDataBuilder({ linkIds }, { segments: (chunk) => void keep?.push(chunk.slice()) });
}

async function newwestLinkIds(): Promise<string[]> {
  const { streamNetwork } = await import('@corridor/matsim');
  const ids: string[] = [];
  await streamNetwork(`${NEWWEST}output_network.xml.gz`, { onLink: (link) => void ids.push(link.id) });
  return ids;
}

const measurements: Record<string, () => Promise<Row>> = {
  async newwest() {
    const linkIds = await newwestLinkIds();
    const start = performance.now();
    const b = builder(linkIds);
    await forEachEvent(`${NEWWEST}output_events.xml.gz`, (event) => b.event(event));
    const { meta } = b.finish();
    const seconds = (performance.now() - start) / 1000;
    return { case: 'newwest read + build', events: meta.totalEvents, seconds: seconds.toFixed(2), 'events/s': Math.round(meta.totalEvents / seconds), 'peak RSS MB': rssMb(), 'heap MB': heapMb() };
  },
  async generate() {
    const start = performance.now();
    const events = syntheticEvents(EVENTS, () => {});
    const seconds = (performance.now() - start) / 1000;
    return { case: `synthetic generator only`, events, seconds: seconds.toFixed(2), 'events/s': Math.round(events / seconds), 'peak RSS MB': rssMb(), 'heap MB': heapMb() };
  },
  async build() {
    const start = performance.now();
    const b = builder(syntheticLinkIds(LINKS));
    const events = syntheticEvents(EVENTS, (event) => b.event(event));
    const { meta } = b.finish();
    const seconds = (performance.now() - start) / 1000;
    return { case: `synthetic generator + build`, events, seconds: seconds.toFixed(2), 'events/s': Math.round(events / seconds), segments: meta.segments, 'peak RSS MB': rssMb(), 'heap MB': heapMb() };
  },
  async query() {
    const chunks: Uint8Array[] = [];
    const b = builder(syntheticLinkIds(LINKS), chunks);
    syntheticEvents(EVENTS, (event) => b.event(event));
    const built = b.finish();
    const segments = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
    chunks.reduce((at, c) => (segments.set(c, at), at + c.byteLength), 0);
    const { meta } = built;
    const busiest = meta.windows.reduce((best, w, i) => (w.count > meta.windows[best]!.count ? i : best), 0);
    const hour = Math.floor((busiest * meta.windowSeconds) / 3600) * 3600;
    const data = { meta, vehicleModes: built.vehicleModes, links: syntheticGeometry(LINKS) };
    const rows: Row = { case: `query, 300 s windows in hour ${hour / 3600}`, vehicles: meta.vehicles, 'busiest window segments': meta.windows[busiest]!.count };
    for (const attribute of [undefined, 'relative-speed'] as const) {
      const times: number[] = [];
      let paths = 0;
      let bytes = 0;
      for (let run = 0; run < 60; run++) {
        const from = hour + ((run * 61) % 3300);
        const start = performance.now();
        const range = windowRange(meta, from, from + 300);
        const answer = encodeTrajectories(segments.subarray(range.start, range.end), { timeFilter: { from, to: from + 300 }, attribute }, data);
        times.push(performance.now() - start);
        paths = Math.max(paths, decodeTrajectories(answer).paths);
        bytes = Math.max(bytes, answer.byteLength);
      }
      times.sort((a, b) => a - b);
      const name = attribute ?? 'no attribute';
      rows[`${name} p50 ms`] = times[Math.floor(times.length * 0.5)]!.toFixed(1);
      rows[`${name} p95 ms`] = times[Math.floor(times.length * 0.95)]!.toFixed(1);
      rows['max paths'] = paths;
      rows['max answer MB'] = (bytes / 2 ** 20).toFixed(1);
    }
    rows['peak RSS MB'] = rssMb();
    return rows;
  },
};

if (process.argv[2] === '--measure') {
  const row = await measurements[process.argv[3]!]!();
  console.log(JSON.stringify(row));
} else {
  const self = fileURLToPath(import.meta.url);
  for (const name of Object.keys(measurements)) {
    const result = spawnSync(process.execPath, [...process.execArgv, self, '--measure', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (result.status !== 0) throw new Error(`measuring ${name} failed`);
    const row = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Row;
    console.log(Object.entries(row).map(([k, v]) => `${k}: ${v}`).join(' | '));
  }
}
