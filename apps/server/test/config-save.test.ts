/** PUT /datasets/files/{id}: the config editor's save, copy-on-write once a run uses the file. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_SAVE_STALE, CONFIG_SAVE_VERSION_REQUIRED, type ConfigSaveConflict, type RunConfigAnswer } from '@corridor/contract';
import { getParam } from '@corridor/matsim';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { files } from '../src/db/schema.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok, scenarioWithInputs, scheduleOk } from './runner-client.ts';
import { addUser, attach, createScenario, filesBelow, SHARED_DATA, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { alice: await addUser(t.app, admin, 'alice') };
}

const as = (session: Session) => ({ cookie: session.cookie });
/** A save at `version` (If-Match), `*` when none is given (save over the newest content). */
const save = (session: Session, fileId: number, xml: string, version?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `${API}/datasets/files/${fileId}`,
    headers: { ...as(session), 'content-type': 'text/xml', 'if-match': version === undefined ? '*' : `"${version}"` },
    payload: xml,
  });
const text = async (session: Session, fileId: number) => (await t.app.inject({ url: `${API}/datasets/files/${fileId}`, headers: as(session) })).body;
/** The version the editor opens: the ETag of the file's content, without its quotes. */
const versionOf = async (session: Session, fileId: number) => {
  const etag = (await t.app.inject({ url: `${API}/datasets/files/${fileId}`, headers: as(session) })).headers.etag;
  expect(etag).toMatch(/^"[^"]+"$/);
  return String(etag).slice(1, -1);
};
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
    expect(saved.json()).toMatchObject({ id: config.id });
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
    expect(again.json()).toMatchObject({ id: copyId });
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

describe('concurrent saves (optimistic concurrency: ETag of the content, If-Match on the save)', () => {
  const CONCURRENT = 20;
  const blobsLeft = () => filesBelow(path.join(t.config.dataDir, 'files'));
  const configFiles = async () => (await t.database.db.select().from(files).where(eq(files.name, 'config.xml'))).length;

  /** Twenty saves of the same version at once, each with its own text: exactly one is stored, the others get 409. */
  async function saveAtOnce(session: Session, fileId: number, version: string) {
    const original = await ORIGINAL();
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => save(session, fileId, withLastIteration(original, 100 + i), version)));
    const won = answers.flatMap((answer, i) => (answer.statusCode === 200 ? [{ i, ...(answer.json() as { id: number; version: string }) }] : []));
    const lost = answers.filter((answer) => answer.statusCode === 409).map((answer) => answer.json() as ConfigSaveConflict);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(CONCURRENT - 1);
    const winner = won[0]!;
    for (const conflict of lost) {
      expect(conflict.message).toBe(CONFIG_SAVE_STALE);
      expect(conflict.current).toEqual({ id: winner.id, version: winner.version });
    }
    expect(await text(session, winner.id)).toBe(withLastIteration(original, 100 + winner.i));
    expect(await versionOf(session, winner.id)).toBe(winner.version);
    return winner;
  }

  it('in place: exactly one of twenty saves at one version is stored, the losers keep nothing behind', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    const blobsBefore = (await blobsLeft()).length;
    const winner = await saveAtOnce(alice, config.id, await versionOf(alice, config.id));
    expect(winner.id).toBe(config.id);
    expect(await blobsLeft()).toHaveLength(blobsBefore);
    expect(await configFiles()).toBe(1);
  });

  it('once a run uses the file: exactly one new file, in the scenario, and the run keeps the old one', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    const run = await scheduleOk(t.app, alice, inputs);
    const opened = await versionOf(alice, config.id);
    const blobsBefore = (await blobsLeft()).length;
    const winner = await saveAtOnce(alice, config.id, opened);
    expect(winner.id).not.toBe(config.id);
    expect(await configFiles()).toBe(2);
    expect(await blobsLeft()).toHaveLength(blobsBefore + 1);
    expect(await fileIds(alice, inputs.scenarioId)).toContain(winner.id);
    expect(await fileIds(alice, run.datasetId)).toContain(config.id);
    expect(await text(alice, config.id)).toBe(await ORIGINAL());
  });

  it('a save at a version someone else saved over gets 409 and changes nothing; at the current version it is stored', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    const original = await ORIGINAL();
    const opened = await versionOf(alice, config.id);
    const first = await save(alice, config.id, withLastIteration(original, 3), opened);
    expect(first.statusCode).toBe(200);
    const { version } = first.json() as { version: string };
    expect(first.headers.etag).toBe(`"${version}"`);

    const stale = await save(alice, config.id, withLastIteration(original, 4), opened);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ statusCode: 409, error: 'Conflict', message: CONFIG_SAVE_STALE, current: { id: config.id, version } });
    expect(await text(alice, config.id)).toBe(withLastIteration(original, 3));

    // The overwrite: the same text saved against the version the 409 named.
    expect((await save(alice, config.id, withLastIteration(original, 4), version)).statusCode).toBe(200);
    expect(await text(alice, config.id)).toBe(withLastIteration(original, 4));
  });

  it('a save that names no version gets 428 and changes nothing', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    const original = await ORIGINAL();
    const answer = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/files/${config.id}`,
      headers: { ...as(alice), 'content-type': 'text/xml' },
      payload: withLastIteration(original, 3),
    });
    expect(answer.statusCode).toBe(428);
    expect(answer.json().message).toBe(CONFIG_SAVE_VERSION_REQUIRED);
    expect(await text(alice, config.id)).toBe(original);
  });

  it('twenty saves with If-Match * of a file a run uses make one copy: each goes over the newest content', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    const run = await scheduleOk(t.app, alice, inputs);
    const original = await ORIGINAL();
    const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => save(alice, config.id, withLastIteration(original, 100 + i))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const ids = new Set(answers.map((answer) => (answer.json() as { id: number }).id));
    expect(ids.size).toBe(1);
    const [copy] = [...ids];
    expect(copy).not.toBe(config.id);
    expect(await configFiles()).toBe(2);
    expect(await fileIds(alice, inputs.scenarioId)).toContain(copy);
    expect(await fileIds(alice, run.datasetId)).toContain(config.id);
    expect(await text(alice, config.id)).toBe(original);
    // The last save stored is one of the twenty texts, whole.
    expect(answers.map((_, i) => withLastIteration(original, 100 + i))).toContain(await text(alice, copy!));
  });

  it('a stale save of a file a run uses names the copy that replaced it; the copy can be saved at its version', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { config } = inputs.files;
    await scheduleOk(t.app, alice, inputs);
    const original = await ORIGINAL();
    const opened = await versionOf(alice, config.id);
    const copy = (await save(alice, config.id, withLastIteration(original, 3), opened)).json() as { id: number; version: string };
    expect(copy.id).not.toBe(config.id);
    // The run's file keeps its bytes but not its version: what its scenarios hold changed.
    expect(await versionOf(alice, config.id)).not.toBe(opened);

    const stale = await save(alice, config.id, withLastIteration(original, 4), opened);
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as ConfigSaveConflict).current).toEqual(copy);
    expect(await configFiles()).toBe(2);

    const overwrite = await save(alice, copy.id, withLastIteration(original, 4), copy.version);
    expect(overwrite.json()).toMatchObject({ id: copy.id });
    expect(await text(alice, copy.id)).toBe(withLastIteration(original, 4));
  });
});
