/**
 * The worker's half of expanding an imported run's zip (`zip-expand.ts` is the main thread's): the central
 * directory is checked against the shared rules (`@corridor/contract` zip-entries.ts) before anything is written,
 * then each file entry is streamed to its own numbered file in `outDir` (never a path built from the entry's
 * name), counting the bytes: an entry that produces more (or fewer) bytes than its header declares stops the
 * extraction. A refusal is an answer (`refused`), not an error; the caller removes `outDir` either way.
 *
 * The archive as a whole has one budget (issue 23, finding 5): every byte written, whichever entry and whichever
 * nesting level it comes from, counts against `maxArchiveRatio` × the archive's size and `maxTotalBytes` — checked
 * on the sizes the entries declare before they are written, and on the bytes as they are written. A zip inside the
 * zip is expanded where it lies (its entries take its folder; the zip itself is not kept) up to `maxDepth` levels.
 */
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  zipArchiveBudget,
  zipArchiveProblem,
  zipEntryCountProblem,
  zipEntryProblem,
  zipNestingProblem,
  type ZipArchiveLimits,
  type ZipLimits,
} from '@corridor/contract';
import yauzl from 'yauzl';
import { isZipHeader } from '../files/zip-header.ts';
import { isArchiveByName, withoutCommonFolders } from './zip-names.ts';

export interface ZipExtractArgs extends ZipLimits, ZipArchiveLimits {
  zipPath: string;
  outDir: string;
}

export interface ExtractedEntry {
  /** The entry's path inside the zip, the folders all files share removed ("ITERS/it.0/0.events.xml.gz"). */
  name: string;
  /** Where its bytes are now. */
  file: string;
  size: number;
}

export type ZipExtractResult = { refused: string } | { entries: ExtractedEntry[] };

/** Thrown inside the extraction for a refusal; answered as `refused`. */
class Refused extends Error {}

/** Finder's resource forks: not part of the run. */
const IGNORED = /^__MACOSX\//;

interface Listed {
  entry: yauzl.Entry;
  /** Its path in the run before the shared folders are removed (a nested zip's folder in front). */
  name: string;
}

/** An archive being expanded: where it is, its folder in the run, its path through the archives above it. */
interface Level {
  zipPath: string;
  folder: string;
  trail: string;
  depth: number;
}

export async function extractZip(args: ZipExtractArgs): Promise<ZipExtractResult> {
  try {
    const extraction = new Extraction(args, (await stat(args.zipPath)).size);
    await extraction.expand({ zipPath: args.zipPath, folder: '', trail: '', depth: 1 });
    return { entries: extraction.entries() };
  } catch (err) {
    if (err instanceof Refused) return { refused: err.message };
    throw err;
  }
}

/** One archive's expansion with its nested archives, and what it has written so far. */
class Extraction {
  private readonly found: ExtractedEntry[] = [];
  private written = 0;
  private entryCount = 0;
  private fileCount = 0;

  constructor(
    private readonly args: ZipExtractArgs,
    private readonly archiveBytes: number,
  ) {}

  /** The files found, named by their path without the folders they all share; refused when a name comes twice. */
  entries(): ExtractedEntry[] {
    const names = withoutCommonFolders(this.found.map((f) => f.name));
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) throw new Refused(`it holds the entry "${name}" twice`);
      seen.add(name);
    }
    return this.found.map((f, i) => ({ ...f, name: names[i]! }));
  }

  /** Expands the archive; false when a nested one has no readable central directory (it stays a file then). */
  async expand(level: Level): Promise<boolean> {
    let zip: yauzl.ZipFile;
    try {
      // Names are decoded here (decodeStrings: false), so a bad name is our refusal, not yauzl's terse error.
      zip = await yauzl.openPromise(level.zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false });
    } catch (err) {
      if (level.depth > 1) return false;
      throw new Refused(`it is not a readable zip file (${(err as Error).message})`);
    }
    try {
      const problem = zipEntryCountProblem((this.entryCount += zip.entryCount), this.args);
      if (problem) throw new Refused(problem);
      for (const { entry, name } of await this.list(zip, level)) await this.extract(zip, entry, name, level);
    } finally {
      zip.close();
    }
    return true;
  }

  /** The file entries, checked against the shared rules and the archive's budget before any is written. */
  private async list(zip: yauzl.ZipFile, level: Level): Promise<Listed[]> {
    const files: Listed[] = [];
    let declared = this.written;
    try {
      for await (const entry of zip.eachEntry()) {
        const raw = entry.fileName as unknown as Buffer;
        const fileName = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
        const problem = zipEntryProblem({ ...entry, fileName }, (declared += entry.uncompressedSize), this.args);
        if (problem) throw new Refused(problem);
        if (!fileName.endsWith('/') && !IGNORED.test(fileName)) files.push({ entry, name: `${level.folder}${fileName}` });
      }
    } catch (err) {
      if (err instanceof Refused) throw err;
      throw new Refused(`it is not a readable zip file (${(err as Error).message})`);
    }
    const tooMuch = zipArchiveProblem(declared, this.archiveBytes, this.args);
    if (tooMuch) throw new Refused(tooMuch);
    return files;
  }

  /** Streams one entry to its numbered file, counting its bytes; a zip is expanded in its place. */
  private async extract(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, level: Level): Promise<void> {
    const file = path.join(this.args.outDir, String(this.fileCount++));
    const head = await this.write(zip, entry, name, file);
    const inner = { trail: `${level.trail}${level.trail ? '/' : ''}${name.slice(level.folder.length)}`, depth: level.depth + 1 };
    if (isArchiveByName(name) ?? isZipHeader(head)) {
      if (inner.depth > this.args.maxDepth) throw new Refused(zipNestingProblem(inner.trail, this.args));
      if (await this.expand({ zipPath: file, folder: name.slice(0, name.lastIndexOf('/') + 1), ...inner })) return void (await rm(file, { force: true }));
    }
    this.found.push({ name, file, size: entry.uncompressedSize });
  }

  /** The entry's bytes into `file`; answers its first four bytes. */
  private async write(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, file: string): Promise<Uint8Array> {
    const declared = entry.uncompressedSize;
    const budget = zipArchiveBudget(this.archiveBytes, this.args);
    let size = 0;
    let head = new Uint8Array(0);
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4 - head.length)]);
        size += chunk.length;
        this.written += chunk.length;
        if (size > declared) done(new Refused(`its entry "${name}" holds more than the ${declared} bytes its header declares`));
        else if (this.written > budget) done(new Refused(zipArchiveProblem(this.written, this.archiveBytes, this.args)!));
        else done(null, chunk);
      },
    });
    let stream: NodeJS.ReadableStream;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch (err) {
      throw new Refused(`its entry "${name}" cannot be read (${(err as Error).message})`);
    }
    try {
      await pipeline(stream, counter, createWriteStream(file, { flags: 'wx' }));
    } catch (err) {
      if (err instanceof Refused) throw err;
      throw new Refused(`its entry "${name}" cannot be read (${(err as Error).message})`);
    }
    if (size !== declared) throw new Refused(`its entry "${name}" holds ${size} bytes, not the ${declared} its header declares`);
    return head;
  }
}
