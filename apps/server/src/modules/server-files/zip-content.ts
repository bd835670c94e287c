/**
 * A zip's entry names and sizes from its central directory only (nothing is decompressed), bounded in entries.
 * Runs in a worker thread (workers/tasks.ts `zipContent`); never throws for a bad zip: the reason is `zipError`.
 */
import type { ZipContent } from '@corridor/contract';
import yauzl from 'yauzl';

export async function readZipContent(file: string, maxEntries: number): Promise<ZipContent> {
  let archive: yauzl.ZipFile;
  try {
    // strictFileNames: an entry name with "\" is refused like "../x" and "/x" (yauzl checks those always).
    archive = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch (err) {
    return { zipError: `It is not a readable zip file (${(err as Error).message}).` };
  }
  const zipContent: ZipContent['zipContent'] & object = [];
  try {
    for await (const entry of archive.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (zipContent.length === maxEntries) return { zipContent, zipContentTruncated: true };
      zipContent.push({ name: entry.fileName, size: entry.uncompressedSize });
    }
    return { zipContent };
  } catch (err) {
    return { zipError: `Its content cannot be listed (${(err as Error).message}).` };
  } finally {
    archive.close();
  }
}
