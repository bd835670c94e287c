/**
 * Export Scenario (spec 1 §2.12, issue 13): POST /datasets/datasets/{id}/export answers a zip of the chosen files
 * with the network edited by the chosen changesets (in order) and the config pointing at the zip's files. The
 * scenario's files stay byte-identical and nothing is stored; other groups' users get 404.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_MESSAGES, type Modification } from '@corridor/contract';
import { getParam, parseConfigText, readNetwork, readTransitSchedule } from '@corridor/matsim';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../../../e2e/support/zip.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok, scenarioWithInputs, type ScenarioInputs } from './runner-client.ts';
import { addUser, attach, createScenario, filesBelow, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let inputs: ScenarioInputs;
let counts: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  inputs = await scenarioWithInputs(t.app, alice);
  const uploaded = await uploadOk(t.app, alice, [{ name: 'counts100.xml', content: await readFile(path.join(SHARED_DATA, 'equil', 'counts100.xml')) }]);
  counts = uploaded[0]!;
  await attach(t.app, alice, inputs.scenarioId, counts.id);
});
afterAll(() => t?.close());

const as = (session: Session) => ({ cookie: session.cookie });

async function createChangeset(scenarioId: number, name: string, modifications: Modification[]): Promise<number> {
  const response = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${scenarioId}/changesets/`, headers: as(alice), payload: { id: -1, name, modifications } });
  return ok<{ id: number }>(response, 'changeset').id;
}

function exportScenario(session: Session, payload: unknown, scenarioId = inputs.scenarioId): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${scenarioId}/export`, headers: as(session), payload: payload as Record<string, unknown> });
}

const roles = () => ({ config: inputs.files.config.id, network: inputs.files.network.id, population: inputs.files.population.id });

async function scenarioFileBytes(fileId: number): Promise<Buffer> {
  const response = await t.app.inject({ url: `${API}/datasets/files/${fileId}?dl=1`, headers: as(alice) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('exporting a scenario', () => {
  it('zips the chosen files with the changesets applied in order and the config pointing at them; nothing is stored', async () => {
    const original = await readFile(path.join(SHARED_DATA, 'equil', 'network.xml'));
    const closed = await createChangeset(inputs.scenarioId, 'Link 3 closed, link 2 narrowed', [
      { type: 'network/deleteLink', id: '3' },
      { type: 'network/updateLink', id: '2', changes: { capacity: 1234 } },
    ]);
    const widened = await createChangeset(inputs.scenarioId, 'Link 5 widened', [{ type: 'network/updateLink', id: '5', changes: { capacity: 4321, lanes: 2 } }]);
    const stored = await filesBelow(t.config.dataDir);

    const response = await exportScenario(alice, { files: roles(), inputs: [counts.id], changesets: [closed, widened] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('attachment; filename="equil.zip"');

    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual(['config.xml', 'network.xml', 'plans100.xml', 'counts100.xml']);
    const base = await readNetwork(original);
    const edited = await readNetwork(entries.get('network.xml')!);
    expect(edited.links.has('3')).toBe(false);
    expect(edited.links.size).toBe(base.links.size - 1);
    expect(edited.links.get('2')).toMatchObject({ capacity: 1234, from: '2', to: '3' });
    expect(edited.links.get('5')).toMatchObject({ capacity: 4321, permlanes: 2 });
    expect(edited.links.get('1')).toMatchObject({ capacity: base.links.get('1')!.capacity });

    const config = parseConfigText(entries.get('config.xml')!.toString('utf8'));
    expect(getParam(config, 'network', 'inputNetworkFile')).toBe('network.xml');
    expect(getParam(config, 'plans', 'inputPlansFile')).toBe('plans100.xml');
    expect(getParam(config, 'controller', 'lastIteration')).toBe('10');
    expect(entries.get('plans100.xml')!.equals(await readFile(path.join(SHARED_DATA, 'equil', 'plans100.xml')))).toBe(true);
    expect(entries.get('counts100.xml')!.equals(await readFile(path.join(SHARED_DATA, 'equil', 'counts100.xml')))).toBe(true);

    // The scenario's network is as uploaded, and no file, blob or changeset was added.
    expect((await scenarioFileBytes(inputs.files.network.id)).equals(original)).toBe(true);
    expect(await filesBelow(t.config.dataDir)).toEqual(stored);
    const scenario = ok<{ files: unknown[] }>(await t.app.inject({ url: `${API}/datasets/datasets/${inputs.scenarioId}`, headers: as(alice) }), 'scenario');
    expect(scenario.files).toHaveLength(4);
  });

  it('exports the network as stored when no changeset is chosen', async () => {
    const response = await exportScenario(alice, { files: roles() });
    expect(response.statusCode, response.body).toBe(200);
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual(['config.xml', 'network.xml', 'plans100.xml']);
    expect(entries.get('network.xml')!.equals(await readFile(path.join(SHARED_DATA, 'equil', 'network.xml')))).toBe(true);
  });

  it("answers 404 to another group's user and 401 when signed out", async () => {
    expect((await exportScenario(bob, { files: roles() })).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${inputs.scenarioId}/export`, payload: { files: roles() } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses files and changesets that are not the scenario’s, and a changeset that cannot apply, with the reason', async () => {
    const unknownFile = await exportScenario(alice, { files: { ...roles(), population: 999_999 } });
    expect(unknownFile.statusCode).toBe(400);
    expect(unknownFile.json().message).toBe(EXPORT_MESSAGES.fileNotInScenario(999_999));

    const other = await scenarioWithInputs(t.app, bob, 'other');
    const foreignFile = await exportScenario(alice, { files: { ...roles(), network: other.files.network.id } });
    expect(foreignFile.statusCode).toBe(400);
    expect(foreignFile.json().message).toBe(EXPORT_MESSAGES.fileNotInScenario(other.files.network.id));

    const foreignChangeset = await t.app.inject({
      method: 'POST',
      url: `${API}/datasets/datasets/${other.scenarioId}/changesets/`,
      headers: as(bob),
      payload: { id: -1, name: 'Bob', modifications: [] },
    });
    const foreignId = ok<{ id: number }>(foreignChangeset, 'changeset').id;
    const refused = await exportScenario(alice, { files: roles(), changesets: [foreignId] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(EXPORT_MESSAGES.changesetNotInScenario(foreignId));

    const broken = await createChangeset(inputs.scenarioId, 'Unknown link', [{ type: 'network/deleteLink', id: 'no-such-link' }]);
    const notApplicable = await exportScenario(alice, { files: roles(), changesets: [broken] });
    expect(notApplicable.statusCode).toBe(400);
    expect(notApplicable.json().message).toContain('The changeset "Unknown link" cannot be applied to the network');

    const notAConfig = await exportScenario(alice, { files: { ...roles(), config: inputs.files.population.id } });
    expect(notAConfig.statusCode).toBe(400);
    expect(notAConfig.json().message).toMatch(/^The config plans100\.xml could not be read: /);

    const missingNetwork = await exportScenario(alice, { files: { config: inputs.files.config.id } });
    expect(missingNetwork.statusCode).toBe(400);
  });
});

describe('exporting a scenario with public transport changes (issue 28)', () => {
  it('zips the schedule with the transit changeset applied (the network as stored), and refuses it without a schedule', async () => {
    const scenario = await createScenario(t.app, alice, { key: 'pt-tutorial', name: 'PT Tutorial' });
    const tutorial = (name: string) => readFile(path.join(SHARED_DATA, 'pt-tutorial', name));
    const [config, network, schedule] = await uploadOk(t.app, alice, await Promise.all(['0.config.xml', 'multimodalnetwork.xml', 'transitschedule.xml'].map(async (name) => ({ name, content: await tutorial(name) }))));
    for (const file of [config!, network!, schedule!]) await attach(t.app, alice, scenario.id, file.id);
    const changeset = await createChangeset(scenario.id, 'Stop 2b closed', [{ type: 'transitStop/delete', id: '2b' }]);

    const response = await exportScenario(alice, { files: { config: config!.id, network: network!.id, transitschedule: schedule!.id }, changesets: [changeset] }, scenario.id);
    expect(response.statusCode, response.body).toBe(200);
    const entries = await unzip(response.rawPayload);
    expect(entries.get('multimodalnetwork.xml')!.equals(await tutorial('multimodalnetwork.xml'))).toBe(true);
    const edited = await readTransitSchedule(entries.get('transitschedule.xml')!);
    expect([...edited.stops.keys()]).toEqual(['1', '2a', '3']);
    expect(edited.lines.get('Blue Line')!.routes.get('3to1')!.stops.map((stop) => stop.refId)).toEqual(['3', '1']);
    expect((await scenarioFileBytes(schedule!.id)).equals(await tutorial('transitschedule.xml'))).toBe(true);

    const without = await exportScenario(alice, { files: { config: config!.id, network: network!.id }, changesets: [changeset] }, scenario.id);
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(EXPORT_MESSAGES.noTransitSchedule('Stop 2b closed'));
  });
});
