/** PUT /datasets/files/{id}: the config editor's save, copy-on-write once a run uses the file. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunConfigAnswer } from '@corridor/contract';
import { getParam } from '@corridor/matsim';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok, scenarioWithInputs, scheduleOk } from './runner-client.ts';
import { addUser, attach, createScenario, SHARED_DATA, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { alice: await addUser(t.app, admin, 'alice') };
}

const as = (session: Session) => ({ cookie: session.cookie });
const save = (session: Session, fileId: number, xml: string) =>
  t.app.inject({ method: 'PUT', url: `${API}/datasets/files/${fileId}`, headers: { ...as(session), 'content-type': 'text/xml' }, payload: xml });
const text = async (session: Session, fileId: number) => (await t.app.inject({ url: `${API}/datasets/files/${fileId}`, headers: as(session) })).body;
const datasetFiles = async (session: Session, datasetId: number) =>
  ok<{ files: { id: number; name: string; tag: string | null }[] }>(await t.app.inject({ url: `${API}/datasets/datasets/${datasetId}`, headers: as(session) }), 'dataset')
    .files;
const fileIds = async (session: Session, datasetId: number) => (await datasetFiles(session, datasetId)).map((f) => f.id);
const runConfig = async (session: Session, runId: number) =>
  ok<RunConfigAnswer>(await t.app.inject({ url: `${API}/datasets/run/${runId}/config`, headers: as(session) }), 'run config');

const ORIGINAL = () => readFile(path.join(SHARED_DATA, 'equil/config.xml'), 'utf8');
const withLastIteration = (xml: string, value: number) =>
  xml.replace('<param name="lastIteration" value="10" />', `<param name="lastIteration" value="${value}" />`);

describe('saving a config', () => {
  it('changes the file in place while no run uses it, answering the same id', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    const edited = withLastIteration(await ORIGINAL(), 4);
    const saved = await save(alice, config.id, edited);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id: config.id });
    expect(await text(alice, config.id)).toBe(edited);
    expect(await fileIds(alice, inputs.scenarioId)).toContain(config.id);
  });

  it('once a run used it: a new file replaces it in every scenario, the run keeps the old file and its config', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config, network, population } = inputs.files;
    const other = await createScenario(t.app, alice, { key: 'other', name: 'Other' });
    await attach(t.app, alice, other.id, config.id);
    const run = await scheduleOk(t.app, alice, inputs, { programArgs: '--config:controler.lastIteration=2' });
    const before = await runConfig(alice, run.datasetId);
    expect(getParam(before.config!, 'controller', 'lastIteration')).toBe('2');
    const original = await ORIGINAL();

    const saved = await save(alice, config.id, withLastIteration(original, 7));
    expect(saved.statusCode).toBe(200);
    const { id: copyId } = saved.json() as { id: number };
    expect(copyId).not.toBe(config.id);

    // The scenarios use the new file (same name, saved content); the old one is no longer theirs.
    for (const scenarioId of [inputs.scenarioId, other.id]) {
      const ids = await fileIds(alice, scenarioId);
      expect(ids).toContain(copyId);
      expect(ids).not.toContain(config.id);
    }
    expect((await fileIds(alice, inputs.scenarioId)).sort()).toEqual([copyId, network.id, population.id].sort());
    expect(await text(alice, copyId)).toBe(withLastIteration(original, 7));
    const copy = (await datasetFiles(alice, other.id)).find((f) => f.id === copyId);
    expect(copy).toMatchObject({ name: 'config.xml', tag: 'config_v2' });

    // The run: same files, the old config unchanged, the config it was scheduled with unchanged.
    expect(await fileIds(alice, run.datasetId)).toContain(config.id);
    expect(await text(alice, config.id)).toBe(original);
    expect(await runConfig(alice, run.datasetId)).toEqual(before);

    // Saving the scenario's (new) file again changes it in place: no run uses it yet.
    const again = await save(alice, copyId, withLastIteration(original, 8));
    expect(again.json()).toEqual({ id: copyId });
    expect(getParam((await runConfig(alice, run.datasetId)).config!, 'controller', 'lastIteration')).toBe('2');
  });

  it('a scheduled run of the new file then protects it too; a broken text changes nothing', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    await scheduleOk(t.app, alice, inputs, { matsimRunId: 'first' });
    const original = await ORIGINAL();
    const { id: second } = (await save(alice, inputs.files.config.id, withLastIteration(original, 5))).json() as { id: number };
    const files = { ...inputs.files, config: { id: second, name: 'config.xml' } };
    const run = await scheduleOk(t.app, alice, { ...inputs, files }, { matsimRunId: 'second' });
    expect((await runConfig(alice, run.datasetId)).source).toEqual({ fileId: second, name: 'config.xml' });

    const broken = await save(alice, second, '<config><module name="controller">');
    expect(broken.statusCode).toBe(400);
    expect(await fileIds(alice, inputs.scenarioId)).toContain(second);

    const { id: third } = (await save(alice, second, withLastIteration(original, 6))).json() as { id: number };
    expect(third).not.toBe(second);
    expect(getParam((await runConfig(alice, run.datasetId)).config!, 'controller', 'lastIteration')).toBe('5');
    expect(await fileIds(alice, inputs.scenarioId)).toContain(third);
  });

  it("a job's input counts as used by a run even after the file was removed from the run's files", async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    const run = await scheduleOk(t.app, alice, inputs);
    const detached = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${run.datasetId}/files/${config.id}`, headers: as(alice) });
    expect(detached.statusCode).toBe(200);
    expect(await fileIds(alice, run.datasetId)).not.toContain(config.id);

    const original = await ORIGINAL();
    const { id } = (await save(alice, config.id, withLastIteration(original, 9))).json() as { id: number };
    expect(id).not.toBe(config.id);
    expect(await text(alice, config.id)).toBe(original);
    expect(getParam((await runConfig(alice, run.datasetId)).config!, 'controller', 'lastIteration')).toBe('10');
    expect(await fileIds(alice, inputs.scenarioId)).toContain(id);
  });
});
