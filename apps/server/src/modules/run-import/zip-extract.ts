/**
 * The worker's half of expanding an imported run's zip (`zip-expand.ts` is the main thread's): the central
 * directory is checked against the shared rules (`@corridor/contract` zip-entries.ts) before anything is written,
 * then each file entry is streamed to its own numbered file in `outDir` (never a path built from the entry's
 * name), counting the bytes: an entry that produces more (or fewer) bytes than its header declares stops the
 * extraction. A refusal is an answer (`refused`), not an error; the caller removes `outDir` either way.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { zipEntryCountProblem, zipEntryProblem, type ZipLimits } from '@corridor/contract';
import yauzl from 'yauzl';
import { withoutCommonFolders } from './zip-names.ts';

export interface ZipExtractArgs extends ZipLimits {
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

/** Thrown inside the extraction for a refusal found while streaming; answered as `refused`. */
class Refused extends Error {}

/** Finder's resource forks: not part of the run. */
const IGNORED = /^__MACOSX\//;

interface Listed {
  entry: yauzl.Entry;
  name: string;
}

export async function extractZip(args: ZipExtractArgs): Promise<ZipExtractResult> {
  let zip: yauzl.ZipFile;
  try {
    // Names are decoded here (decodeStrings: false), so a bad name is our refusal, not yauzl's terse error.
    zip = await yauzl.openPromise(args.zipPath, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false });
  } catch (err) {
    return { refused: `it is not a readable zip file (${(err as Error).message})` };
  }
  try {
    const tooMany = zipEntryCountProblem(zip.entryCount, args);
    if (tooMany) return { refused: tooMany };
    const listed = await listEntries(zip, args);
    if ('refused' in listed) return listed;
    const entries: ExtractedEntry[] = [];
    for (const [i, { entry, name }] of listed.entries()) {
      const file = path.join(args.outDir, String(i));
      await extractEntry(zip, entry, name, file);
      entries.push({ name, file, size: entry.uncompressedSize });
    }
    return { entries };
  } catch (err) {
    if (err instanceof Refused) return { refused: err.message };
    throw err;
  } finally {
    zip.close();
  }
}

/** The file entries, checked, with their final names; or why the archive is refused. */
async function listEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<Listed[] | { refused: string }> {
  const files: Listed[] = [];
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const raw = entry.fileName as unknown as Buffer;
      const fileName = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
      const problem = zipEntryProblem({ ...entry, fileName }, (total += entry.uncompressedSize), limits);
      if (problem) return { refused: problem };
      if (!fileName.endsWith('/') && !IGNORED.test(fileName)) files.push({ entry, name: fileName });
    }
  } catch (err) {
    return { refused: `it is not a readable zip file (${(err as Error).message})` };
  }
  const names = withoutCommonFolders(files.map((f) => f.name));
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return { refused: `it holds the entry "${name}" twice` };
    seen.add(name);
  }
  return files.map((f, i) => ({ ...f, name: names[i]! }));
}

async function extractEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, file: string): Promise<void> {
  const declared = entry.uncompressedSize;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > declared) done(new Refused(`its entry "${name}" holds more than the ${declared} bytes its header declares`));
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
}
