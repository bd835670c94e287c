/**
 * Issue 24: a scenario holds at most one file of a name (MATSim configs name their files): a second network.xml is
 * refused when attached (upload, server import and the import page all attach), and so is a rename onto a name a
 * scenario using the file already has.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let network: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t.app, await setupAdmin(t.app), 'alice');
  network = await readFile(path.join(SHARED_DATA, 'equil', 'network.xml'));
});
afterAll(() => t?.close());

const attachCall = (datasetId: number, fileId: number) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${datasetId}/files/${fileId}`, headers: { cookie: alice.cookie } });
const rename = (fileId: number, name: string) =>
  t.app.inject({ method: 'PUT', url: `${API}/datasets/files/${fileId}/meta`, headers: { cookie: alice.cookie }, payload: { name } });
const namesOf = async (datasetId: number) =>
  ((await t.app.inject({ url: `${API}/datasets/datasets/${datasetId}`, headers: { cookie: alice.cookie } })).json().files as { name: string }[]).map((f) => f.name).sort();

describe('duplicate file names', () => {
  it('the same network uploaded twice: the second is refused with a message, the scenario keeps one', async () => {
    const scenario = await createScenario(t.app, alice, { key: 'twice' });
    const [first] = await uploadOk(t.app, alice, [{ name: 'network.xml', content: network }]);
    await attach(t.app, alice, scenario.id, first!.id);
    const [second] = await uploadOk(t.app, alice, [{ name: 'network.xml', content: network }]);
    const refused = await attachCall(scenario.id, second!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A file named network.xml is already in this scenario — rename or delete it first.');
    expect(await namesOf(scenario.id)).toEqual(['network.xml']);

    // Attaching the same file again stays one use, not a refusal.
    expect((await attachCall(scenario.id, first!.id)).statusCode).toBe(200);
    // Renamed, the second copy goes in.
    expect((await rename(second!.id, 'network-copy.xml')).statusCode).toBe(200);
    expect((await attachCall(scenario.id, second!.id)).statusCode).toBe(200);
    expect(await namesOf(scenario.id)).toEqual(['network-copy.xml', 'network.xml']);
  });

  it('a rename onto a name the scenario has is refused, naming the scenario', async () => {
    const scenario = await createScenario(t.app, alice, { key: 'renames', name: 'Renames' });
    const files = await uploadOk(t.app, alice, [
      { name: 'config.xml', content: '<config></config>' },
      { name: 'plans.xml', content: '<population></population>' },
    ]);
    for (const file of files) await attach(t.app, alice, scenario.id, file.id);
    const refused = await rename(files[1]!.id, 'config.xml');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A file named config.xml is already in the scenario "Renames" — choose another name.');
    expect(await namesOf(scenario.id)).toEqual(['config.xml', 'plans.xml']);
    // Renaming a file to its own name, or to a free one, is fine.
    expect((await rename(files[0]!.id, 'config.xml')).statusCode).toBe(200);
    expect((await rename(files[1]!.id, 'plans100.xml')).statusCode).toBe(200);
  });

  it('is per dataset: two scenarios may each have a network.xml', async () => {
    const a = await createScenario(t.app, alice, { key: 'one' });
    const b = await createScenario(t.app, alice, { key: 'two' });
    const [x] = await uploadOk(t.app, alice, [{ name: 'network.xml', content: network }]);
    const [y] = await uploadOk(t.app, alice, [{ name: 'network.xml', content: network }]);
    await attach(t.app, alice, a.id, x!.id);
    await attach(t.app, alice, b.id, y!.id);
    expect(await namesOf(a.id)).toEqual(['network.xml']);
    expect(await namesOf(b.id)).toEqual(['network.xml']);
  });
});
