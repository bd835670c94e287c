/**
 * Networks post-processed before the map's derived files existed (`network.bin`, `network-info/info.json`): the
 * first editor call builds them (once, shared by concurrent calls) instead of answering 409. Simulated by
 * deleting the derived rows after post-processing; berlin-medium with the scenario's __crs (EPSG:31468), so the
 * rebuilt binary must take the CRS from the scenario using the file. Also: a client that goes away while the
 * network is being loaded gets no answer computed, and the load is kept for the next call.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedFiles } from '../src/db/schema.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const BERLIN = path.join(SHARED_DATA, 'berlin-medium/network.xml.gz');
const MAP_FILES = ['network.bin', 'network-info/info.json'];

let t: TestApp;
let alice: Session;
let bob: Session;
let fileId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  const scenario = await createScenario(t.app, alice, { attributes: { __crs: 'EPSG:31468' } });
  const [file] = await uploadOk(t.app, alice, [{ name: 'network.xml.gz', content: await readFile(BERLIN) }]);
  fileId = file!.id;
  await attach(t.app, alice, scenario.id, fileId);
  expect(await networkJob(t.app, alice, scenario.id)).toMatchObject({ status: 'FINISHED' });
  // As before network.bin existed: the preview images only.
  await t.database.db.delete(derivedFiles).where(and(eq(derivedFiles.fileId, fileId), inArray(derivedFiles.filename, MAP_FILES)));
}, 120_000);
afterAll(() => t?.close());

const derivedNames = async (id: number) =>
  ((await t.app.inject({ url: `${API}/datasets/files/${id}/d`, headers: { cookie: alice.cookie } })).json() as { filename: string }[]).map((d) => d.filename);
const query = (session: Session, id = fileId) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/network/${id}/query`, headers: { cookie: session.cookie }, payload: { type: 'Data', filters: { bbox: [13.37, 52.5, 13.42, 52.53] } } });

describe('a processed network without the map files', () => {
  it('is refused to others as before (404), without building anything', async () => {
    expect((await query(bob)).statusCode).toBe(404);
    expect(await derivedNames(fileId)).not.toContain('network.bin');
  });

  it('gets them built by the first calls and answers (concurrent calls share one build)', async () => {
    expect(await derivedNames(fileId)).not.toContain('network.bin');
    const info = t.app.inject({ url: `${API}/datasets/files/${fileId}/d/network-info/info.json`, headers: { cookie: alice.cookie } });
    const answers = await Promise.all([query(alice), query(alice), info]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const links = answers[0].json().features.filter((f: { properties: { kind: string } }) => f.properties.kind === 'link');
    expect(links.length).toBeGreaterThan(50);
    expect(answers[1].body).toBe(answers[0].body);
    const { centerLon, centerLat } = answers[2].json();
    expect([centerLon > 12.8 && centerLon < 14.2, centerLat > 52 && centerLat < 53]).toEqual([true, true]);
    expect(await derivedNames(fileId)).toEqual(expect.arrayContaining(MAP_FILES));
  });

  it('a network never processed (not used by a scenario) still answers 409 / 404', async () => {
    const [file] = await uploadOk(t.app, alice, [{ name: 'equil.xml', content: await readFile(path.join(SHARED_DATA, 'equil/network.xml')) }]);
    const refused = await query(alice, file!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The network has not been processed for the map yet; try again once its post-processing has finished.');
    expect((await t.app.inject({ url: `${API}/datasets/files/${file!.id}/d/network-info/info.json`, headers: { cookie: alice.cookie } })).statusCode).toBe(404);
    expect(await derivedNames(file!.id)).toEqual([]);
  });
});

describe('a query whose client goes away (real HTTP server)', () => {
  it('stops before computing the answer; the network prepared meanwhile is kept for the next query', async () => {
    // A second processed network without its map files: loading it takes a build in the worker pool (~1 s).
    const scenario = await createScenario(t.app, alice, { key: 'second', attributes: { __crs: 'EPSG:31468' } });
    const [file] = await uploadOk(t.app, alice, [{ name: 'second.xml.gz', content: await readFile(BERLIN) }]);
    await attach(t.app, alice, scenario.id, file!.id);
    expect(await networkJob(t.app, alice, scenario.id)).toMatchObject({ status: 'FINISHED' });
    await t.database.db.delete(derivedFiles).where(and(eq(derivedFiles.fileId, file!.id), inArray(derivedFiles.filename, MAP_FILES)));

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // The response as the server handles it: 499 (aborted) once the handler is done without computing an answer.
    const response = new Promise<http.ServerResponse>((resolve) => t.app.server.once('request', (_req, res: http.ServerResponse) => resolve(res)));
    const body = JSON.stringify({ type: 'Data', filters: {} });
    const client = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `${API}/datasets/network/${file!.id}/query`,
      headers: { cookie: alice.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<boolean>((resolve) => {
      client.on('response', () => resolve(true));
      client.on('error', () => resolve(false));
    });
    // Gone just after the server has the request, long before the worker has built the binary (~250 ms).
    t.app.server.once('request', () => setTimeout(() => client.destroy(), 20));
    client.end(body);
    const res = await response;
    expect(await answered).toBe(false);
    // The build went on and was stored.
    for (let i = 0; i < 100 && !(await derivedNames(file!.id)).includes('network.bin'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await derivedNames(file!.id)).toContain('network.bin');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(res.statusCode).toBe(499);
    const next = await query(alice, file!.id);
    expect(next.statusCode).toBe(200);
  }, 60_000);
});
