import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { TEMPLATES } from '../src/modules/templates/catalogue.ts';
import { addUser, filesBelow, networkJob, SHARED_DATA, type Session } from './workspace-helpers.ts';

/** A stand-in for the template download server: /equil/… from the shared data; /broken/equil/ lacks the network. */
let server: Server;
let base: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    requested.push(url);
    const broken = url.startsWith('/broken/');
    const file = url.replace(/^\/broken/, '');
    if (broken && file.endsWith('network.xml')) return res.writeHead(404).end('gone');
    readFile(path.join(SHARED_DATA, file))
      .then((content) => res.writeHead(200, { 'content-type': 'application/xml' }).end(content))
      .catch(() => res.writeHead(404).end('not here'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let t: TestApp;
afterEach(() => t?.close());

async function start(templatesUrl: string): Promise<Session> {
  t = await createTestApp({ env: { SCENARIO_TEMPLATES_URL: templatesUrl } });
  return addUser(t.app, await setupAdmin(t.app), 'alice');
}

function create(alice: Session, template: string, key = template) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/datasets/datasets`,
    headers: { cookie: alice.cookie },
    payload: { groupId: alice.groupId, key, name: key, type: 'scenario', template, attributes: { __jobType: 1 } },
  });
}

const read = async (alice: Session, id: number) => (await t.app.inject({ url: `${API}/datasets/datasets/${id}`, headers: { cookie: alice.cookie } })).json();

describe('scenario templates', () => {
  it('lists the generated demo and the downloadable examples', async () => {
    const alice = await start(`${base}/`);
    const response = await t.app.inject({ url: `${API}/datasets/scenario-templates.json`, headers: { cookie: alice.cookie } });
    expect(response.statusCode).toBe(200);
    const templates = response.json();
    expect(templates[0]).toMatchObject({ key: 'demo-grid', scenarioURL: null, crs: 'EPSG:25832', imageURL: null, needsInternet: false });
    expect(templates.find((tpl: { key: string }) => tpl.key === 'equil')).toMatchObject({ scenarioURL: `${base}/equil/`, crs: 'Atlantis', needsInternet: true });
    expect(templates.find((tpl: { key: string }) => tpl.key === 'pt-tutorial')).toMatchObject({ needsInternet: true });
    // Issue 24 (duplicate file names): no template brings two files of one name into its scenario.
    for (const template of TEMPLATES) {
      const names = template.download?.files ?? [];
      expect(new Set(names).size, template.key).toBe(names.length);
    }
    expect((await t.app.inject({ url: `${API}/datasets/scenario-templates.json` })).statusCode).toBe(401);
  });

  it('creates the demo scenario offline, with its files, CRS and network previews', async () => {
    const alice = await start('http://127.0.0.1:9');
    const created = await create(alice, 'demo-grid');
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const dataset = await read(alice, id);
    expect(dataset.attributes).toMatchObject({ __crs: 'EPSG:25832', __jobType: 1 });
    expect(dataset.files.map((f: { name: string; tag: string }) => [f.name, f.tag])).toEqual([
      ['config.xml', 'config_v2'],
      ['network.xml.gz', 'network_v2'],
      ['population.xml.gz', 'population_v6'],
    ]);
    expect(await networkJob(t.app, alice, id)).toMatchObject({ status: 'FINISHED' });
  });

  it('downloads a template from the configured server and attaches its files', async () => {
    const alice = await start(base);
    requested.length = 0;
    const created = await create(alice, 'equil');
    expect(created.statusCode).toBe(200);
    expect(requested).toEqual(['/equil/config.xml', '/equil/network.xml', '/equil/plans100.xml']);
    const dataset = await read(alice, created.json().id);
    expect(dataset.attributes.__crs).toBe('Atlantis');
    expect(dataset.files.map((f: { name: string; tag: string }) => [f.name, f.tag])).toEqual([
      ['config.xml', 'config_v2'],
      ['network.xml', 'network_v1'],
      ['plans100.xml', 'plans_v4'],
    ]);
    const config = dataset.files[0];
    const body = await t.app.inject({ url: `${API}/datasets/files/${config.id}`, headers: { cookie: alice.cookie } });
    expect(body.body).toBe(await readFile(path.join(SHARED_DATA, 'equil/config.xml'), 'utf8'));
  });

  it('fails with 502 when the template cannot be downloaded, leaving nothing behind', async () => {
    // A port nothing listens on: the server is "offline".
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const alice = await start(`http://127.0.0.1:${port}`);
    const offline = await create(alice, 'equil');
    expect(offline.statusCode).toBe(502);
    expect(offline.json().message).toMatch(
      new RegExp(`^Could not download the template's files: http://127\\.0\\.0\\.1:${port}/equil/config\\.xml: the download server could not be reached \\(.*ECONNREFUSED.*\\)\\. The template "Equil" needs the internet; the demo template works offline\\.$`),
    );
    await t.close();

    const again = await start(`${base}/broken`);
    const missing = await create(again, 'equil');
    expect(missing.statusCode).toBe(502);
    expect(missing.json().message).toBe(
      `Could not download the template's files: ${base}/broken/equil/network.xml: the download server answered HTTP 404 Not Found. The template "Equil" needs the internet; the demo template works offline.`,
    );
    expect((await t.app.inject({ url: `${API}/datasets/scenarios`, headers: { cookie: again.cookie } })).json()).toEqual([]);
    expect(await filesBelow(path.join(t.config.dataDir, 'files'))).toEqual([]);
    expect(await t.database.db.query.files.findMany()).toEqual([]);
  });
});
