// Issue 29, DRT generation: 10,000 vehicles and 1,000 stops generated on berlin-medium (27,770 links, GK4 =
// EPSG:31468) inside a city-sized polygon (a 32-gon of radius 8 km around Berlin-Mitte, about 200 km²; the network's
// own centre lies in Brandenburg, where an 8 km circle holds only 469 links).
//
// Server, through HTTP on the real server (`startServer` of the browser tests): the network uploaded into a scenario
// and post-processed (its `network.bin`), then POST /datasets/editor/dvrp_vehicles/generate and
// /dvrp_stops/generate — the first call (cold: the worker pool starts a worker and reads the binary form) and the
// median and max of the next ones (warm: same request, same answer). Then, in this process, what the worker spends:
// reading the network's binary form against parsing its XML (what generating from the XML would cost every time),
// and the draw itself on the decoded network.
//
// Then the editor's first draw of the answers in headless Chromium (editor-drt-browser.ts): saved as new DRT files
// of the scenario, the editor opened over the area.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { AreaGeometry, GenerateStopsAnswer, GenerateVehiclesAnswer } from '@corridor/contract';
import { streamNetwork } from '@corridor/matsim';
import { decodeNetwork } from '../apps/server/src/modules/network-query/binary.ts';
import { buildNetworkBinary } from '../apps/server/src/modules/network-query/build.ts';
import { generateOn, linksInside } from '../apps/server/src/modules/drt-generate/build.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { drtEditorFigures } from './editor-drt-browser.ts';
import { ensureWebBuild } from './editor-transit-browser.ts';
import { BenchClient as Client } from './http-client.ts';
import { percentile } from './process-stats.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BERLIN_NETWORK = join(root, '../shared/data/berlin-medium/network.xml.gz');
export const BERLIN_CRS = 'EPSG:31468';
export const DRT_USER = { name: 'bench', password: 'bench-password' };
export const DRT_SCENARIO_KEY = 'drt';
const VEHICLES = 10_000;
const STOPS = 1_000;
const RADIUS_M = 8_000;
const WARM = 5;
/** Berlin-Mitte (Alexanderplatz). */
const MITTE = [13.405, 52.52] as const;

/** A 32-gon of `radiusM` metres around [lng, lat] (WGS84, closed). */
export function cityArea(lng: number, lat: number, radiusM = RADIUS_M): AreaGeometry {
  const ring: [number, number][] = [];
  for (let i = 0; i <= 32; i++) {
    const a = (2 * Math.PI * (i % 32)) / 32;
    ring.push([lng + (radiusM * Math.cos(a)) / (111_320 * Math.cos((lat * Math.PI) / 180)), lat + (radiusM * Math.sin(a)) / 110_574]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

export interface DrtBenchScenario {
  server: RunningServer;
  client: Client;
  /** Who the client is signed in as, and the scenario's key (the editor's address). */
  user: { name: string; password: string };
  scenarioKey: string;
  scenarioId: number;
  networkFileId: number;
  area: AreaGeometry;
}

/** The server signed in as `bench`, a scenario with berlin-medium post-processed, and the city-sized area around Mitte. */
export async function berlinScenario(server: RunningServer, rows: [string, string][]): Promise<DrtBenchScenario> {
  const client = new Client(server.url);
  await client.call('POST', '/accounts/setup', { username: DRT_USER.name, password: DRT_USER.password });
  const me = await client.call<{ groupId: number }>('GET', '/accounts/validate');
  const scenario = await client.call<{ id: number }>('POST', '/datasets/datasets', {
    groupId: me.groupId,
    key: DRT_SCENARIO_KEY,
    name: 'DRT',
    description: '',
    type: 'scenario',
    template: 'empty',
    attributes: { __crs: BERLIN_CRS },
  });
  const [file] = await client.upload([{ name: 'network.xml.gz', path: BERLIN_NETWORK }]);
  const t0 = performance.now();
  await client.call('POST', `/datasets/datasets/${scenario.id}/files/${file!.id}`);
  for (;;) {
    const dataset = await client.call<{ attributes: { networkPostProcessingJob?: { status: string } } }>('GET', `/datasets/datasets/${scenario.id}`);
    const status = dataset.attributes.networkPostProcessingJob?.status;
    if (status === 'FINISHED') break;
    if (status === 'FAILED') throw new Error('network post-processing failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  rows.push(['network post-processing (previews, network.bin)', ms(performance.now() - t0)]);
  return { server, client, user: DRT_USER, scenarioKey: DRT_SCENARIO_KEY, scenarioId: scenario.id, networkFileId: file!.id, area: cityArea(MITTE[0], MITTE[1]) };
}

/** The two generation calls, cold then warm; the answers for the browser part. */
export async function generatedOnBerlin(scenario: DrtBenchScenario, rows: [string, string][]): Promise<{ vehicles: GenerateVehiclesAnswer; stops: GenerateStopsAnswer }> {
  const { client, networkFileId, area } = scenario;
  const vehiclesBody = { networkFileId, area, vehicleCount: VEHICLES, seats: 4, mode: 'car', startTime: 0, endTime: 86_400 };
  const stopsBody = { networkFileId, area, count: STOPS, mode: 'car' };
  const timed = async <T>(path: string, body: unknown): Promise<[T, number]> => {
    const t0 = performance.now();
    const answer = await client.call<T>('POST', path, body);
    return [answer, performance.now() - t0];
  };
  const [vehicles, vehiclesCold] = await timed<GenerateVehiclesAnswer>('/datasets/editor/dvrp_vehicles/generate', vehiclesBody);
  const [stops, stopsCold] = await timed<GenerateStopsAnswer>('/datasets/editor/dvrp_stops/generate', stopsBody);
  const warmV: number[] = [];
  const warmS: number[] = [];
  for (let i = 0; i < WARM; i++) {
    warmV.push((await timed('/datasets/editor/dvrp_vehicles/generate', vehiclesBody))[1]);
    warmS.push((await timed('/datasets/editor/dvrp_stops/generate', stopsBody))[1]);
  }
  const links = new Set(vehicles.vehicles.map((v) => v.startLinkId)).size;
  warmV.sort((a, b) => a - b);
  warmS.sort((a, b) => a - b);
  rows.push([`${VEHICLES.toLocaleString('en')} vehicles (on ${links.toLocaleString('en')} links): first call (cold)`, ms(vehiclesCold)]);
  rows.push([`${VEHICLES.toLocaleString('en')} vehicles: warm, median / max of ${WARM}`, `${ms(percentile(warmV, 50))} / ${ms(warmV.at(-1)!)}`]);
  rows.push([`${STOPS.toLocaleString('en')} stops: first call (cold)`, ms(stopsCold)]);
  rows.push([`${STOPS.toLocaleString('en')} stops: warm, median / max of ${WARM}`, `${ms(percentile(warmS, 50))} / ${ms(warmS.at(-1)!)}`]);
  return { vehicles, stops };
}

/** In this process: the worker's parts — the binary form read against the XML parsed, and the draw. */
async function workerParts(area: AreaGeometry, rows: [string, string][]): Promise<void> {
  const gzip = readFileSync(BERLIN_NETWORK);
  const t0 = performance.now();
  let links = 0;
  await streamNetwork(new Uint8Array(gzip), { onNode: () => undefined, onLink: () => void links++ });
  const xmlMs = performance.now() - t0;
  const { binary } = await buildNetworkBinary(new Uint8Array(gzip), { maxBytes: 2 ** 31, crs: BERLIN_CRS });
  const t1 = performance.now();
  const net = decodeNetwork(binary.slice());
  const decodeMs = performance.now() - t1;
  const t2 = performance.now();
  const candidates = linksInside(net, area, 'car').length;
  const insideMs = performance.now() - t2;
  const seed: [number, number, number, number] = [1, 2, 3, 4];
  const t3 = performance.now();
  generateOn(net, { maxBytes: 0, what: 'vehicles', area, mode: 'car', count: VEHICLES, seed, existingIds: [], vehicle: { seats: 4, startTime: 0, endTime: 86_400 }, crs: BERLIN_CRS });
  const vehiclesMs = performance.now() - t3;
  const t4 = performance.now();
  generateOn(net, { maxBytes: 0, what: 'stops', area, mode: 'car', count: STOPS, seed, existingIds: [], crs: BERLIN_CRS });
  const stopsMs = performance.now() - t4;
  rows.push([`in process: network XML streamed (${links.toLocaleString('en')} links, gzip)`, ms(xmlMs)]);
  rows.push([`in process: network.bin decoded (${(binary.byteLength / 1e6).toFixed(1)} MB)`, ms(decodeMs)]);
  rows.push([`in process: car links inside the area (${candidates.toLocaleString('en')})`, ms(insideMs)]);
  rows.push([`in process: ${VEHICLES.toLocaleString('en')} vehicles / ${STOPS.toLocaleString('en')} stops drawn on the decoded network`, `${ms(vehiclesMs)} / ${ms(stopsMs)}`]);
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
  ensureWebBuild();
  const rows: [string, string][] = [];
  const server = await startServer();
  try {
    const scenario = await berlinScenario(server, rows);
    const answers = await generatedOnBerlin(scenario, rows);
    await workerParts(scenario.area, rows);
    await drtEditorFigures(scenario, answers, rows);
  } finally {
    await server.stop();
  }
  console.table(rows.map(([what, value]) => ({ what, value })));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
