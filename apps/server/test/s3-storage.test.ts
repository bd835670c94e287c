/**
 * Issue 30 "Object storage": the app with STORAGE_URL=s3://… against a real S3-compatible server process (s3rver).
 * Files go through HTTP as a user sends them — upload, download, the file viewer's head, delete while used and
 * unused — and the places that want a local file (DuckDB's table import, a run import's zip expansion) work from a
 * temporary copy. The bucket is listed to see what is kept.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { FilesRepository } from '../src/modules/files/repository.ts';
import { expandImportedZips } from '../src/modules/run-import/zip-expand.ts';
import { S3BlobStore, s3ClientFor } from '../src/storage/s3-store.ts';
import { Processing } from '../src/workers/processing.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { objectsUnder, startS3Server, type TestS3Server } from './s3-server.ts';
import { addUser, attach, createScenario, filesBelow, SHARED_DATA, upload, uploadOk, type Session } from './workspace-helpers.ts';

let server: TestS3Server;
let client: S3Client;
let t: TestApp;
let alice: Session;
const PREFIX = 'corridor/blobs/';

beforeAll(async () => {
  server = await startS3Server();
  client = s3ClientFor(server.storage());
  t = await createTestApp({ env: { ...server.env('corridor/blobs'), MAX_UPLOAD_BYTES: '1000000' } });
  alice = await addUser(t.app, await setupAdmin(t.app), 'alice');
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await server?.close();
});

const as = (session: Session) => ({ cookie: session.cookie });
const objects = () => objectsUnder(client, server.bucket, PREFIX);
const blobKeyOf = async (fileId: number) => (await t.database.db.query.files.findFirst({ where: (f, { eq }) => eq(f.id, fileId) }))!.blobKey;

describe('files in S3-compatible object storage', () => {
  it('uploads, downloads, shows the head of and deletes a scenario file; nothing lands in DATA_DIR/files', async () => {
    const { id: scenario } = await createScenario(t.app, alice, { key: 's3-files' });
    const log = await readFile(path.join(SHARED_DATA, 'output-equil-2024', 'logfile.log'));
    const plans = await readFile(path.join(SHARED_DATA, 'equil', 'plans2000.xml.gz'));
    const before = await objects();
    const [logFile, plansFile] = await uploadOk(t.app, alice, [
      { name: 'logfile.log', content: log },
      { name: 'plans2000.xml.gz', content: plans },
    ]);
    expect(plansFile!.tag).toBe('plans_v4'); // sniffed from the object's first bytes
    await attach(t.app, alice, scenario, logFile!.id);
    expect(await objects()).toEqual([...before, `${PREFIX}${await blobKeyOf(logFile!.id)}`, `${PREFIX}${await blobKeyOf(plansFile!.id)}`].sort());
    expect(await filesBelow(path.join(t.config.dataDir, 'files'))).toEqual([]);

    const download = await t.app.inject({ url: `${API}/datasets/files/${plansFile!.id}?dl=1`, headers: as(alice) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(plans)).toBe(true);

    // The file viewer: the beginning (2,000 lines) of the log, and of the plans decompressed; the rest is not read.
    const logHead = await t.app.inject({ url: `${API}/datasets/files/${logFile!.id}/head`, headers: as(alice) });
    expect(logHead.statusCode).toBe(200);
    expect(logHead.json()).toMatchObject({ name: 'logfile.log', lines: 2000, complete: false });
    expect(log.toString('utf8').startsWith(logHead.json().text)).toBe(true);
    const plansHead = (await t.app.inject({ url: `${API}/datasets/files/${plansFile!.id}/head`, headers: as(alice) })).json();
    expect(plansHead).toMatchObject({ compressed: true, lines: 2000, complete: false });
    expect(gunzipSync(plans).toString('utf8').startsWith(plansHead.text)).toBe(true);

    // Deletes respect usages: the attached file stays (and its object), the unused one goes.
    const inUse = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/files/${logFile!.id}`, headers: as(alice) });
    expect(inUse.statusCode).toBe(409);
    const plansKey = await blobKeyOf(plansFile!.id);
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/files/${plansFile!.id}`, headers: as(alice) })).statusCode).toBe(200);
    expect(await objects()).not.toContain(`${PREFIX}${plansKey}`);
    expect(await objects()).toContain(`${PREFIX}${await blobKeyOf(logFile!.id)}`);
    expect((await t.app.inject({ url: `${API}/datasets/files/${plansFile!.id}`, headers: as(alice) })).statusCode).toBe(404);
  });

  it('refuses a file over the upload limit while it streams, keeping no object', async () => {
    const before = await objects();
    const response = await upload(t.app, alice, [{ name: 'big.csv', content: Buffer.alloc(1_500_000, 65) }]);
    expect(response.statusCode).toBe(413);
    expect(await objects()).toEqual(before);
  });

  it('imports a CSV as a table (DuckDB reads a temporary copy) and expands an imported run’s zip', async () => {
    const { id: scenario } = await createScenario(t.app, alice, { key: 's3-tables' });
    const [trips] = await uploadOk(t.app, alice, [{ name: 'output_trips.csv.gz', content: await readFile(path.join(SHARED_DATA, 'output-equil-2024', 'output_trips.csv.gz')) }]);
    await attach(t.app, alice, scenario, trips!.id);
    const table = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${scenario}/import-as-table/${trips!.id}`, headers: as(alice) });
    expect(table.statusCode).toBe(200);
    expect(table.json()).toMatchObject({ name: 'output_trips', rowCount: gunzipSync(await readFile(path.join(SHARED_DATA, 'output-equil-2024', 'output_trips.csv.gz'))).toString().trim().split('\n').length - 1 });
    expect(await filesBelow(path.join(t.config.dataDir, 'tables', 'tmp'))).toEqual([]);

    // The run import's zip expansion on the same bucket (as its post-processing calls it): yauzl reads a copy.
    const zip = new yazl.ZipFile();
    for (const name of ['modestats.csv', 'scorestats.csv']) zip.addFile(path.join(SHARED_DATA, 'output-equil-2024', name), `output/${name}`);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream.pipe(new PassThrough())) chunks.push(chunk as Buffer);
    const { id: runId } = await createScenario(t.app, alice, { key: 's3-run' });
    const [zipFile] = await uploadOk(t.app, alice, [{ name: 'output.zip', content: Buffer.concat(chunks) }]);
    await attach(t.app, alice, runId, zipFile!.id);
    const zipKey = await blobKeyOf(zipFile!.id);
    const blobs = await S3BlobStore.open({ client, bucket: server.bucket, prefix: PREFIX, tempDir: path.join(t.config.dataDir, 'tmp', 'test-uploads') });
    const processing = new Processing();
    try {
      const tempDir = path.join(t.config.dataDir, 'tmp', 'run-import');
      const [expanded] = await expandImportedZips({ files: new FilesRepository(t.database.db), blobs, processing, tempDir, onBlobLeak: () => {} }, runId, () => {});
      expect(expanded!.files.map((f) => f.name).sort()).toEqual(['modestats.csv', 'scorestats.csv']);
      expect(await filesBelow(tempDir)).toEqual([]);
    } finally {
      await processing.close();
    }
    const listed = (await t.app.inject({ url: `${API}/datasets/datasets/${runId}/files`, headers: as(alice) })).json() as { id: number; name: string }[];
    expect(listed.map((f) => f.name).sort()).toEqual(['modestats.csv', 'scorestats.csv']);
    const names = await objects();
    expect(names).not.toContain(`${PREFIX}${zipKey}`);
    for (const file of listed) expect(names).toContain(`${PREFIX}${await blobKeyOf(file.id)}`);
  });
});
