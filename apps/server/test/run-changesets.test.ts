/**
 * Runs with changesets (issue 13): the chosen changesets are applied in order to a copy of the network file, the
 * run's job gets the copy, the scenario's file stays byte-identical, and the run records what it applied. A
 * modification that cannot apply to the network refuses the schedule with 400 and creates no run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Modification } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
import { readNetwork } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChangesets } from '../src/modules/jobs/apply-changesets.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, ok, schedule, schedulePayload, scenarioWithInputs, scheduleOk, TestRunner, type ScenarioInputs } from './runner-client.ts';
import { addUser, filesBelow, SHARED_DATA, type Session } from './workspace-helpers.ts';

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

async function createChangeset(name: string, modifications: Modification[]): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/datasets/datasets/${inputs.scenarioId}/changesets/`,
    headers: as(alice),
    payload: { id: -1, name, modifications },
  });
  return ok<{ id: number }>(response, 'changeset').id;
}

async function scenarioNetworkBytes(): Promise<Buffer> {
  const response = await t.app.inject({ url: `${API}/datasets/files/${inputs.files.network.id}?dl=1`, headers: as(alice) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

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
      { id: closed, name: 'Link 3 closed, link 2 narrowed', modifications: 2 },
      { id: widened, name: 'Link 2 widened', modifications: 1 },
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
