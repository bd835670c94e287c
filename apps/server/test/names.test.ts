/**
 * Names (issue 11): "." and ".." and path separators are not file names, on upload, create and rename alike; a
 * name has one length limit (NAME_MAX) whether it is created or renamed; single-line names refuse tabs, line
 * breaks, DEL and C1 controls, descriptions keep their line breaks and tabs.
 */
import path from 'node:path';
import { NAME_MAX } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, createScenario, filesBelow, upload, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let scenario: number;
let file: number;

beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t.app, await setupAdmin(t.app), 'alice');
  scenario = (await createScenario(t.app, alice)).id;
  file = (await uploadOk(t.app, alice, [{ name: 'notes.txt', content: 'notes' }]))[0]!.id;
});
afterAll(() => t?.close());

const longest = 'n'.repeat(NAME_MAX);
const tooLong = 'n'.repeat(NAME_MAX + 1);

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url: `${API}${url}`, headers: { cookie: alice.cookie }, ...(payload ? { payload } : {}) });
}

async function expectRefused(response: Awaited<ReturnType<typeof call>>, field: string, reason: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().message).toMatch(new RegExp(`^Invalid request: .*${field.replace(/[[\]]/g, '\\$&')}: `));
  expect(response.json().message).toMatch(reason);
}

const fileCount = async () => (await t.database.db.query.files.findMany()).length;
const blobs = () => filesBelow(path.join(t.config.dataDir, 'files'));

describe('file names', () => {
  const refused: [string, RegExp][] = [
    ['.', /must not be "\." or "\.\."/],
    ['..', /must not be "\." or "\.\."/],
    ['a/b', /must not contain "\/" or "\\"/],
    ['a\\b', /must not contain "\/" or "\\"/],
    [tooLong, /at most|<=200|Too big/i],
    ['a\tb', /control characters/],
    ['a\u007fb', /control characters/],
    ['a\u0085b', /control characters/],
  ];

  it('rename refuses ".", "..", separators, control characters and names over the limit; the name is unchanged', async () => {
    for (const [name, reason] of refused) await expectRefused(await call('PUT', `/datasets/files/${file}/meta`, { name }), 'body/name', reason);
    const files = (await call('PUT', `/datasets/files/${file}/meta`, { name: longest })).json();
    expect(files.name).toBe(longest);
    expect((await call('PUT', `/datasets/files/${file}/meta`, { name: ' notes.txt ' })).json().name).toBe('notes.txt');
  });

  it('creating an empty file follows the same rules', async () => {
    const before = await fileCount();
    for (const [name, reason] of refused) {
      await expectRefused(await call('PUT', `/datasets/files/init?fileName=${encodeURIComponent(name)}`), 'querystring/fileName', reason);
    }
    expect(await fileCount()).toBe(before);
    expect((await call('PUT', `/datasets/files/init?fileName=${longest}`)).statusCode).toBe(200);
  });

  it('upload follows them too (a client path is cut to its base name) and stores nothing when one name is refused', async () => {
    const [before, blobsBefore] = [await fileCount(), await blobs()];
    for (const name of ['..', '.', 'a\u0000b.xml', tooLong, 'dir/..']) {
      const response = await upload(t.app, alice, [
        { name: 'fine.txt', content: 'fine' },
        { name, content: 'content' },
      ]);
      await expectRefused(response, 'files[]/filename', /must not|at most|<=200|Too big/i);
    }
    expect(await fileCount()).toBe(before);
    expect(await blobs()).toEqual(blobsBefore);
    const stored = await uploadOk(t.app, alice, [
      { name: 'C:\\data\\network.xml', content: '<network/>' },
      { name: `${longest}`, content: 'x' },
    ]);
    expect(stored.map((f) => f.name)).toEqual(['network.xml', longest]);
  });

  it('a derived file name with %00 is a 400 naming the parameter', async () => {
    await expectRefused(await call('GET', `/datasets/files/${file}/d/network-speed.png%00`), 'params/filename', /control characters/);
    await expectRefused(await call('GET', `/datasets/files/${file}/d/..%2Fnotes`), 'params/filename', /must not contain "\/"/);
  });
});

describe('one length limit for create and rename', () => {
  const cases: { what: string; create: (name: string) => Promise<Awaited<ReturnType<typeof call>>>; rename: ((name: string) => Promise<Awaited<ReturnType<typeof call>>>)[] }[] = [
    {
      what: 'scenario',
      create: (name) => call('POST', '/datasets/datasets', { groupId: alice.groupId, key: `k-${Math.random().toString(36).slice(2, 8)}`, name, type: 'scenario' }),
      rename: [
        (name) => call('PUT', `/datasets/datasets/${scenario}/name`, { name }),
        (name) => call('PUT', `/datasets/datasets/${scenario}`, { name, key: 'new-scenario', description: '' }),
      ],
    },
    {
      what: 'changeset',
      create: (name) => call('POST', `/datasets/datasets/${scenario}/changesets`, { name }),
      rename: [async (name) => call('PUT', `/datasets/datasets/${scenario}/changesets/${(await call('POST', `/datasets/datasets/${scenario}/changesets`, { name: 'c' })).json().id}`, { name })],
    },
  ];

  for (const { what, create, rename } of cases) {
    it(`${what}: ${NAME_MAX + 1} characters are refused on create and on rename, ${NAME_MAX} pass`, async () => {
      await expectRefused(await create(tooLong), 'body/name', /<=200|at most|Too big/i);
      for (const change of rename) await expectRefused(await change(tooLong), 'body/name', /<=200|at most|Too big/i);
      expect((await create(longest)).statusCode).toBe(200);
      for (const change of rename) expect((await change(longest)).statusCode).toBe(200);
    });
  }
});

describe('single-line names and multi-line descriptions', () => {
  it('a description keeps line breaks and tabs; a name refuses them, and both refuse other control characters', async () => {
    const text = 'First line\r\n\tindented\nlast';
    expect((await call('PUT', `/datasets/datasets/${scenario}/description`, { description: text })).statusCode).toBe(200);
    expect((await call('GET', `/datasets/datasets/${scenario}`)).json().description).toBe(text);
    await expectRefused(await call('PUT', `/datasets/datasets/${scenario}/description`, { description: 'bell\u0007' }), 'body/description', /other than line breaks and tabs/);
    for (const name of ['two\nlines', 'tab\there', 'escape\u001b[31m']) {
      await expectRefused(await call('PUT', `/datasets/datasets/${scenario}/name`, { name }), 'body/name', /control characters/);
    }
  });

  it('free JSON (attributes, changeset modifications) refuses control characters in keys and texts, at their path', async () => {
    const create = (attributes: object) => call('POST', '/datasets/datasets', { groupId: alice.groupId, key: 'attrs', name: 'A', type: 'scenario', attributes });
    await expectRefused(await create({ note: { deep: ['ok', 'a\u0000b'] } }), 'body/attributes/note/deep/1', /control characters/);
    await expectRefused(await create({ 'k\u0000': 1 }), 'body/attributes', /key "k\\u0000"/);
    const changeset = await call('POST', `/datasets/datasets/${scenario}/changesets`, { name: 'c', modifications: [{ type: 'network/deleteLink', id: 'a\u0000' }] });
    await expectRefused(changeset, 'body/modifications/0/id', /control characters/);
    expect((await create({ note: 'line\nbreak' })).statusCode).toBe(200);
  });
});
