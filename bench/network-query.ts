// The map editor's network query (issue 13) on the synthetic 1-million-link grid (`synthetic-network.ts`, gzip, in
// the temp folder, removed afterwards): post-processing time of the binary form in the server's worker pool with
// its default limits (`Processing.networkBinary`, what post-processing runs), the binary's size, the Flatbush index
// and the memory one loaded network takes in the LRU (`NetworkStore`: bytes, views, id lookups), then the query
// (`queryNetwork`) plus the JSON the route sends: p50/p95 over city-scale boxes (5 km × 5 km at random places in the
// grid) and over the whole world with the answer limit (NETWORK_QUERY_MAX_LINKS). No HTTP, no database.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { NETWORK_QUERY_MAX_LINKS, WORLD_BBOX, type NetworkQueryRequest } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
import type { FilesRepository } from '../apps/server/src/modules/files/repository.ts';
import { queryNetwork } from '../apps/server/src/modules/network-query/query.ts';
import { NetworkStore } from '../apps/server/src/modules/network-query/store.ts';
import type { BlobStore } from '../apps/server/src/storage/blob-store.ts';
import { Processing, SERVER } from '../apps/server/src/workers/processing.ts';
import { LINKS, printTable, SIDE, SPACING, syntheticNetwork } from './synthetic-network.ts';

const CITY_QUERIES = 200;
const WORLD_QUERIES = 10;
const CITY_METRES = 5000;
const MB = 1e6;

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const memory = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * 5 km × 5 km boxes spread over the grid (a low-discrepancy sequence: the same boxes every run), as WGS 84 bboxes
 * (corners transformed from the grid's EPSG:25832).
 */
function cityBoxes(count: number, offset = 0): [number, number, number, number][] {
  const toWgs84 = transformer('EPSG:25832');
  const extent = (SIDE - 1) * SPACING - CITY_METRES;
  return Array.from({ length: count }, (_, i) => {
    const [x, y] = [((offset + i) * 0.618_034) % 1, ((offset + i) * 0.754_878) % 1].map((f) => f * extent) as [number, number];
    const [minLon, minLat] = toWgs84(xy(x, y));
    const [maxLon, maxLat] = toWgs84(xy(x + CITY_METRES, y + CITY_METRES));
    return [minLon, minLat, maxLon, maxLat];
  });
}

/** The index section of network.bin: from its offset (header bytes 24–27) to the JSON tail's (28–31). */
const indexBytes = (binary: Buffer) => binary.readUInt32LE(28) - binary.readUInt32LE(24);

interface Timings {
  query: number[];
  withJson: number[];
  links: number[];
  bytes: number[];
  exceeds: number;
}

function run(store: Awaited<ReturnType<NetworkStore['get']>>, boxes: readonly (readonly [number, number, number, number])[]): Timings {
  const timings: Timings = { query: [], withJson: [], links: [], bytes: [], exceeds: 0 };
  for (const bbox of boxes) {
    const request: NetworkQueryRequest = { type: 'Data', filters: { bbox: [...bbox] as [number, number, number, number] } };
    const t0 = performance.now();
    const answer = queryNetwork(store!, request, NETWORK_QUERY_MAX_LINKS);
    const t1 = performance.now();
    const json = JSON.stringify(answer);
    const t2 = performance.now();
    timings.query.push(t1 - t0);
    timings.withJson.push(t2 - t0);
    timings.links.push(answer.features.reduce((n, f) => n + (f.properties.kind === 'link' ? f.properties.links.length : 0), 0));
    timings.bytes.push(json.length);
    if (answer.query_exceeds_limit) timings.exceeds++;
  }
  return timings;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'corridor-bench-query-'));
  const processing = new Processing();
  try {
    const gzip = join(dir, 'network.xml.gz');
    let t0 = performance.now();
    await pipeline(syntheticNetwork(), createGzip(), createWriteStream(gzip));
    console.log(`synthetic network: ${SIDE * SIDE} nodes, ${LINKS} links, ${(statSync(gzip).size / MB).toFixed(0)} MB gzip (written in ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

    t0 = performance.now();
    const built = await processing.networkBinary(createReadStream(gzip), null, SERVER);
    const buildSeconds = (performance.now() - t0) / 1000;
    const binary = Buffer.from(built.binary.buffer, built.binary.byteOffset, built.binary.byteLength);

    // The LRU's real load path (read the blob, decode, id lookups) over the bytes post-processing wrote.
    const files = { findDerived: async () => ({ type: 'network.bin', filename: 'network.bin', blobKey: 'network.bin', size: binary.byteLength }) };
    const blobs = { read: () => Readable.from([binary]) };
    const store = new NetworkStore(files as unknown as FilesRepository, blobs as unknown as BlobStore);
    const before = memory();
    t0 = performance.now();
    const net = await store.get(1);
    const loadMs = performance.now() - t0;
    const loaded = memory() - before;
    if (!net) throw new Error('the network did not load');

    console.log('post-processing and memory');
    printTable([
      ['what', 'value'],
      ['post-processing (worker pool, default limits): network.bin + info', `${buildSeconds.toFixed(1)} s`],
      ['network.bin size', `${(binary.byteLength / MB).toFixed(1)} MB`],
      ['of which the Flatbush index', `${(indexBytes(binary) / MB).toFixed(1)} MB`],
      ['load into the LRU (read, decode; id lookups on first use)', `${loadMs.toFixed(0)} ms`],
      ['memory of one loaded network (heap + array buffers)', `${(loaded / MB).toFixed(0)} MB`],
    ]);

    run(net, cityBoxes(20, CITY_QUERIES)); // warm-up: the JIT, not the figures
    const city = run(net, cityBoxes(CITY_QUERIES));
    const world = run(net, Array.from({ length: WORLD_QUERIES }, () => WORLD_BBOX));
    const row = (label: string, t: Timings): string[] => {
      const q = [...t.query].sort((a, b) => a - b);
      const j = [...t.withJson].sort((a, b) => a - b);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      return [
        label,
        String(t.query.length),
        Math.round(mean(t.links)).toLocaleString('en-US'),
        `${(mean(t.bytes) / MB).toFixed(1)} MB`,
        `${percentile(q, 50).toFixed(1)} / ${percentile(q, 95).toFixed(1)} ms`,
        `${percentile(j, 50).toFixed(1)} / ${percentile(j, 95).toFixed(1)} ms`,
        String(t.exceeds),
      ];
    };
    console.log('\nqueries (p50 / p95; goal at city scale: p95 < 100 ms)');
    printTable([
      ['bbox', 'queries', 'links (mean)', 'JSON (mean)', 'query', 'query + JSON', 'over the limit'],
      row(`city ${CITY_METRES / 1000} km × ${CITY_METRES / 1000} km`, city),
      row(`world, limit ${NETWORK_QUERY_MAX_LINKS.toLocaleString('en-US')}`, world),
    ]);
  } finally {
    await processing.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
