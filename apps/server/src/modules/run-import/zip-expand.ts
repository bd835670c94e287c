/**
 * Zip archives attached to an imported run are expanded into the run's files (issue 17 "Zip handling"): a zip of
 * a whole MATSim output folder becomes `output_events.xml.gz`, `ITERS/it.0/0.events.xml.gz`, … each sniffed and
 * tagged like an upload; then the zip is detached and deleted. Checking and decompression run in the worker pool
 * (`zip-extract.ts`); the main thread only moves finished entry files into the blob store and records them.
 *
 * All or nothing per archive: a refused archive (zip slip, absolute names, symbolic links, too many entries, a
 * bomb, a header that lies) throws `ZipRefusedError` and leaves no blob or file row behind; the zip itself stays
 * attached so the user sees what was refused.
 */
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream, createReadStream } from 'node:fs';
import { removeBlobs, type BlobStore } from '../../storage/blob-store.ts';
import { askedBy, SERVER, type Processing } from '../../workers/processing.ts';
import type { FileRow, FilesRepository } from '../files/repository.ts';
import { sniffBlob } from '../files/sniffing.ts';
import { isZipBlob } from '../files/zip-header.ts';
import type { ExtractedEntry } from './zip-extract.ts';
import { isArchiveByName } from './zip-names.ts';

export interface ZipExpandDeps {
  files: FilesRepository;
  blobs: BlobStore;
  processing: Processing;
  /** Work folder for extracted entries; on the blob store's file system, entries are moved, not copied. */
  tempDir: string;
  onBlobLeak: (key: string, err: unknown) => void;
}

/** Why an archive was not expanded; the message is the sentence for the import log. */
export class ZipRefusedError extends Error {
  override readonly name = 'ZipRefusedError';
  constructor(
    readonly archive: string,
    readonly reason: string,
  ) {
    super(`The archive ${archive} was refused: ${reason}.`);
  }
}

export interface ExpandedZip {
  archive: string;
  files: FileRow[];
}

/** A run's system viewer: the expansion runs for the import, after access was checked. */
const SYSTEM = { userId: 0, admin: true };

/**
 * Expands every zip attached to the run, one after another; `log` gets a line per archive. Throws
 * `ZipRefusedError` at the first refused archive (archives expanded before it stay expanded).
 */
export async function expandImportedZips(deps: ZipExpandDeps, runId: number, log: (line: string) => void): Promise<ExpandedZip[]> {
  const expanded: ExpandedZip[] = [];
  for (const zip of await zipsOf(deps, runId)) {
    log(`Expanding the archive ${zip.name} (${zip.size} bytes).`);
    const files = await expandOne(deps, runId, zip);
    log(`The archive ${zip.name} gave ${files.length} file${files.length === 1 ? '' : 's'}.`);
    expanded.push({ archive: zip.name, files });
  }
  return expanded;
}

async function zipsOf(deps: ZipExpandDeps, runId: number): Promise<FileRow[]> {
  const zips: FileRow[] = [];
  for (const file of await deps.files.listForDataset(runId, SYSTEM)) {
    if (isArchiveByName(file.name) ?? (await isZipBlob(deps.blobs, file.blobKey))) zips.push(file);
  }
  return zips;
}

async function expandOne(deps: ZipExpandDeps, runId: number, zip: FileRow): Promise<FileRow[]> {
  await mkdir(deps.tempDir, { recursive: true });
  const work = await mkdtemp(path.join(deps.tempDir, 'zip-'));
  const stored: FileRow[] = [];
  const keys: string[] = [];
  try {
    const zipPath = deps.blobs.localPath?.(zip.blobKey) ?? (await copyOut(deps.blobs, zip.blobKey, path.join(work, 'archive.zip')));
    const outDir = path.join(work, 'entries');
    await mkdir(outDir);
    // The import's file work counts against the share of whoever uploaded the zip.
    const asker = zip.createdBy === null ? SERVER : askedBy({ userId: zip.createdBy });
    const result = await deps.processing.zipExtract(zipPath, outDir, asker);
    if ('refused' in result) throw new ZipRefusedError(zip.name, result.refused);
    for (const entry of result.entries) {
      const blob = await deps.blobs.putWith((temp) => moveFile(entry.file, temp));
      keys.push(blob.key);
      stored.push(await record(deps, entry, blob, zip.createdBy));
    }
    for (const file of stored) await deps.files.attach(runId, file.id);
    await deps.files.detach(runId, zip.id);
    const removed = await deps.files.deleteIfUnused(zip.id);
    if ('blobKeys' in removed) await removeBlobs(deps.blobs, removed.blobKeys, deps.onBlobLeak);
    return stored;
  } catch (err) {
    for (const file of stored) await deps.files.detach(runId, file.id);
    await deps.files.deleteUnused(stored.map((f) => f.id));
    await removeBlobs(deps.blobs, keys, deps.onBlobLeak);
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function record(deps: ZipExpandDeps, entry: ExtractedEntry, blob: { key: string; size: number }, createdBy: number | null): Promise<FileRow> {
  const content = await sniffBlob(deps.processing, deps.blobs, blob.key, entry.name, createdBy === null ? SERVER : askedBy({ userId: createdBy }));
  return deps.files.insert({ name: entry.name, size: blob.size, blobKey: blob.key, ...content, createdBy });
}

/** A store without local files: the zip is copied out once (yauzl needs random access). */
async function copyOut(blobs: BlobStore, key: string, target: string): Promise<string> {
  await pipeline(blobs.read(key), createWriteStream(target, { flags: 'wx' }));
  return target;
}

/** Renamed when both are on one file system, else copied. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await pipeline(createReadStream(from), createWriteStream(to, { flags: 'wx' }));
    await rm(from, { force: true });
  }
}
