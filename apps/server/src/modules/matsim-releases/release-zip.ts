/**
 * Whether a zip is a MATSim release, from its central directory only: `matsim-{version}.jar` at the top or in one
 * folder (MATSim's zips hold `matsim-2025.0/matsim-2025.0.jar`), a `libs/` folder beside it (the jar's manifest puts
 * it on the class path; the runner unpacks the zip and runs that jar), and entries the runner may extract safely.
 */
import { MATSIM_RELEASE_MESSAGES, MATSIM_VERSION_PATTERN, zipEntryCountProblem, zipEntryProblem, type ZipLimits } from '@corridor/contract';
import yauzl from 'yauzl';

/** A release has a few hundred library jars; its libraries expand to a few hundred MB. */
export const RELEASE_ZIP_LIMITS: ZipLimits = { maxEntries: 20_000, maxTotalBytes: 5_000_000_000, maxRatio: 200 };

export type ReleaseCheck = { version: string } | { problem: string };

const JAR = /^(?:([^/]+)\/)?matsim-([^/]+)\.jar$/;

/** `name`: the uploaded file's name, for the messages. */
export async function checkReleaseZip(file: string, name: string): Promise<ReleaseCheck> {
  let archive: yauzl.ZipFile;
  try {
    archive = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch {
    return { problem: MATSIM_RELEASE_MESSAGES.notZip(name) };
  }
  try {
    const countProblem = zipEntryCountProblem(archive.entryCount, RELEASE_ZIP_LIMITS);
    if (countProblem) return { problem: `${name} was refused: ${countProblem}.` };
    const jars: { folder: string; version: string; path: string }[] = [];
    const names: string[] = [];
    let total = 0;
    for await (const entry of archive.eachEntry()) {
      total += entry.uncompressedSize;
      const problem = zipEntryProblem(entry, total, RELEASE_ZIP_LIMITS);
      if (problem) return { problem: `${name} was refused: ${problem}.` };
      names.push(entry.fileName);
      const jar = JAR.exec(entry.fileName);
      if (jar && MATSIM_VERSION_PATTERN.test(jar[2]!)) jars.push({ folder: jar[1] ? `${jar[1]}/` : '', version: jar[2]!, path: entry.fileName });
    }
    if (jars.length === 0) return { problem: MATSIM_RELEASE_MESSAGES.noJar(name) };
    if (jars.length > 1) return { problem: MATSIM_RELEASE_MESSAGES.twoJars(name) };
    const jar = jars[0]!;
    const libs = `${jar.folder}libs/`;
    if (!names.some((n) => n.startsWith(libs) && n.length > libs.length)) return { problem: MATSIM_RELEASE_MESSAGES.noLibs(name, jar.path) };
    return { version: jar.version };
  } catch (err) {
    return { problem: `${name} is not a readable zip file (${(err as Error).message}).` };
  } finally {
    archive.close();
  }
}
