/**
 * The safety rules for zip archives from users, checked on the central directory before anything is extracted:
 * the runner extracting a job template's zip and the server expanding an imported run's zip share them. Each
 * problem completes a sentence about the archive ("The archive x.zip was refused: …").
 */
import { templateFileNameProblem } from './job-files.ts';

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the sizes the entries declare. */
  maxTotalBytes: number;
  /** An entry above `ZIP_RATIO_FROM_BYTES` may expand at most this many times. */
  maxRatio: number;
}

/** Small entries may expand more (a file of zeros, a tiny XML). */
export const ZIP_RATIO_FROM_BYTES = 1024 ** 2;

/** What the central directory says about one entry (yauzl's Entry has these fields). */
export interface ZipEntryFacts {
  /** Decoded name as stored ("/" separated, a trailing "/" for folders). */
  fileName: string;
  externalFileAttributes: number;
  compressedSize: number;
  uncompressedSize: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export function isZipSymlink(externalFileAttributes: number): boolean {
  return ((externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
}

export function zipEntryCountProblem(count: number, limits: ZipLimits): string | null {
  return count > limits.maxEntries ? `it has ${count} entries, more than the ${limits.maxEntries} allowed` : null;
}

/**
 * Why the entry must not be extracted, or null. `totalSoFar` is the declared size of the entries so far,
 * this one included. Names: relative, no "..", ".", "\", drive letters or control characters.
 */
export function zipEntryProblem(entry: ZipEntryFacts, totalSoFar: number, limits: ZipLimits): string | null {
  const name = entry.fileName.endsWith('/') ? entry.fileName.slice(0, -1) : entry.fileName;
  const problem = /^[a-zA-Z]:/.test(name) ? 'must not start with a drive letter' : templateFileNameProblem(name);
  if (problem) return `its entry name "${entry.fileName}" ${problem}`;
  if (isZipSymlink(entry.externalFileAttributes)) return `its entry "${name}" is a symbolic link`;
  if (totalSoFar > limits.maxTotalBytes) return `it expands to more than ${limits.maxTotalBytes} bytes`;
  const size = entry.uncompressedSize;
  if (size > ZIP_RATIO_FROM_BYTES && size > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
    return `its entry "${name}" expands more than ${limits.maxRatio} times (${entry.compressedSize} to ${size} bytes)`;
  }
  return null;
}

/**
 * Bounds on an archive as a whole, the archives nested in it included (the server's run import): every byte written
 * counts, whichever level it comes from, so many small entries of zeros (each exempt from the per-entry ratio) or a
 * zip of zips cannot amplify the upload.
 */
export interface ZipArchiveLimits {
  /** All bytes written (nested archives and their entries included) at most this many times the archive's size. */
  maxArchiveRatio: number;
  /** Archive levels expanded: 1 the archive only, 2 also the zips inside it; a zip deeper than that is refused. */
  maxDepth: number;
}

/** How many bytes an archive of `archiveBytes` may write in all: its ratio bound, at most `maxTotalBytes`. */
export function zipArchiveBudget(archiveBytes: number, limits: ZipLimits & ZipArchiveLimits): number {
  return Math.min(limits.maxTotalBytes, limits.maxArchiveRatio * archiveBytes);
}

/** Why `bytes` (written, or declared by the entries still to come plus those written) are too many, or null. */
export function zipArchiveProblem(bytes: number, archiveBytes: number, limits: ZipLimits & ZipArchiveLimits): string | null {
  const budget = zipArchiveBudget(archiveBytes, limits);
  if (bytes <= budget) return null;
  if (budget === limits.maxTotalBytes) return `it expands to more than ${limits.maxTotalBytes} bytes`;
  return `it expands to more than ${budget} bytes, ${limits.maxArchiveRatio} times its own ${archiveBytes} bytes`;
}

/** `path` is the nested archive's path through the archives above it ("runs.zip/ITERS.zip"). */
export function zipNestingProblem(path: string, limits: ZipArchiveLimits): string {
  return `its entry "${path}" is an archive nested more than ${limits.maxDepth} deep`;
}
