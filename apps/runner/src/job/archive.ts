/**
 * Extracting a job template's zip next to the config (`extractArchive`), safely: the archive comes from an
 * administrator's upload, but the runner must never write outside the job folder or fill its disk because of one.
 * Refused, before anything is written: more than `maxEntries` entries, more than `maxTotalBytes` in all (the sizes
 * the zip declares; yauzl checks each entry's real size against them while extracting), an entry that expands more
 * than `maxRatio` times (above 1 MiB), symbolic links, and names that are absolute, contain "..", "\" or control
 * characters (the template file name rule). An entry never replaces a file that is already there.
 */
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { zipEntryCountProblem, zipEntryProblem, type ZipLimits } from '@corridor/contract';
import yauzl from 'yauzl';

export type ArchiveLimits = ZipLimits;

export const ARCHIVE_LIMITS: ArchiveLimits = { maxEntries: 10_000, maxTotalBytes: 4 * 1024 ** 3, maxRatio: 200 };

/** Why an archive cannot be extracted; the message completes "The archive {name} could not be extracted: …". */
export class ArchiveError extends Error {}

/** Extracts every entry of `zip` below `dir`; throws ArchiveError (nothing of a refused archive is written). */
export async function extractArchive(zip: string, dir: string, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<void> {
  let archive: yauzl.ZipFile;
  try {
    archive = await yauzl.openPromise(zip, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true });
  } catch (error) {
    throw new ArchiveError(`it is not a readable zip file (${(error as Error).message})`);
  }
  try {
    const tooMany = zipEntryCountProblem(archive.entryCount, limits);
    if (tooMany) throw new ArchiveError(tooMany);
    const entries = await readEntries(archive, limits);
    for (const entry of entries) {
      const target = path.join(dir, entry.name);
      if (entry.directory) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      const file = await open(target, 'wx').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') throw new ArchiveError(`its entry "${entry.name}" would replace a file that is already there`);
        throw new ArchiveError(`its entry "${entry.name}" could not be written (${error.message})`);
      });
      try {
        await pipeline(await archive.openReadStreamPromise(entry.entry), file.createWriteStream());
      } catch (error) {
        throw new ArchiveError(`its entry "${entry.name}" could not be extracted (${(error as Error).message})`);
      } finally {
        await file.close().catch(() => undefined);
      }
    }
  } finally {
    archive.close();
  }
}

interface CheckedEntry {
  entry: yauzl.Entry;
  name: string;
  directory: boolean;
}

/** Every entry, checked against the limits before anything is written. */
async function readEntries(archive: yauzl.ZipFile, limits: ArchiveLimits): Promise<CheckedEntry[]> {
  const entries: CheckedEntry[] = [];
  let total = 0;
  try {
    for await (const entry of archive.eachEntry()) entries.push(checked(entry, limits, (total += entry.uncompressedSize)));
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    // yauzl's own checks: "invalid relative path: ../x", "absolute path: /x", broken headers.
    throw new ArchiveError((error as Error).message);
  }
  return entries;
}

/** The shared rules (`@corridor/contract` zip-entries.ts): names, symbolic links, declared total, ratio. */
function checked(entry: yauzl.Entry, limits: ArchiveLimits, totalSoFar: number): CheckedEntry {
  const problem = zipEntryProblem(entry, totalSoFar, limits);
  if (problem) throw new ArchiveError(problem);
  const directory = entry.fileName.endsWith('/');
  return { entry, name: directory ? entry.fileName.slice(0, -1) : entry.fileName, directory };
}
