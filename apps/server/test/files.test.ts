import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp, type TestAppOptions } from './harness.ts';
import { addUser, attach, createScenario, filesBelow, SHARED_DATA, upload, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start(options: TestAppOptions = {}): Promise<{ admin: string; alice: Session; bob: Session }> {
  t = await createTestApp(options);
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob') };
}

const as = (session: Session) => ({ cookie: session.cookie });
/** Every file in the blob store, temp files included: a failed write must leave none. */
const blobsLeft = () => filesBelow(path.join(t.config.dataDir, 'files'));
const fileRows = async () => (await t.database.db.query.files.findMany()).length;

describe('upload', () => {
  it('keeps files that are not MATSim files, with tag null', async () => {
    const { alice } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'notes.md', content: '# Notes\nnot a MATSim file\n' }]);
    expect(file).toMatchObject({ name: 'notes.md', tag: null, size: 26, type: 'user', usages: [] });
    const download = await t.app.inject({ url: `${API}/datasets/files/${file!.id}`, headers: as(alice) });
    expect(download.body).toBe('# Notes\nnot a MATSim file\n');
  });

  it('refuses a file over the limit with 413 and leaves no blob and no row behind', async () => {
    const { alice } = await start({ env: { MAX_UPLOAD_BYTES: '1000' } });
    const response = await upload(t.app, alice, [
      { name: 'small.txt', content: 'fits' },
      { name: 'big.txt', content: Buffer.alloc(1500, 65) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is larger than the upload limit of 1000 bytes.');
    expect(await blobsLeft()).toEqual([]);
    expect(await fileRows()).toBe(0);
    // A file of exactly the limit is fine.
    await uploadOk(t.app, alice, [{ name: 'exact.txt', content: Buffer.alloc(1000, 66) }]);
    expect(await fileRows()).toBe(1);
  });

  it('accepts at most 30 files per request', async () => {
    const { alice } = await start();
    const files = Array.from({ length: 31 }, (_, i) => ({ name: `f${i}.txt`, content: `file ${i}` }));
    const response = await upload(t.app, alice, files);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('At most 30 files can be uploaded at once.');
    expect(await blobsLeft()).toEqual([]);
    expect(await fileRows()).toBe(0);
    expect(await uploadOk(t.app, alice, files.slice(0, 30))).toHaveLength(30);
  });

  it('answers 400 without a multipart body or without files, 401 when signed out', async () => {
    const { alice } = await start();
    const json = await t.app.inject({ method: 'POST', url: `${API}/datasets/files`, headers: as(alice), payload: { files: [] } });
    expect(json.statusCode).toBe(400);
    const none = await upload(t.app, alice, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No files were uploaded.');
    const anonymous = await upload(t.app, { ...alice, cookie: '' }, [{ name: 'a.txt', content: 'a' }]);
    expect(anonymous.statusCode).toBe(401);
    expect(await fileRows()).toBe(0);
  });
});

describe('file rules', () => {
  it('renames, refusing empty names and path separators', async () => {
    const { alice } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'network.xml', content: await readFile(path.join(SHARED_DATA, 'equil/network.xml')) }]);
    const rename = (name: string) => t.app.inject({ method: 'PUT', url: `${API}/datasets/files/${file!.id}/meta`, headers: as(alice), payload: { name } });
    const empty = await rename('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Invalid request: body/name: The name must not be empty.');
    expect((await rename('   ')).statusCode).toBe(400);
    expect((await rename('../etc/passwd')).statusCode).toBe(400);
    const ok = await rename('  equil-network.xml ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: file!.id, name: 'equil-network.xml', tag: 'network_v1' });
    const download = await t.app.inject({ url: `${API}/datasets/files/${file!.id}?dl=1`, headers: as(alice) });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="equil-network.xml"; filename*=UTF-8''equil-network.xml`);
  });

  it('creates an empty file, and deletes a file only when no dataset uses it', async () => {
    const { alice } = await start();
    const { id: scenario } = await createScenario(t.app, alice);
    const init = await t.app.inject({ method: 'PUT', url: `${API}/datasets/files/init?fileName=config.xml&format=xml`, headers: as(alice) });
    expect(init.statusCode).toBe(200);
    const fileId = init.json().id;
    await attach(t.app, alice, scenario, fileId);
    const files = (await t.app.inject({ url: `${API}/datasets/datasets/${scenario}/files`, headers: as(alice) })).json();
    expect(files).toMatchObject([{ id: fileId, name: 'config.xml', size: 0, tag: null, usages: [{ id: scenario, name: 'New Scenario' }] }]);

    const inUse = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/files/${fileId}`, headers: as(alice) });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('The file is still used by 1 dataset; remove it from that dataset first.');
    const detach = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${scenario}/files/${fileId}`, headers: as(alice) });
    expect(detach.json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${scenario}/files/${fileId}`, headers: as(alice) })).statusCode).toBe(404);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/files/${fileId}`, headers: as(alice) });
    expect(deleted.json()).toEqual({ ok: true });
    expect(await blobsLeft()).toEqual([]);
    expect((await t.app.inject({ url: `${API}/datasets/files/${fileId}`, headers: as(alice) })).statusCode).toBe(404);
  });

  it('keeps a file used by two scenarios when one is deleted, and removes it with the last', async () => {
    const { alice } = await start();
    const first = await createScenario(t.app, alice, { key: 'first', name: 'First' });
    const second = await createScenario(t.app, alice, { key: 'second', name: 'Second' });
    const [shared, own] = await uploadOk(t.app, alice, [
      { name: 'plans.xml', content: await readFile(path.join(SHARED_DATA, 'equil/plans100.xml')) },
      { name: 'own.txt', content: 'only in first' },
    ]);
    await attach(t.app, alice, first.id, shared!.id);
    await attach(t.app, alice, first.id, own!.id);
    await attach(t.app, alice, second.id, shared!.id);
    await attach(t.app, alice, second.id, shared!.id); // twice is once
    const files = (await t.app.inject({ url: `${API}/datasets/datasets/${first.id}/files`, headers: as(alice) })).json();
    expect(files.find((f: { id: number }) => f.id === shared!.id).usages).toEqual([
      { id: first.id, name: 'First' },
      { id: second.id, name: 'Second' },
    ]);
    expect(await blobsLeft()).toHaveLength(2);

    await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${first.id}`, headers: as(alice) });
    const remaining = (await t.app.inject({ url: `${API}/datasets/datasets/${second.id}`, headers: as(alice) })).json().files;
    expect(remaining).toMatchObject([{ id: shared!.id, usages: [{ id: second.id, name: 'Second' }] }]);
    expect((await t.app.inject({ url: `${API}/datasets/files/${own!.id}`, headers: as(alice) })).statusCode).toBe(404);
    expect(await blobsLeft()).toHaveLength(1);

    await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${second.id}`, headers: as(alice) });
    expect(await fileRows()).toBe(0);
    expect(await blobsLeft()).toEqual([]);
  });
});

describe('file content', () => {
  it('downloads as stored and shows compressed text decompressed inline', async () => {
    const { alice } = await start();
    const gz = await readFile(path.join(SHARED_DATA, 'equil/plans2000.xml.gz'));
    const [file] = await uploadOk(t.app, alice, [{ name: 'plans2000.xml.gz', content: gz }]);
    const download = await t.app.inject({ url: `${API}/datasets/files/${file!.id}?dl=1`, headers: as(alice) });
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-length']).toBe(String(gz.length));
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="plans2000.xml.gz"/);
    expect(download.headers['content-security-policy']).toContain('sandbox');
    const inline = await t.app.inject({ url: `${API}/datasets/files/${file!.id}`, headers: as(alice) });
    expect(inline.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="plans2000.xml"/);
    expect(inline.body).toMatch(/^<\?xml/);
    expect(inline.body).toContain('<plans');
  });

  it('returns and saves a config, refusing XML that does not read and keeping the old content', async () => {
    const { alice } = await start();
    const original = await readFile(path.join(SHARED_DATA, 'equil/config.xml'), 'utf8');
    const [config, network] = await uploadOk(t.app, alice, [
      { name: 'config.xml', content: original },
      { name: 'network.xml', content: await readFile(path.join(SHARED_DATA, 'equil/network.xml')) },
    ]);
    const get = await t.app.inject({ url: `${API}/datasets/files/${config!.id}`, headers: as(alice) });
    expect(get.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(get.body).toBe(original);

    const edited = original.replace('<param name="lastIteration" value="10" />', '<param name="lastIteration" value="3" />');
    expect(edited).not.toBe(original);
    const save = (id: number, body: string, type = 'text/xml') =>
      t.app.inject({ method: 'PUT', url: `${API}/datasets/files/${id}`, headers: { ...as(alice), 'content-type': type, 'if-match': '*' }, payload: body });
    const saved = await save(config!.id, edited);
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ url: `${API}/datasets/files/${config!.id}`, headers: as(alice) })).body).toBe(edited);
    expect(await blobsLeft()).toHaveLength(2); // the old config blob is gone

    const broken = await save(config!.id, '<config><module name="controller">');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The configuration could not be read: .*\(line \d+, column \d+\)$/);
    const notConfig = await save(config!.id, '<network><nodes/></network>', 'application/xml');
    expect(notConfig.statusCode).toBe(400);
    expect((await t.app.inject({ url: `${API}/datasets/files/${config!.id}`, headers: as(alice) })).body).toBe(edited);

    const onNetwork = await save(network!.id, edited);
    expect(onNetwork.statusCode).toBe(400);
    expect(onNetwork.json().message).toBe('Only configuration files (or empty files) can be saved as configuration XML.');
    const files = await t.database.db.query.files.findMany();
    expect(files.find((f) => f.id === config!.id)).toMatchObject({ tag: 'config_v2', size: Buffer.byteLength(edited) });
  });

  it('keeps a gzip-compressed config compressed when it is saved', async () => {
    const { alice } = await start();
    const original = await readFile(path.join(SHARED_DATA, 'equil/config.xml'), 'utf8');
    const [config] = await uploadOk(t.app, alice, [{ name: 'config.xml.gz', content: gzipSync(original) }]);
    expect(config!.tag).toBe('config_v2');
    const edited = original.replace('<param name="lastIteration" value="10" />', '<param name="lastIteration" value="4" />');
    const saved = await t.app.inject({ method: 'PUT', url: `${API}/datasets/files/${config!.id}`, headers: { ...as(alice), 'content-type': 'text/xml', 'if-match': '*' }, payload: edited });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ url: `${API}/datasets/files/${config!.id}`, headers: as(alice) })).body).toBe(edited);
    const download = await t.app.inject({ url: `${API}/datasets/files/${config!.id}?dl=1`, headers: as(alice) });
    expect(gunzipSync(download.rawPayload).toString('utf8')).toBe(edited);
  });

  it('fills an empty file with a config', async () => {
    const { alice } = await start();
    const init = await t.app.inject({ method: 'PUT', url: `${API}/datasets/files/init?fileName=config.xml`, headers: as(alice) });
    const xml = await readFile(path.join(SHARED_DATA, 'configs/new-naming/equil_config_2025.xml'), 'utf8');
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/files/${init.json().id}`,
      headers: { ...as(alice), 'content-type': 'text/xml', 'if-match': '*' },
      payload: xml,
    });
    expect(saved.statusCode).toBe(200);
    const row = await t.database.db.query.files.findFirst();
    expect(row).toMatchObject({ tag: 'config_v2', size: Buffer.byteLength(xml) });
  });

  it('answers 404 for unknown files and for files of others', async () => {
    const { alice, bob } = await start();
    const [file] = await uploadOk(t.app, alice, [{ name: 'a.txt', content: 'secret' }]);
    for (const session of [alice, bob]) {
      const id = session === alice ? 999999 : file!.id;
      for (const url of [`${API}/datasets/files/${id}`, `${API}/datasets/files/${id}/d`, `${API}/datasets/files/${id}/as/json`]) {
        const response = await t.app.inject({ url, headers: as(session) });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().message).toBe('The file could not be found.');
      }
    }
  });
});
