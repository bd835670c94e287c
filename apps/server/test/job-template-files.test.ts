/**
 * Job template files (spec 3 §2.14, §7): job files (POST/GET /datasets/files?type=jobfile), prespecified files
 * (the MATSim releases the setup wizard puts into DATA_DIR/engines, copied into the file store once) and templates
 * carrying files under safe names, zips extracted only when they are zips.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MATSIM_RELEASES } from '@corridor/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zipBytes } from '../../../packages/contract/test/zip-bytes.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, multipart, signIn, uploadOk, type Session, type UploadFile } from './workspace-helpers.ts';
import { ADMIN } from './harness.ts';

let t: TestApp;
let admin: Session;
let alice: Session;

beforeEach(async () => {
  t = await createTestApp();
  const cookie = await setupAdmin(t.app);
  admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  alice = await addUser(t.app, cookie, 'alice');
});
afterEach(() => t?.close());

const TOOLS_ZIP = zipBytes([{ name: 'tools/run.sh', content: 'echo run' }]);

function uploadJobFiles(session: Session | null, files: UploadFile[]) {
  const body = multipart(files);
  const headers = { ...body.headers, ...(session ? { cookie: session.cookie } : {}) };
  return t.app.inject({ method: 'POST', url: `${API}/datasets/files?type=jobfile`, headers, payload: body.payload });
}

async function jobFilesOk(files: UploadFile[]): Promise<{ id: number; name: string; type: string }[]> {
  const response = await uploadJobFiles(admin, files);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().files;
}

const get = (session: Session, url: string) => t.app.inject({ url: `${API}${url}`, headers: { cookie: session.cookie } });
const post = (session: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
const saveTemplate = (files: object[]) => post(admin, '/jobs/templates', { name: 'With files', command: '$ENGINE $CONFIG $ARGS', files });

describe('job files', () => {
  it('are uploaded and listed by administrators only; a plain upload stays a user file', async () => {
    expect((await uploadJobFiles(null, [{ name: 'a.txt', content: 'a' }])).statusCode).toBe(401);
    const refused = await uploadJobFiles(alice, [{ name: 'a.txt', content: 'a' }]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an administrator can do this.');
    expect((await get(alice, '/datasets/files?type=jobfile')).statusCode).toBe(403);

    const [notes, tools] = await jobFilesOk([
      { name: 'notes.txt', content: 'seed=1' },
      { name: 'tools.zip', content: TOOLS_ZIP },
    ]);
    expect(notes).toMatchObject({ name: 'notes.txt', type: 'jobfile' });
    expect(tools).toMatchObject({ name: 'tools.zip', type: 'jobfile' });
    const [userFile] = await uploadOk(t.app, alice, [{ name: 'mine.txt', content: 'x' }]);
    expect(userFile).toMatchObject({ name: 'mine.txt', type: 'user' });

    const list = await get(admin, '/datasets/files?type=jobfile');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: tools!.id, name: 'tools.zip', size: TOOLS_ZIP.length, added: expect.any(String), zip: true },
      { id: notes!.id, name: 'notes.txt', size: 6, added: expect.any(String), zip: false },
    ]);
    expect((await get(admin, '/datasets/files')).statusCode).toBe(400);
  });

  it('takes at most 5 files per upload', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, content: String(i) }));
    const response = await uploadJobFiles(admin, six);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('At most 5 files can be uploaded at once.');
    expect((await get(admin, '/datasets/files?type=jobfile')).json()).toEqual([]);
    expect(await jobFilesOk(six.slice(0, 5))).toHaveLength(5);
  });

  it('cannot be deleted while a job template stages them', async () => {
    const [notes] = await jobFilesOk([{ name: 'notes.txt', content: 'seed=1' }]);
    const template = (await saveTemplate([{ fkUserFile: notes!.id }])).json();
    const refused = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/files/${notes!.id}`, headers: { cookie: admin.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The file is used by the job template "With files"; remove it from that template first.');
    await t.app.inject({ method: 'DELETE', url: `${API}/jobs/templates/${template.id}`, headers: { cookie: admin.cookie } });
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/files/${notes!.id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode).toBe(200);
  });
});

describe('prespecified files', () => {
  const release = Buffer.concat([zipBytes([{ name: 'matsim-2025.0/matsim-2025.0.jar', content: 'jar' }])]);
  const placeRelease = async () => {
    // Where the setup wizard (modules/engine-setup) stores a downloaded release.
    await mkdir(path.join(t.config.dataDir, 'engines'), { recursive: true });
    await writeFile(path.join(t.config.dataDir, 'engines', 'matsim-2025.0.zip'), release);
  };

  it('lists the MATSim releases and whether the server has them (administrators)', async () => {
    expect((await get(alice, '/datasets/prespecified')).statusCode).toBe(403);
    const before = (await get(admin, '/datasets/prespecified')).json();
    expect(before).toEqual(MATSIM_RELEASES.map((v) => ({ key: `matsim-${v}`, name: `matsim-${v}.zip`, fkUserFile: null, available: false })));
    await placeRelease();
    const after = (await get(admin, '/datasets/prespecified')).json();
    expect(after[0]).toEqual({ key: 'matsim-2025.0', name: 'matsim-2025.0.zip', fkUserFile: null, available: true });
    expect(after.slice(1).every((f: { available: boolean }) => !f.available)).toBe(true);
  });

  it('copies a release into the file store once and answers the same job file after', async () => {
    await placeRelease();
    expect((await post(alice, '/datasets/prespecified/matsim-2025.0/download')).statusCode).toBe(403);
    const unknown = await post(admin, '/datasets/prespecified/matsim-1.0/download');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no prespecified file "matsim-1.0".');
    const missing = await post(admin, '/datasets/prespecified/matsim-2024.0/download');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(
      'matsim-2024.0.zip is not on the server yet: download or upload that MATSim release under Settings > MATSim Releases first.',
    );

    const [first, second] = await Promise.all([post(admin, '/datasets/prespecified/matsim-2025.0/download'), post(admin, '/datasets/prespecified/matsim-2025.0/download')]);
    expect(first.statusCode, first.body).toBe(200);
    const { id } = first.json();
    expect(second.json()).toEqual({ id });
    expect((await post(admin, '/datasets/prespecified/matsim-2025.0/download')).json()).toEqual({ id });

    expect((await get(admin, '/datasets/prespecified')).json()[0]).toEqual({ key: 'matsim-2025.0', name: 'matsim-2025.0.zip', fkUserFile: id, available: true });
    expect((await get(admin, '/datasets/files?type=jobfile')).json()).toEqual([{ id, name: 'matsim-2025.0.zip', size: release.length, added: expect.any(String), zip: true }]);
    const bytes = await get(admin, `/datasets/files/${id}?dl=1`);
    expect(bytes.rawPayload.equals(release)).toBe(true);
  });
});

describe('job templates with files', () => {
  it('stores each file with its name next to the config and whether a zip is extracted', async () => {
    const [notes, tools] = await jobFilesOk([
      { name: 'notes.txt', content: 'seed=1' },
      { name: 'tools.zip', content: TOOLS_ZIP },
    ]);
    const created = await saveTemplate([
      { fkUserFile: notes!.id },
      { fkUserFile: tools!.id, name: 'extras/tools.zip', extractArchive: true },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const template = created.json();
    const expected = [
      { id: 1, name: 'notes.txt', fkUserFile: notes!.id, extractArchive: false, fkJobTemplate: template.id },
      { id: 2, name: 'extras/tools.zip', fkUserFile: tools!.id, extractArchive: true, fkJobTemplate: template.id },
    ];
    expect(template.files).toEqual(expected);
    const listed = (await get(alice, '/jobs/templates')).json().jobTemplates.find((j: { id: number }) => j.id === template.id);
    expect(listed.files).toEqual(expected);

    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/jobs/templates/${template.id}`,
      headers: { cookie: admin.cookie },
      payload: { name: 'With files', command: '$ENGINE $CONFIG $ARGS', files: [{ fkUserFile: tools!.id, extractArchive: false }] },
    });
    expect(saved.json().files).toEqual([{ id: 1, name: 'tools.zip', fkUserFile: tools!.id, extractArchive: false, fkJobTemplate: template.id }]);
  });

  it('refuses unknown files, unsafe or clashing names and extracting what is not a zip', async () => {
    const [notes, tools] = await jobFilesOk([
      { name: 'notes.txt', content: 'seed=1' },
      { name: 'tools.zip', content: TOOLS_ZIP },
    ]);
    const refused = async (files: object[]) => {
      const response = await saveTemplate(files);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().message;
    };
    expect(await refused([{ fkUserFile: 999_999 }])).toBe('The file 999999 of the job template does not exist.');
    expect(await refused([{ fkUserFile: notes!.id, name: '../notes.txt' }])).toBe('The file name "../notes.txt" of the job template must not contain empty, "." or ".." parts.');
    expect(await refused([{ fkUserFile: notes!.id, name: 'a/./b' }])).toBe('The file name "a/./b" of the job template must not contain empty, "." or ".." parts.');
    expect(await refused([{ fkUserFile: notes!.id, name: '/etc/notes.txt' }])).toBe('The file name "/etc/notes.txt" of the job template must be a relative path.');
    expect(await refused([{ fkUserFile: notes!.id, name: 'a\\b.txt' }])).toBe('The file name "a\\b.txt" of the job template must not contain "\\".');
    expect(await refused([{ fkUserFile: notes!.id, name: 'corridor-working-config.xml' }])).toBe(
      'The file name "corridor-working-config.xml" of the job template must not be corridor-working-config.xml.',
    );
    expect(await refused([{ fkUserFile: notes!.id, name: 'a\u0000b' }])).toBe('Invalid request: body/files/0/name: must not contain control characters');
    expect(await refused([{ fkUserFile: notes!.id }, { fkUserFile: tools!.id, name: 'notes.txt' }])).toBe('Two files of the job template are named "notes.txt".');
    expect(await refused([{ fkUserFile: notes!.id, name: 'lib' }, { fkUserFile: tools!.id, name: 'lib/tools.zip' }])).toBe(
      'The files "lib" and "lib/tools.zip" of the job template cannot both be staged.',
    );
    expect(await refused([{ fkUserFile: notes!.id, extractArchive: true }])).toBe('Only zip files can be extracted; "notes.txt" is not a zip file.');
    expect((await get(admin, '/jobs/templates')).json().jobTemplates.some((j: { name: string }) => j.name === 'With files')).toBe(false);
  });

  it('are saved by administrators only', async () => {
    const [notes] = await jobFilesOk([{ name: 'notes.txt', content: 'seed=1' }]);
    const response = await post(alice, '/jobs/templates', { name: 'Mine', command: '$ENGINE $CONFIG $ARGS', files: [{ fkUserFile: notes!.id }] });
    expect(response.statusCode).toBe(403);
  });
});
