/**
 * Issue 17 "Zip handling": zips attached to an imported run expand into the run's files (sniffed, named by their
 * path in the zip without the folders all files share), and hostile zips are refused with a clear message, leaving no
 * file row and no blob behind. The zips are uploaded and attached through HTTP; the expansion is called as the
 * run import's post-processing calls it, on the app's own database, blob folder and a worker pool.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { SYMLINK_MODE, zipBytes, type ZipEntry } from '../../../packages/contract/test/zip-bytes.ts';
import { EXPECTED_TAGS } from '../../../packages/matsim/test/expected-tags.ts';
import { expandImportedZips, ZipRefusedError } from '../src/modules/run-import/zip-expand.ts';
import { FilesRepository } from '../src/modules/files/repository.ts';
import { LocalDiskBlobStore } from '../src/storage/local-disk.ts';
import type { ProcessingLimits } from '../src/workers/limits.ts';
import { Processing } from '../src/workers/processing.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, filesBelow, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let blobs: LocalDiskBlobStore;
let processing: Processing | undefined;
// One app and one user for the whole file (every test makes its own scenario, and counts rows and blobs as they
// were before its zip): a fresh app and two sign-ups per test cost seconds each on the CI machine.
beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t.app, await setupAdmin(t.app), 'alice');
  blobs = await LocalDiskBlobStore.open(path.join(t.config.dataDir, 'files'));
});
afterEach(async () => {
  await processing?.close();
  processing = undefined;
});
afterAll(async () => {
  await t?.close();
});

const EQUIL = path.join(SHARED_DATA, 'output-equil-2024');
const LIMITS = { zipMaxEntries: 100, zipMaxBytes: 50_000_000, zipMaxRatio: 200 };

async function start(limits: Partial<ProcessingLimits> = LIMITS): Promise<{ alice: Session; expand: (runId: number) => Promise<{ lines: string[]; result: Awaited<ReturnType<typeof expandImportedZips>> }> }> {
  processing = new Processing(limits);
  const deps = {
    files: new FilesRepository(t.database.db),
    blobs,
    processing,
    tempDir: path.join(t.config.dataDir, 'files', '.tmp', 'zips'),
    onBlobLeak: (key: string) => {
      throw new Error(`leaked blob ${key}`);
    },
  };
  const expand = async (runId: number) => {
    const lines: string[] = [];
    const result = await expandImportedZips(deps, runId, (line) => lines.push(line));
    return { lines, result };
  };
  return { alice, expand };
}

/** A run with the zip attached (a scenario stands in until the run import creates run datasets). */
let scenarios = 0;
async function runWithZip(alice: Session, name: string, content: Buffer): Promise<{ runId: number; zipId: number }> {
  const { id: runId } = await createScenario(t.app, alice, { key: `run-${++scenarios}` });
  const [zip] = await uploadOk(t.app, alice, [{ name, content }]);
  await attach(t.app, alice, runId, zip!.id);
  return { runId, zipId: zip!.id };
}

const filesOf = async (alice: Session, runId: number) =>
  (await t.app.inject({ url: `${API}/datasets/datasets/${runId}/files`, headers: { cookie: alice.cookie } })).json() as { id: number; name: string; tag: string | null; size: number }[];
const fileRows = async () => (await t.database.db.query.files.findMany()).length;
/** Blobs and the zip work folder's files (`files/.tmp/zips`) alike. */
const blobsLeft = () => filesBelow(path.join(t.config.dataDir, 'files'));

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) out.push(...(await filesUnder(path.join(dir, entry.name), `${name}/`)));
    else out.push(name);
  }
  return out.sort();
}

/**
 * The folder zipped as a user would: every name under `prefix`, e.g. "output-equil-2024/" (`zip -r output.zip
 * output-equil-2024`) or "runs/equil/output/" (`zip -r output.zip runs/equil/output`), with its folder entries.
 */
async function zipFolder(dir: string, prefix: string): Promise<{ zip: Buffer; names: string[] }> {
  const names = await filesUnder(dir);
  const zip = new yazl.ZipFile();
  const folders = prefix.split('/').slice(0, -1);
  for (let i = 1; i <= folders.length; i++) zip.addEmptyDirectory(`${folders.slice(0, i).join('/')}/`);
  for (const name of names) zip.addFile(path.join(dir, name), `${prefix}${name}`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return { zip: Buffer.concat(chunks), names };
}

describe('expanding an imported run’s zip', () => {
  it.each(['output-equil-2024/', 'home/alice/runs/equil/output/'])('turns a zipped output folder (%s) into tagged files named by their path below it, and removes the zip', async (prefix) => {
    const { alice, expand } = await start();
    const { zip, names } = await zipFolder(EQUIL, prefix);
    const blobsBefore = (await blobsLeft()).length;
    const { runId, zipId } = await runWithZip(alice, 'output.zip', zip);
    const { lines, result } = await expand(runId);
    expect(lines).toEqual([`Expanding the archive output.zip (${zip.length} bytes).`, `The archive output.zip gave ${names.length} files.`]);
    expect(result[0]!.files).toHaveLength(names.length);
    const files = await filesOf(alice, runId);
    expect(files.map((f) => f.name).sort()).toEqual(names);
    expect(names).toContain('output_events.xml.gz');
    expect(names).toContain('ITERS/it.0/0.events.xml.gz');
    for (const file of files) expect([file.name, file.tag]).toEqual([file.name, EXPECTED_TAGS[`output-equil-2024/${file.name}`] ?? null]);
    const events = files.find((f) => f.name === 'output_events.xml.gz')!;
    const download = await t.app.inject({ url: `${API}/datasets/files/${events.id}?dl=1`, headers: { cookie: alice.cookie } });
    expect(download.rawPayload.equals(await readFile(path.join(EQUIL, 'output_events.xml.gz')))).toBe(true);
    expect((await t.app.inject({ url: `${API}/datasets/files/${zipId}`, headers: { cookie: alice.cookie } })).statusCode).toBe(404);
    // Every blob belongs to a file row (the zip's is gone); no work files are left.
    expect(await blobsLeft()).toHaveLength(blobsBefore + names.length);
  });

  it('finds a zip by its content when its name does not say so, and keeps names of a zip without a top folder', async () => {
    const { alice, expand } = await start();
    const { runId } = await runWithZip(alice, 'outputs', zipBytes([{ name: 'scorestats.csv', content: 'ITERATION;avg. EXECUTED\n0;1\n' }, { name: 'ITERS/it.0/notes.txt', content: 'x' }]));
    await expand(runId);
    expect((await filesOf(alice, runId)).map((f) => [f.name, f.tag])).toEqual([
      ['ITERS/it.0/notes.txt', null],
      ['scorestats.csv', 'scorestats'],
    ]);
  });

  const big = Buffer.alloc(5_000_000, 'a');
  const hostile: [string, ZipEntry[], string][] = [
    ['zip slip', [{ name: 'fine.txt', content: 'x' }, { name: '../evil.txt', content: 'evil' }], 'its entry name "../evil.txt" must not contain empty, "." or ".." parts'],
    ['an absolute path', [{ name: '/etc/cron.d/evil', content: 'evil' }], 'its entry name "/etc/cron.d/evil" must be a relative path'],
    ['a drive letter', [{ name: 'C:/evil.txt', content: 'evil' }], 'its entry name "C:/evil.txt" must not start with a drive letter'],
    ['a backslash', [{ name: '..\\evil.txt', content: 'evil' }], 'its entry name "..\\evil.txt" must not contain "\\"'],
    ['a symbolic link', [{ name: 'fine.txt', content: 'x' }, { name: 'link', content: '/etc/passwd', mode: SYMLINK_MODE }], 'its entry "link" is a symbolic link'],
    ['too many entries', Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' })), 'it has 101 entries, more than the 100 allowed'],
    ['a bomb', [{ name: 'bomb.bin', content: big, deflate: true }], 'its entry "bomb.bin" expands more than 200 times (4875 to 5000000 bytes)'],
    // Sizes the central directory claims (1 MB each, so no entry is over the ratio): refused before any is read.
    ['too much in all', Array.from({ length: 60 }, (_, i) => ({ name: `part${i}.bin`, content: 'x', declaredSize: 1_000_000 })), 'it expands to more than 50000000 bytes'],
    ['a header that lies', [{ name: 'fine.txt', content: 'x' }, { name: 'small.bin', content: big, deflate: true, declaredSize: 1000 }], 'its entry "small.bin" holds more than the 1000 bytes its header declares'],
  ];

  it.each(hostile)('refuses %s and leaves nothing behind', async (_what, entries, reason) => {
    const { alice, expand } = await start();
    const { runId, zipId } = await runWithZip(alice, 'x.zip', zipBytes(entries));
    const [rowsBefore, blobsBefore] = [await fileRows(), await blobsLeft()];
    const error = await expand(runId).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ZipRefusedError);
    expect((error as Error).message).toBe(`The archive x.zip was refused: ${reason}.`);
    expect(await fileRows()).toBe(rowsBefore);
    expect(await blobsLeft()).toEqual(blobsBefore);
    // The refused zip stays with the run, so the user sees what was refused.
    expect((await filesOf(alice, runId)).map((f) => f.id)).toEqual([zipId]);
  });
});

describe('an imported run’s zip as a whole (issue 23, finding 5)', () => {
  /** The default bounds but for the entry count, so that the archive's own ratio is what refuses. */
  const WHOLE = { zipMaxEntries: 2000 };
  const MiB = 1024 ** 2;
  /** 1,000 entries of 1 MiB of zeros: each deflates to about 1 KB, below the per-entry ratio's 1 MiB. */
  let zerosZip: Buffer | undefined;
  const zeros = () => (zerosZip ??= zipBytes(Array.from({ length: 1000 }, (_, i) => ({ name: `zeros/${i}.bin`, content: Buffer.alloc(MiB), deflate: true }))));
  const ratioReason = (archiveBytes: number) => `it expands to more than ${50 * archiveBytes} bytes, 50 times its own ${archiveBytes} bytes`;

  async function refused(expand: (runId: number) => Promise<unknown>, alice: Session, name: string, zip: Buffer, reason: string) {
    const { runId, zipId } = await runWithZip(alice, name, zip);
    const [rowsBefore, blobsBefore] = [await fileRows(), await blobsLeft()];
    const error = await expand(runId).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ZipRefusedError);
    expect((error as Error).message).toBe(`The archive ${name} was refused: ${reason}.`);
    // Nothing on disk but what was there before (the zip's blob): no entry files, no blobs, no rows.
    expect(await fileRows()).toBe(rowsBefore);
    expect(await blobsLeft()).toEqual(blobsBefore);
    expect((await filesOf(alice, runId)).map((f) => f.id)).toEqual([zipId]);
  }

  it('refuses 1,000 × 1 MiB of zeros in a 1 MB zip (1 GB expanded) with the archive’s ratio, leaving nothing behind', async () => {
    const { alice, expand } = await start(WHOLE);
    const zip = zeros();
    expect(zip.length).toBeLessThan(1.2e6);
    await refused(expand, alice, 'zeros.zip', zip, ratioReason(zip.length));
  });

  it('counts a zip inside the zip against the same budget: the zeros zip stored in another is refused', async () => {
    const { alice, expand } = await start(WHOLE);
    const outer = zipBytes([
      { name: 'run/scorestats.csv', content: 'ITERATION;avg. EXECUTED\n0;1\n' },
      { name: 'run/ITERS.zip', content: zeros() },
    ]);
    await refused(expand, alice, 'nested.zip', outer, ratioReason(outer.length));
  });

  it('refuses a zip nested three deep', async () => {
    const { alice, expand } = await start();
    const deepest = zipBytes([{ name: 'x.txt', content: 'x' }]);
    const middle = zipBytes([{ name: 'c.zip', content: deepest }]);
    await refused(expand, alice, 'a.zip', zipBytes([{ name: 'b.zip', content: middle }]), 'its entry "b.zip/c.zip" is an archive nested more than 2 deep');
  });

  it('expands a zip inside the zip where it lies, its entries in its folder, and keeps no zip', async () => {
    const { alice, expand } = await start();
    const iters = zipBytes([
      { name: 'ITERS/it.0/0.notes.txt', content: 'zero' },
      { name: 'ITERS/it.1/1.notes.txt', content: 'one', deflate: true },
    ]);
    const outer = zipBytes([
      { name: 'output/scorestats.csv', content: 'ITERATION;avg. EXECUTED\n0;1\n' },
      { name: 'output/ITERS.zip', content: iters, deflate: true },
    ]);
    const blobsBefore = (await blobsLeft()).length;
    const { runId } = await runWithZip(alice, 'output.zip', outer);
    const { result } = await expand(runId);
    expect(result[0]!.files.map((f) => f.name).sort()).toEqual(['ITERS/it.0/0.notes.txt', 'ITERS/it.1/1.notes.txt', 'scorestats.csv']);
    expect((await filesOf(alice, runId)).map((f) => [f.name, f.tag])).toEqual([
      ['ITERS/it.0/0.notes.txt', null],
      ['ITERS/it.1/1.notes.txt', null],
      ['scorestats.csv', 'scorestats'],
    ]);
    expect(await blobsLeft()).toHaveLength(blobsBefore + 3);
  });
});
