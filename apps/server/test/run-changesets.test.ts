/**
 * Runs with changesets (issue 13): the chosen changesets are applied in order to a copy of the network file, the
 * run's job gets the copy, the scenario's file stays byte-identical, and the run records what it applied. A
 * modification that cannot apply to the network refuses the schedule with 400 and creates no run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Modification } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
import { readNetwork, readTransitSchedule } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { applyChangesets } from '../src/modules/jobs/apply-changesets.ts';
import { applyToScenario } from '../src/modules/jobs/apply-transit.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, ok, schedule, schedulePayload, scenarioWithInputs, scheduleOk, TestRunner, type ScenarioInputs } from './runner-client.ts';
import { addUser, attach, createScenario, filesBelow, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let inputs: ScenarioInputs;
let runnerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  runnerToken = (await createRunnerToken(t.app, admin)).token;
  inputs = await scenarioWithInputs(t.app, alice);
});
afterAll(() => t?.close());

const as = (session: Session) => ({ cookie: session.cookie });

async function createChangeset(name: string, modifications: Modification[], scenarioId = inputs.scenarioId): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/datasets/datasets/${scenarioId}/changesets/`,
    headers: as(alice),
    payload: { id: -1, name, modifications },
  });
  return ok<{ id: number }>(response, 'changeset').id;
}

async function fileBytes(fileId: number): Promise<Buffer> {
  const response = await t.app.inject({ url: `${API}/datasets/files/${fileId}?dl=1`, headers: as(alice) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

const scenarioNetworkBytes = () => fileBytes(inputs.files.network.id);

async function runCount(): Promise<number> {
  const response = await t.app.inject({ url: `${API}/jobs/jobs/list`, headers: as(alice) });
  return ok<unknown[]>(response, 'jobs').length;
}

describe('changesets applied to a run', () => {
  it('gives the run a copy of the network with the changesets applied and leaves the scenario file as it was', async () => {
    const original = await readFile(path.join(SHARED_DATA, 'equil', 'network.xml'));
    const before = await scenarioNetworkBytes();
    expect(before.equals(original)).toBe(true);
    const closed = await createChangeset('Link 3 closed, link 2 narrowed', [
      { type: 'network/deleteLink', id: '3' },
      { type: 'network/updateLink', id: '2', changes: { capacity: 1234 } },
    ]);
    const widened = await createChangeset('Link 2 widened', [{ type: 'network/updateLink', id: '2', changes: { capacity: 1500, lanes: 2 } }]);

    const scheduled = await scheduleOk(t.app, alice, inputs, { changesets: [{ id: closed }, { id: widened }] });

    const runner = new TestRunner(t.app, { token: runnerToken });
    await runner.connect();
    const claimed = await runner.claimJob();
    expect(claimed?.jobId).toBe(scheduled.id);
    const networkInput = claimed!.files.find((f) => f.role === 'network')!;
    expect(networkInput.fileId).not.toBe(inputs.files.network.id);
    const download = await runner.inputFile(scheduled.id, networkInput.fileId);
    expect(download.statusCode, download.body).toBe(200);

    const base = await readNetwork(original);
    const edited = await readNetwork(download.rawPayload);
    expect(edited.links.has('3')).toBe(false);
    expect(edited.links.size).toBe(base.links.size - 1);
    // Applied in order: the second changeset's capacity wins; neither the old 3600 nor the first edit remains.
    expect(edited.links.get('2')).toMatchObject({ capacity: 1500, permlanes: 2, from: '2', to: '3' });
    expect(edited.links.get('1')).toMatchObject({ capacity: 36000, length: 10000 });
    expect(edited.nodes.size).toBe(base.nodes.size);
    for (const node of base.nodes.values()) expect(edited.nodes.get(node.id)).toMatchObject({ x: node.x, y: node.y });

    expect((await scenarioNetworkBytes()).equals(original)).toBe(true);

    const run = ok<{ attributes: Record<string, unknown> }>(
      await t.app.inject({ url: `${API}/datasets/datasets/${scheduled.datasetId}`, headers: as(alice) }),
      'run',
    );
    expect(run.attributes.__changesets).toEqual([
      { id: closed, name: 'Link 3 closed, link 2 narrowed', modifications: 2, files: ['network'] },
      { id: widened, name: 'Link 2 widened', modifications: 1, files: ['network'] },
    ]);
  });

  it('refuses with 400 and the reason when a modification cannot apply, and creates no run', async () => {
    const broken = await createChangeset('Unknown link', [{ type: 'network/deleteLink', id: 'no-such-link' }]);
    const runsBefore = await runCount();
    const blobsBefore = await filesBelow(t.config.dataDir);
    const response = await schedule(t.app, alice, schedulePayload(alice, inputs, { changesets: [{ id: broken }] }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain('Unknown link');
    expect(await runCount()).toBe(runsBefore);
    expect(await filesBelow(t.config.dataDir)).toEqual(blobsBefore);
  });
});

describe('transit changesets applied to a run (issue 28)', () => {
  const tutorial = (name: string) => readFile(path.join(SHARED_DATA, 'pt-tutorial', name));
  // One person is enough: the run is only scheduled here.
  const population = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE population SYSTEM "http://www.matsim.org/files/dtd/population_v6.dtd">
<population><person id="1"><plan selected="yes"><activity type="h" link="11" end_time="06:00:00"/><leg mode="pt"/><activity type="w" link="33"/></plan></person></population>
`;
  let pt: { scenarioId: number; files: Record<string, { id: number; name: string }> };

  beforeAll(async () => {
    const scenario = await createScenario(t.app, alice, { key: 'pt-tutorial', name: 'PT Tutorial' });
    const roles = { config: '0.config.xml', network: 'multimodalnetwork.xml', transitschedule: 'transitschedule.xml', transitvehicles: 'transitVehicles.xml' } as const;
    const uploaded = await uploadOk(t.app, alice, [
      ...(await Promise.all(Object.values(roles).map(async (name) => ({ name, content: await tutorial(name) })))),
      { name: 'one-person.xml', content: Buffer.from(population) },
    ]);
    for (const file of uploaded) await attach(t.app, alice, scenario.id, file.id);
    const byName = new Map(uploaded.map((f) => [f.name, { id: f.id, name: f.name }]));
    pt = {
      scenarioId: scenario.id,
      files: { ...Object.fromEntries(Object.entries(roles).map(([role, name]) => [role, byName.get(name)!])), population: byName.get('one-person.xml')! },
    };
  });

  const ptPayload = (changesets: number[], without?: string) => ({
    ...schedulePayload(alice, inputs),
    name: 'PT run',
    scenarioId: pt.scenarioId,
    matsimRunId: 'pt',
    files: Object.entries(pt.files)
      .filter(([role]) => role !== without)
      .map(([role, file]) => ({ file: file.id, name: file.name, role })),
    changesets: changesets.map((id) => ({ id })),
  });

  /** Schedules; answers the run's input files by role and its `__changesets`. */
  async function ptRun(changesets: number[]): Promise<{ jobId: number; runId: number; inputs: Map<string, number>; applied: unknown }> {
    const scheduled = ok<{ id: number; datasetId: number }>(await schedule(t.app, alice, ptPayload(changesets)), 'schedule');
    const job = ok<{ files: { id: number; role: string }[] }>(await t.app.inject({ url: `${API}/jobs/jobs/${scheduled.id}`, headers: as(alice) }), 'job');
    const run = ok<{ attributes: Record<string, unknown> }>(await t.app.inject({ url: `${API}/datasets/datasets/${scheduled.datasetId}`, headers: as(alice) }), 'run');
    return { jobId: scheduled.id, runId: scheduled.datasetId, inputs: new Map(job.files.map((f) => [f.role, f.id])), applied: run.attributes.__changesets };
  }

  it('gives the run a modified copy of the schedule (stop deleted, new departures) and leaves the network and the scenario files as they were', async () => {
    const original = await tutorial('transitschedule.xml');
    const departures = [
      { id: 'd1', departureTime: 8 * 3600, vehicleRefId: 'tr_1' },
      { id: 'd2', departureTime: 9 * 3600 + 30 * 60, vehicleRefId: 'tr_2' },
    ];
    const changeset = await createChangeset(
      'Stop 2a closed, new timetable',
      [
        { type: 'transitStop/delete', id: '2a' },
        { type: 'route/updateDepartures', lineId: 'Blue Line', routeId: '3to1', departures },
      ],
      pt.scenarioId,
    );
    const run = await ptRun([changeset]);
    expect(run.inputs.get('network')).toBe(pt.files.network!.id);
    const scheduleId = run.inputs.get('transitschedule')!;
    expect(scheduleId).not.toBe(pt.files.transitschedule!.id);
    const edited = await readTransitSchedule(await fileBytes(scheduleId));
    expect(edited.stops.has('2a')).toBe(false);
    expect([...edited.stops.keys()]).toEqual(['1', '2b', '3']);
    const line = edited.lines.get('Blue Line')!;
    expect(line.routes.get('1to3')!.stops.map((stop) => stop.refId)).toEqual(['1', '3']);
    expect(line.routes.get('3to1')!.departures).toEqual(departures);
    expect(line.routes.get('1to3')!.departures).toEqual((await readTransitSchedule(original)).lines.get('Blue Line')!.routes.get('1to3')!.departures);
    expect((await fileBytes(pt.files.transitschedule!.id)).equals(original)).toBe(true);
    expect(run.applied).toEqual([{ id: changeset, name: 'Stop 2a closed, new timetable', modifications: 2, files: ['transitschedule'] }]);

    // Run again takes the same modified copy.
    const again = ok<{ id: number }>(await t.app.inject({ method: 'POST', url: `${API}/datasets/runs/${run.runId}/again`, headers: as(alice) }), 'again');
    const againJob = ok<{ files: { id: number; role: string }[] }>(await t.app.inject({ url: `${API}/jobs/jobs/${again.id}`, headers: as(alice) }), 'job');
    expect(againJob.files.find((f) => f.role === 'transitschedule')?.id).toBe(scheduleId);
  });

  it('changes the routes using a deleted link, and leaves the schedule alone when a network change does not touch it', async () => {
    const closed = await createChangeset('Link 23 closed', [{ type: 'network/deleteLink', id: '23' }], pt.scenarioId);
    const run = await ptRun([closed]);
    const network = await readNetwork(await fileBytes(run.inputs.get('network')!));
    expect(network.links.has('23')).toBe(false);
    const schedule = await readTransitSchedule(await fileBytes(run.inputs.get('transitschedule')!));
    const before = (await readTransitSchedule(await tutorial('transitschedule.xml'))).lines.get('Blue Line')!.routes.get('1to3')!.links;
    expect(before).toContain('23');
    expect(schedule.lines.get('Blue Line')!.routes.get('1to3')!.links).toEqual(before.filter((id) => id !== '23'));
    expect(run.applied).toEqual([{ id: closed, name: 'Link 23 closed', modifications: 1, files: ['network', 'transitschedule'] }]);

    const narrowed = await createChangeset('Link 11 narrowed', [{ type: 'network/updateLink', id: '11', changes: { capacity: 500 } }], pt.scenarioId);
    const networkOnly = await ptRun([narrowed]);
    expect(networkOnly.inputs.get('network')).not.toBe(pt.files.network!.id);
    expect(networkOnly.inputs.get('transitschedule')).toBe(pt.files.transitschedule!.id);
  });

  it('refuses with 400 and the §8 text when a transit modification cannot apply, or when the run has no schedule; no run is made', async () => {
    const ghost = await createChangeset('Ghost line', [{ type: 'route/updateDepartures', lineId: 'No Such Line', routeId: 'r', departures: [] }], pt.scenarioId);
    const runsBefore = await runCount();
    const refused = await schedule(t.app, alice, ptPayload([ghost]));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toMatch(/^The changeset "Ghost line" cannot be applied to the transit schedule: Failed to apply modifications on data: ./);

    const stopGone = await createChangeset('Stop 1 closed', [{ type: 'transitStop/delete', id: '1' }], pt.scenarioId);
    const noSchedule = await schedule(t.app, alice, ptPayload([stopGone], 'transitschedule'));
    expect(noSchedule.statusCode, noSchedule.body).toBe(400);
    expect(noSchedule.json().message).toBe('The changeset "Stop 1 closed" has public transport changes but the run has no transit schedule.');
    expect(await runCount()).toBe(runsBefore);
  });
});

describe('the converter with a projected CRS', () => {
  const network = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">
<network>
  <nodes>
    <node id="a" x="391234.123456789" y="5819876.987654321"/>
    <node id="b" x="392234.1" y="5820876.3"/>
  </nodes>
  <links capperiod="01:00:00">
    <link id="ab" from="a" to="b" length="1414.2" freespeed="13.89" capacity="600" permlanes="1" modes="car"/>
  </links>
</network>
`;

  it('applies a changeset’s network modifications and leaves its transit ones to the schedule', async () => {
    const out = await applyChangesets(Buffer.from(network), {
      crs: 'EPSG:25833',
      gzip: false,
      changesets: [
        {
          id: 1,
          name: 'bus stop and capacity',
          modifications: [
            { type: 'transitStop/delete', id: 'not-in-this-network-file' },
            { type: 'network/updateLink', id: 'ab', changes: { capacity: 900 } },
          ],
        },
      ],
    });
    expect((await readNetwork(out)).links.get('ab')).toMatchObject({ capacity: 900 });
  });

  it('keeps untouched x/y exactly and brings a moved node back into the scenario CRS', async () => {
    const out = await applyChangesets(Buffer.from(network), {
      crs: 'EPSG:25833',
      gzip: false,
      changesets: [{ id: 1, name: 'move b', modifications: [{ type: 'network/updateNode', id: 'b', lng: 13.4, lat: 52.52 }] }],
    });
    const edited = await readNetwork(out);
    expect(edited.nodes.get('a')).toMatchObject({ x: 391234.123456789, y: 5819876.987654321 });
    const b = edited.nodes.get('b')!;
    // Written in the scenario CRS: back in WGS84 it is where the changeset put it.
    const [lng, lat] = transformer('EPSG:25833')(xy(b.x, b.y));
    expect(lng).toBeCloseTo(13.4, 7);
    expect(lat).toBeCloseTo(52.52, 7);
    expect(b.x).toBeGreaterThan(300_000);
    expect(edited.links.get('ab')).toMatchObject({ from: 'a', to: 'b', capacity: 600 });
  });
});

describe('a gzip-compressed schedule', () => {
  it('is written back compressed, and only the files the changesets changed are written', async () => {
    const dir = path.join(SHARED_DATA, 'pt-tutorial');
    const network = await readFile(path.join(dir, 'multimodalnetwork.xml'));
    const schedule = { bytes: gzipSync(await readFile(path.join(dir, 'transitschedule.xml'))), name: 'transitschedule.xml.gz', gzip: true };
    const out = await applyToScenario(network, {
      gzip: false,
      schedule,
      changesets: [
        { id: 1, name: 'stop', modifications: [{ type: 'transitStop/delete', id: '2b' }] },
        { id: 2, name: 'nothing here', modifications: [{ type: 'drt/deleteStops', ids: ['x'] }] },
      ],
    });
    expect(out.network).toBeUndefined();
    expect(out.changed).toEqual([['transitschedule'], []]);
    expect(out.schedule![0]).toBe(0x1f); // gzip magic
    expect([...(await readTransitSchedule(out.schedule!)).stops.keys()]).toEqual(['1', '2a', '3']);
  });
});
