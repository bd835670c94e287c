/**
 * The visualizer's calls (spec 3 §7) on a real run: newwest's events and network uploaded as a run's outputs,
 * prepared by run post-processing. Positions, volumes and flow bundles are checked against what this test computes
 * itself from the events file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { forEachEvent } from '@corridor/matsim';
import { LINK_COUNT_HEADER, TRAJECTORY_HEADERS, VIS_MESSAGES, type AnalysisOptions, type DataSourceOptions } from '@corridor/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, ok, scenarioWithInputs, scheduleOk, TestRunner } from './runner-client.ts';
import { insertRun } from './run-fixtures.ts';
import { finishWithOutputs, vehicleData } from './visualizer-fixtures.ts';
import { addUser, attach, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const NEWWEST = 'output-newwest-2024';

let t: TestApp;
let alice: Session;
let bob: Session;
let runId: number;
let emptyRunId: number;
let options: DataSourceOptions;
let events: EventFacts;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  const { token } = await createRunnerToken(t.app, admin);
  const runner = new TestRunner(t.app, { token });
  await runner.connect();
  const inputs = await scenarioWithInputs(t.app, alice);
  const finishedRun = async (names: string[], matsimRunId: string) => {
    const scheduled = await scheduleOk(t.app, alice, inputs, { matsimRunId });
    await runner.claimJob();
    await runner.started(scheduled.id);
    await finishWithOutputs(runner, scheduled.id, NEWWEST, names);
    return scheduled.datasetId;
  };
  runId = await finishedRun(['output_events.xml.gz', 'output_network.xml.gz'], 'newwest');
  emptyRunId = await finishedRun(['output_network.xml.gz'], 'no_events');
  [options, events] = await Promise.all([vehicleData(t.app, alice, runId), readEvents()]);
}, 180_000);
afterAll(() => t?.close());

const as = (session: Session | null) => (session ? { cookie: session.cookie } : {});
const get = (url: string, session: Session | null = alice) => t.app.inject({ url: `${API}${url}`, headers: as(session) });
const post = (url: string, payload: object, session: Session | null = alice) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers: as(session), payload });

/** What the test itself reads from the events file. */
interface EventFacts {
  vehicles: Set<string>;
  /** Per vehicle, its time on links: [link, t0, t1, moving] (stationary: waiting at the departure link's end). */
  segments: Map<string, [string, number, number, boolean][]>;
  entered: { link: string; time: number }[];
  /** Per stretch in traffic, the links it entered. */
  stretches: Set<string>[];
}

async function readEvents(): Promise<EventFacts> {
  const facts: EventFacts = { vehicles: new Set(), segments: new Map(), entered: [], stretches: [] };
  const open = new Map<string, { link: string; since: number; moving: boolean; stretch: Set<string> }>();
  const close = (vehicle: string, time: number) => {
    const state = open.get(vehicle);
    if (!state) return;
    facts.segments.get(vehicle)!.push([state.link, state.since, time, state.moving]);
  };
  await forEachEvent(
    path.join(SHARED_DATA, NEWWEST, 'output_events.xml.gz'),
    (e) => {
      const event = e as unknown as { type: string; time: number; vehicle: string; link: string };
      const { vehicle, time, link } = event;
      switch (event.type) {
        case 'vehicle enters traffic':
          facts.vehicles.add(vehicle);
          if (!facts.segments.has(vehicle)) facts.segments.set(vehicle, []);
          open.set(vehicle, { link, since: time, moving: false, stretch: new Set() });
          break;
        case 'left link':
          close(vehicle, time);
          break;
        case 'entered link': {
          facts.entered.push({ link, time });
          const state = open.get(vehicle);
          if (!state) break;
          state.stretch.add(link);
          open.set(vehicle, { ...state, link, since: time, moving: true });
          break;
        }
        case 'vehicle leaves traffic': {
          const state = open.get(vehicle);
          if (state?.moving) close(vehicle, time);
          if (state) facts.stretches.push(state.stretch);
          open.delete(vehicle);
          break;
        }
      }
    },
    { types: ['vehicle enters traffic', 'left link', 'entered link', 'vehicle leaves traffic'] },
  );
  return facts;
}

/** The trajectories answer decoded by the contract's layout (not by the package that wrote it). */
function decodeAnswer(body: Buffer): { vehicle: number; points: [number, number, number, number][] }[] {
  const bytes = new Uint8Array(body).slice(); // aligned copy
  const ints = new Int32Array(bytes.buffer, 0, Math.floor(bytes.byteLength / 4));
  const paths = ints[0]!;
  const floats = new Float32Array(bytes.buffer, 4 + 8 * paths);
  let at = 0;
  return Array.from({ length: paths }, (_, p) => {
    const count = ints[1 + paths + p]!;
    const points = Array.from({ length: count }, (_, i) => [...floats.subarray(4 * (at + i), 4 * (at + i) + 4)] as [number, number, number, number]);
    at += count;
    return { vehicle: ints[1 + p]!, points };
  });
}

async function linkGeometry(fileId: number): Promise<Map<string, Float32Array>> {
  const binary = await get(`/datasets/network/${fileId}/binary`);
  const ids = ok<string[]>(await get(`/datasets/network/${fileId}/binary/lookup`), 'lookup');
  const coords = new Float32Array(new Uint8Array(binary.rawPayload).slice().buffer);
  return new Map(ids.map((id, i) => [id, coords.subarray(4 * i, 4 * i + 4)]));
}

const busiestHour = () => {
  const perHour = new Map<number, number>();
  for (const { time } of events.entered) perHour.set(Math.floor(time / 3600), (perHour.get(Math.floor(time / 3600)) ?? 0) + 1);
  return [...perHour].sort((a, b) => b[1] - a[1])[0]![0];
};

const expectError = (response: LightMyRequestResponse, status: number, message?: string) => {
  expect(response.statusCode, response.body).toBe(status);
  if (message) expect(response.json().message).toBe(message);
};

describe('a finished run with events', () => {
  it('is prepared by post-processing: options, state and log', async () => {
    const files = ok<{ files: { id: number; name: string }[]; attributes: Record<string, { status: string }> }>(await get(`/datasets/datasets/${runId}`), 'run');
    const network = files.files.find((f) => f.name === 'output_network.xml.gz')!;
    expect(options).toMatchObject({
      networkFileId: network.id,
      networkAnalyses: ['link-volume', 'flow-bundle'],
      vehicleAttributes: { mode: 'string', 'relative-speed': 'decimal', 'absolute-speed': 'decimal' },
      vehicleCategories: { mode: ['car'] },
      transitModes: { '0': 'car' },
      vehicleData: { status: 'READY', message: null, vehicles: events.vehicles.size },
    });
    expect(options.networkAttributes).toMatchObject({ length: 'decimal', lanes: expect.stringMatching(/^(integer|decimal)$/), modes: 'string', 'link-volume': 'analysis', 'flow-bundle': 'analysis' });
    expect(options.vehicleData.totalEvents).toBeGreaterThanOrEqual(2 * 185_219);
    expect(options.vehicleData.firstEventTime).toBeLessThan(options.vehicleData.lastEventTime!);
    // New Westminster, BC, in WGS 84.
    const box = options.networkBoundingBox!;
    expect(box.xMin).toBeGreaterThan(-123.2);
    expect(box.xMax).toBeLessThan(-122.6);
    expect(box.yMin).toBeGreaterThan(49.0);
    expect(box.yMax).toBeLessThan(49.4);
    expect(files.attributes.postProcessVehicles).toMatchObject({ status: 'FINISHED' });

    const run = ok<{ run: { postProcessRun: { logFileId: number }; postProcessVehicles: unknown } }>(await get(`/datasets/run/${runId}`), 'run page');
    // The run page's Post process card: the vehicle step with the shared log.
    expect(run.run.postProcessVehicles).toEqual({ status: 'FINISHED', logFileId: run.run.postProcessRun.logFileId, fileId: null, logFile: null, message: null });
    const log = await get(`/datasets/sysfiles/${run.run.postProcessRun.logFileId}`);
    expect(log.body).toMatch(/Vehicle data: reading output_events\.xml\.gz on the network output_network\.xml\.gz/);
    expect(log.body).toMatch(new RegExp(`Vehicle data: \\d+ vehicle events read in [\\d.]+ s \\(\\d+ events/s\\): ${events.vehicles.size} vehicles`));
  });

  it('draws the network: Float32 link coordinates, the id lookup and link attributes per link', async () => {
    const fileId = options.networkFileId!;
    const binary = await get(`/datasets/network/${fileId}/binary`);
    expect(binary.statusCode).toBe(200);
    expect(binary.headers['content-type']).toBe('application/octet-stream');
    expect(binary.headers[LINK_COUNT_HEADER]).toBe('72266');
    expect(binary.rawPayload.byteLength).toBe(72_266 * 16);
    const ids = ok<string[]>(await get(`/datasets/network/${fileId}/binary/lookup`), 'lookup');
    expect(ids).toHaveLength(72_266);
    expect(new Set(ids).size).toBe(72_266);

    const geometry = await linkGeometry(fileId);
    for (const c of [...geometry.values()].slice(0, 100)) {
      expect(c[0]).toBeGreaterThan(box().xMin - 1e-4);
      expect(c[1]).toBeLessThan(box().yMax + 1e-4);
    }

    const lanes = await get(`/datasets/files/${fileId}/binary-network-attributes/lanes`);
    expect(lanes.statusCode).toBe(200);
    expect(lanes.headers['content-type']).toBe('application/octet-stream');
    const laneValues = new Float32Array(new Uint8Array(lanes.rawPayload).slice().buffer);
    expect(laneValues).toHaveLength(72_266);
    expect(laneValues.every((v) => Number.isFinite(v) && v > 0)).toBe(true);

    // A text attribute: indices into the sorted distinct values the /values call answers.
    const values = ok<{ values: string[] }>(await get(`/datasets/network/${fileId}/attributes/modes/values`), 'mode values').values;
    const modes = new Float32Array(new Uint8Array((await get(`/datasets/files/${fileId}/binary-network-attributes/modes`)).rawPayload).slice().buffer);
    expect(modes).toHaveLength(72_266);
    expect(new Set([...modes].map((i) => values[i]))).toContain('car');

    expectError(await get(`/datasets/files/${fileId}/binary-network-attributes/nothing`), 404, VIS_MESSAGES.unknownAttribute('nothing'));
  });

  it('plays the vehicles: positions at a moment equal those interpolated from the link events', async () => {
    const hour = busiestHour();
    const at = hour * 3600 + 1800.5;
    const response = await post(`/datasets/analysis/${runId}/trajectories`, { timeFilter: { from: at - 150, to: at + 150 }, attribute: 'mode' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers[TRAJECTORY_HEADERS.totalEvents]).toBe(String(options.vehicleData.totalEvents));
    expect(response.headers[TRAJECTORY_HEADERS.firstEvent]).toBe(String(options.vehicleData.firstEventTime));
    expect(response.headers[TRAJECTORY_HEADERS.lastEvent]).toBe(String(options.vehicleData.lastEventTime));
    expect(response.headers[TRAJECTORY_HEADERS.bufferStart]).toBe(String(at - 150));
    expect(response.headers[TRAJECTORY_HEADERS.bufferEnd]).toBe(String(at + 150));

    const paths = decodeAnswer(response.rawPayload);
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) {
      expect(p.vehicle).toBeGreaterThanOrEqual(0);
      expect(p.vehicle).toBeLessThan(events.vehicles.size);
      for (let i = 1; i < p.points.length; i++) expect(p.points[i]![2]).toBeGreaterThanOrEqual(p.points[i - 1]![2]);
      // The value of the mode attribute: the index of 'car'.
      expect(p.points.every((point) => point[3] === 0)).toBe(true);
    }
    const served = paths.flatMap((p) => {
      for (let i = 1; i < p.points.length; i++) {
        const [a, b] = [p.points[i - 1]!, p.points[i]!];
        if (a[2] <= at && at <= b[2]) {
          const f = b[2] === a[2] ? 0 : (at - a[2]) / (b[2] - a[2]);
          return [[a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1])]];
        }
      }
      return [];
    });

    const geometry = await linkGeometry(options.networkFileId!);
    const expected: number[][] = [];
    for (const list of events.segments.values()) {
      for (const [link, t0, t1, moving] of list) {
        if (!(t0 < at && at < t1)) continue;
        const c = geometry.get(link)!;
        const f = moving ? (at - t0) / (t1 - t0) : 1;
        expected.push([c[0]! + f * (c[2]! - c[0]!), c[1]! + f * (c[3]! - c[1]!)]);
      }
    }
    expect(expected.length).toBeGreaterThan(10);
    expect(served).toHaveLength(expected.length);
    const unmatched = [...served];
    for (const [x, y] of expected) {
      const i = unmatched.findIndex(([sx, sy]) => Math.abs(sx! - x!) < 2e-5 && Math.abs(sy! - y!) < 2e-5);
      expect(i, `a served vehicle at ${x}, ${y}`).toBeGreaterThanOrEqual(0);
      unmatched.splice(i, 1);
    }
  });

  it('counts link volumes as the entered-link events, over the day, an hour and by mode', async () => {
    const count = (keep: (time: number) => boolean) => {
      const counts: Record<string, number> = {};
      for (const { link, time } of events.entered) if (keep(time)) counts[link] = (counts[link] ?? 0) + 1;
      return counts;
    };
    const day = await post(`/datasets/analysis/${runId}/link-volume`, {});
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json()).toEqual(count(() => true));
    const hour = busiestHour();
    const window = { from: hour * 3600, to: (hour + 1) * 3600 };
    expect(ok(await post(`/datasets/analysis/${runId}/link-volume`, { timeFilter: window }), 'hour')).toEqual(count((time) => Math.floor(time / 3600) === hour));
    expect(ok(await post(`/datasets/analysis/${runId}/link-volume`, { filters: [{ name: 'mode', operator: 'in', value: ['car'] }] }), 'car')).toEqual(count(() => true));
    expect(ok(await post(`/datasets/analysis/${runId}/link-volume`, { filters: [{ name: 'mode', operator: '=', value: 'bus' }] }), 'bus')).toEqual({});

    const analysis = ok<AnalysisOptions>(await get(`/datasets/analysis/${runId}/link-volume/options`), 'analysis options');
    expect(analysis).toMatchObject({ name: 'link-volume', filterOptions: { mode: { type: 'string', values: ['car'] } } });
    expect(analysis.timeRange!.to).toBeGreaterThan(options.vehicleData.lastEventTime! - 3600);
  });

  it('bundles the flows through a link over whole stretches; unknown link ids are skipped', async () => {
    const perLink = new Map<string, number>();
    for (const { link } of events.entered) perLink.set(link, (perLink.get(link) ?? 0) + 1);
    const busiest = [...perLink].sort((a, b) => b[1] - a[1])[0]![0];
    const expected: Record<string, number> = {};
    for (const stretch of events.stretches) if (stretch.has(busiest)) for (const link of stretch) expected[link] = (expected[link] ?? 0) + 1;

    const response = await post(`/datasets/analysis/${runId}/flow-bundle`, { ids: [busiest, 'no-such-link'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ [busiest]: expected });
    expect(ok(await post(`/datasets/analysis/${runId}/flow-bundle`, { ids: ['no-such-link'] }), 'unknown only')).toEqual({});
    expect(ok<AnalysisOptions>(await get(`/datasets/analysis/${runId}/flow-bundle/options`), 'options').name).toBe('flow-bundle');
    expectError(await post(`/datasets/analysis/${runId}/flow-bundle`, {}), 400);
  });

  it('answers 400 to a bad filter or attribute and 404 to an unknown analysis', async () => {
    const timeFilter = { from: 0, to: 300 };
    const badFilter = await post(`/datasets/analysis/${runId}/trajectories`, { timeFilter, filters: [{ name: 'speed', operator: '>', value: 3 }] });
    expectError(badFilter, 400);
    expect(badFilter.json().message).toMatch(/speed/);
    expectError(await post(`/datasets/analysis/${runId}/trajectories`, { timeFilter, attribute: 'colour' }), 400, VIS_MESSAGES.unknownAttribute('colour'));
    expectError(await post(`/datasets/analysis/${runId}/trajectories`, { timeFilter, attribute: 'toString' }), 400, VIS_MESSAGES.unknownAttribute('toString'));
    expectError(await post(`/datasets/analysis/${runId}/link-volume`, { filters: [{ name: 'mode', operator: '<', value: 3 }] }), 400);
    expectError(await post(`/datasets/analysis/${runId}/trajectories`, { timeFilter: { from: 300, to: 0 } }), 400);
    expectError(await get(`/datasets/analysis/${runId}/heat-map/options`), 404, VIS_MESSAGES.unknownAnalysis('heat-map'));
    expectError(await post(`/datasets/analysis/${runId}/heat-map`, {}), 404, VIS_MESSAGES.unknownAnalysis('heat-map'));
  });

  it("is another group's secret: 404 for its users, 401 signed out", async () => {
    const fileId = options.networkFileId!;
    const calls = [
      () => get(`/datasets/analysis/${runId}/options`, bob),
      () => post(`/datasets/analysis/${runId}/trajectories`, { timeFilter: { from: 0, to: 300 } }, bob),
      () => get(`/datasets/analysis/${runId}/link-volume/options`, bob),
      () => post(`/datasets/analysis/${runId}/link-volume`, {}, bob),
      () => get(`/datasets/analysis/${runId}/flow-bundle/options`, bob),
      () => post(`/datasets/analysis/${runId}/flow-bundle`, { ids: ['1'] }, bob),
      () => get(`/datasets/network/${fileId}/binary`, bob),
      () => get(`/datasets/network/${fileId}/binary/lookup`, bob),
      () => get(`/datasets/files/${fileId}/binary-network-attributes/lanes`, bob),
    ];
    for (const call of calls) expectError(await call(), 404);
    expectError(await get(`/datasets/analysis/${runId}/options`, null), 401);
    expectError(await post(`/datasets/analysis/${runId}/trajectories`, { timeFilter: { from: 0, to: 300 } }, null), 401);
  });
});

describe('a finished run without events', () => {
  it('has no vehicle data: options say NONE with the reason, the data calls answer 404 with it', async () => {
    const empty = await vehicleData(t.app, alice, emptyRunId);
    expect(empty.vehicleData).toEqual({ status: 'NONE', message: VIS_MESSAGES.noVehicleData, vehicles: 0, totalEvents: 0, firstEventTime: null, lastEventTime: null });
    expect(empty.networkAnalyses).toEqual([]);
    // Nothing to count: the analyses are not offered as link attributes either; the network's own ones are.
    await expect
      .poll(async () => (await vehicleData(t.app, alice, emptyRunId)).networkAttributes, { timeout: 30_000, interval: 250 })
      .toMatchObject({ length: 'decimal' });
    expect(Object.values((await vehicleData(t.app, alice, emptyRunId)).networkAttributes)).not.toContain('analysis');
    expect(empty.networkFileId).not.toBeNull();
    expectError(await post(`/datasets/analysis/${emptyRunId}/trajectories`, { timeFilter: { from: 0, to: 300 } }), 404, VIS_MESSAGES.noVehicleData);
    expectError(await post(`/datasets/analysis/${emptyRunId}/link-volume`, {}), 404, VIS_MESSAGES.noVehicleData);
    const run = ok<{ attributes: Record<string, unknown> }>(await get(`/datasets/datasets/${emptyRunId}`), 'run');
    expect(run.attributes.postProcessVehicles).toMatchObject({ status: 'NONE', message: VIS_MESSAGES.noVehicleData });
    const page = ok<{ run: { postProcessVehicles: { logFileId: number | null } } }>(await get(`/datasets/run/${emptyRunId}`), 'run page');
    expect(page.run.postProcessVehicles).toMatchObject({ status: 'FINISHED', message: VIS_MESSAGES.noVehicleData });
    // The step's own log link, whatever the tables step did.
    const log = await get(`/datasets/sysfiles/${page.run.postProcessVehicles.logFileId}`);
    expect(log.body).toMatch(/Vehicle data: the outputs have no events file/);
  });
});

describe('a run with events that post-processing never saw (finished before the visualizer, or imported)', () => {
  it('gets its vehicle data prepared by its first visualizer call', async () => {
    const run = await insertRun(t, { owner: alice, name: 'Equil imported' });
    const read = (name: string) => readFile(path.join(SHARED_DATA, 'output-equil-2024', name));
    const files = await uploadOk(t.app, alice, [
      { name: 'output_events.xml.gz', content: await read('output_events.xml.gz') },
      { name: 'output_network.xml.gz', content: await read('output_network.xml.gz') },
    ]);
    for (const file of files) await attach(t.app, alice, run.id, file.id);
    const first = ok<DataSourceOptions>(await get(`/datasets/analysis/${run.id}/options`), 'first options');
    expect(first.vehicleData).toMatchObject({ status: 'PROCESSING', message: VIS_MESSAGES.processing });
    expectError(await post(`/datasets/analysis/${run.id}/trajectories`, { timeFilter: { from: 0, to: 300 } }), 409, VIS_MESSAGES.processing);
    const ready = await vehicleData(t.app, alice, run.id);
    expect(ready.vehicleData).toMatchObject({ status: 'READY', vehicles: 100 });
    expect(ready.vehicleCategories).toEqual({ mode: ['car'] });
    const paths = decodeAnswer((await post(`/datasets/analysis/${run.id}/trajectories`, { timeFilter: { from: 6 * 3600, to: 8 * 3600 } })).rawPayload);
    expect(paths.length).toBeGreaterThan(0);
    // Without an attribute, every point's value is NaN.
    expect(paths.every((p) => p.points.every((point) => Number.isNaN(point[3])))).toBe(true);
  });
});

describe('a run whose events cannot be read', () => {
  it('says why in the options, the log and the data calls', async () => {
    const run = await insertRun(t, { owner: alice, name: 'Cut short' });
    const read = (name: string) => readFile(path.join(SHARED_DATA, 'output-equil-2024', name));
    const events = await read('output_events.xml.gz');
    const files = await uploadOk(t.app, alice, [
      { name: 'output_events.xml.gz', content: events.subarray(0, events.length - 4000) },
      { name: 'output_network.xml.gz', content: await read('output_network.xml.gz') },
    ]);
    expect(files.map((f) => f.tag)).toEqual(['events_v1', 'network_v2']);
    for (const file of files) await attach(t.app, alice, run.id, file.id);
    await get(`/datasets/analysis/${run.id}/options`); // starts the preparation
    const failed = await vehicleData(t.app, alice, run.id);
    expect(failed.vehicleData.status).toBe('FAILED');
    expect(failed.vehicleData.message).toMatch(/^The vehicle data of this run could not be prepared: ./);
    expectError(await post(`/datasets/analysis/${run.id}/trajectories`, { timeFilter: { from: 0, to: 300 } }), 404, failed.vehicleData.message!);
    const sysfiles = ok<{ id: number; name: string }[]>(await get(`/datasets/datasets/${run.id}/sysfiles`), 'system files');
    const log = await get(`/datasets/sysfiles/${sysfiles.find((f) => f.name === 'post-processing.log')!.id}`);
    expect(log.body).toContain('Vehicle data could not be prepared: ');
  });
});

const box = () => options.networkBoundingBox!;
