/**
 * Settings > MATSim Releases (issue 24): the releases on the server with the job templates using them, download
 * by version through the wizard's download, upload of a release zip (checked to be one), delete only when unused.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { MatsimReleasesAnswer } from '@corridor/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, multipart, signIn, type Session, type UploadFile } from './workspace-helpers.ts';

/** What MATSim publishes: matsim-{version}/matsim-{version}.jar with its libs folder. */
const release = (version: string, folder = `matsim-${version}/`) =>
  zipBytes([
    { name: `${folder}matsim-${version}.jar`, content: 'main jar' },
    { name: `${folder}libs/guice-7.0.0.jar`, content: 'library' },
  ]);

let server: Server;
let base: string;
beforeAll(async () => {
  // Serves a release zip for /{version}/matsim.zip (no checksum file).
  server = createServer((req, res) => {
    const [, version, file] = (req.url ?? '').split('/');
    if (file === 'matsim.zip' && version) return res.end(release(version));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let t: TestApp;
let admin: Session;
let alice: Session;
beforeEach(async () => {
  t = await createTestApp({ env: { MATSIM_RELEASE_URL: `${base}/{version}/matsim.zip` } });
  const cookie = await setupAdmin(t.app);
  admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  alice = await addUser(t.app, cookie, 'alice');
});
afterEach(() => t?.close());

const engines = () => path.join(t.config.dataDir, 'engines');
const list = async (session = admin) => {
  const response = await t.app.inject({ url: `${API}/corridor/matsim-releases`, headers: { cookie: session.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MatsimReleasesAnswer;
};
const upload = (files: UploadFile[], session = admin) => {
  const body = multipart(files);
  return t.app.inject({ method: 'POST', url: `${API}/corridor/matsim-releases`, headers: { ...body.headers, cookie: session.cookie }, payload: body.payload });
};
const remove = (version: string) => t.app.inject({ method: 'DELETE', url: `${API}/corridor/matsim-releases/${version}`, headers: { cookie: admin.cookie } });
const template = (name: string, matsimVersion: string | null) =>
  t.app.inject({ method: 'POST', url: `${API}/jobs/templates`, headers: { cookie: admin.cookie }, payload: { name, matsimVersion, command: '$JAVA -cp $JAR org.matsim.run.RunMatsim $CONFIG $ARGS' } });

describe('the releases list', () => {
  it("lists spec 3's releases, what is on the server with its size, and the job templates using each", async () => {
    await mkdir(engines(), { recursive: true });
    await writeFile(path.join(engines(), 'matsim-2024.0.zip'), release('2024.0'));
    expect((await template('Standard 2024', '2024.0')).statusCode).toBe(200);

    const answer = await list();
    expect(answer.releases.map((r) => r.version)).toEqual(['2025.0', '2024.0', '15.0', '14.0', '13.0', '12.0', '11.0']);
    const r2024 = answer.releases.find((r) => r.version === '2024.0')!;
    expect(r2024).toMatchObject({ onServer: true, size: release('2024.0').length, known: true, templates: [{ name: 'Standard 2024' }] });
    // The server's own Standard MATSim template names the default release.
    expect(answer.releases.find((r) => r.version === '2025.0')).toMatchObject({ onServer: false, size: null, templates: [{ name: 'Standard MATSim Controller' }] });
    expect(answer.releases.find((r) => r.version === '11.0')).toMatchObject({ onServer: false, templates: [] });
    expect(answer.download.state).toBe('idle');
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: `${API}/corridor/matsim-releases` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${API}/corridor/matsim-releases`, headers: { cookie: alice.cookie } })).statusCode).toBe(403);
    expect((await upload([{ name: 'r.zip', content: release('2025.0') }], alice)).statusCode).toBe(403);
  });
});

describe('download by version', () => {
  it('downloads through the engine download, with progress in the list, and the release is then on the server', async () => {
    const started = await t.app.inject({ method: 'POST', url: `${API}/corridor/matsim-releases/download?version=13.0`, headers: { cookie: admin.cookie } });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ version: '13.0', state: 'downloading' });
    let answer = await list();
    for (let i = 0; i < 200 && answer.download.state !== 'done' && answer.download.state !== 'error'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      answer = await list();
    }
    expect(answer.download).toMatchObject({ version: '13.0', state: 'done' });
    expect(answer.releases.find((r) => r.version === '13.0')).toMatchObject({ onServer: true, size: release('13.0').length });

    const again = await t.app.inject({ method: 'POST', url: `${API}/corridor/matsim-releases/download?version=13.0`, headers: { cookie: admin.cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('MATSim 13.0 is already on the server. Delete it first to replace it.');
  });
});

describe('upload of a release zip', () => {
  it('stores a release under the version of its jar, and lists it', async () => {
    const response = await upload([{ name: 'matsim-2025.0-release.zip', content: release('2025.0') }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ version: '2025.0', size: release('2025.0').length });
    expect((await readFile(path.join(engines(), 'matsim-2025.0.zip'))).equals(release('2025.0'))).toBe(true);
    expect((await list()).releases.find((r) => r.version === '2025.0')).toMatchObject({ onServer: true });

    // The same version again is refused, not overwritten.
    const twice = await upload([{ name: 'again.zip', content: release('2025.0', '') }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('MATSim 2025.0 is already on the server. Delete it first to replace it.');
  });

  it('accepts a version outside the list (a snapshot) and lists it after the known ones', async () => {
    expect((await upload([{ name: 'snapshot.zip', content: release('2026.0-PR3700', '') }])).statusCode).toBe(200);
    const answer = await list();
    expect(answer.releases.at(-1)).toMatchObject({ version: '2026.0-PR3700', known: false, onServer: true });
  });

  it('refuses what is not a MATSim release, saying what was expected, and leaves nothing behind', async () => {
    const cases: [UploadFile, string][] = [
      [{ name: 'notes.zip', content: 'plain text' }, 'notes.zip is not a zip file: a MATSim release is the zip MATSim publishes (matsim-{version}.zip).'],
      [
        { name: 'tools.zip', content: zipBytes([{ name: 'tools/run.sh', content: 'x' }]) },
        "tools.zip is not a MATSim release: it has no matsim-{version}.jar at its top or in one folder (MATSim's release zips hold matsim-2025.0.jar and a libs folder).",
      ],
      [
        { name: 'jar-only.zip', content: zipBytes([{ name: 'matsim-2025.0.jar', content: 'x' }]) },
        'jar-only.zip is not a complete MATSim release: matsim-2025.0.jar is there, but the libs folder with its libraries is missing.',
      ],
      [
        { name: 'evil.zip', content: zipBytes([{ name: 'matsim-1.0.jar', content: 'x' }, { name: 'libs/a.jar', content: 'x' }, { name: 'a/../../x', content: 'x' }]) },
        'evil.zip',
      ],
    ];
    for (const [file, message] of cases) {
      const response = await upload([file]);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const left = existsSync(engines()) ? (await import('node:fs/promises')).readdir(engines()) : Promise.resolve([]);
    expect(await left).toEqual([]);
  });
});

describe('delete', () => {
  it('deletes an unused release; one a job template uses is refused with the templates named', async () => {
    await upload([{ name: 'r.zip', content: release('15.0') }]);
    await upload([{ name: 'r.zip', content: release('14.0') }]);
    expect((await template('Old MATSim', '15.0')).statusCode).toBe(200);
    expect((await template('Old MATSim too', '15.0')).statusCode).toBe(200);

    const refused = await remove('15.0');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'MATSim 15.0 is used by the job templates "Old MATSim", "Old MATSim too". Change them to another release or delete them first.',
    );
    expect(existsSync(path.join(engines(), 'matsim-15.0.zip'))).toBe(true);

    expect((await remove('14.0')).statusCode).toBe(200);
    expect(existsSync(path.join(engines(), 'matsim-14.0.zip'))).toBe(false);
    expect((await list()).releases.find((r) => r.version === '14.0')).toMatchObject({ onServer: false });
    expect((await remove('14.0')).statusCode).toBe(404);
  });
});
