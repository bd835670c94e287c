/**
 * MATSim release jars for `$JAR` when a job template names a release: the release zip the server's setup wizard
 * downloaded (`{engines}/matsim-{version}.zip`, the runner's --engines folder) is unpacked once into
 * `{work}/engines/matsim-{version}/` and its `matsim-{version}.jar` is used; its manifest puts `libs/` on the class
 * path. Unpacking goes to a temporary folder that is renamed when complete, so a crash never leaves half a release.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

export class ReleaseError extends Error {}

export const releaseMissing = (version: string) =>
  `MATSim ${version} is not available on this runner: an administrator can download or upload it under Settings > MATSim Releases (/settings/matsim-releases), or use a job template with a custom JAR-file.`;

export class Releases {
  private readonly unpacking = new Map<string, Promise<string>>();

  /** `enginesDir`: where release zips are (undefined: none on this runner); `cacheDir`: where they are unpacked. */
  constructor(
    readonly enginesDir: string | undefined,
    private readonly cacheDir: string,
  ) {}

  /** The release's main jar, unpacking the release first when needed. */
  jar(version: string): Promise<string> {
    if (!/^[\w.-]+$/.test(version)) return Promise.reject(new ReleaseError(`Not a MATSim version: ${version}`));
    let pending = this.unpacking.get(version);
    if (!pending) {
      pending = this.unpack(version);
      this.unpacking.set(version, pending);
      pending.catch(() => this.unpacking.delete(version));
    }
    return pending;
  }

  private async unpack(version: string): Promise<string> {
    const target = path.join(this.cacheDir, `matsim-${version}`);
    if (await exists(target)) return mainJar(target, version);
    const zip = this.enginesDir ? path.join(this.enginesDir, `matsim-${version}.zip`) : undefined;
    if (!zip || !(await exists(zip))) throw new ReleaseError(releaseMissing(version));

    const temp = `${target}.tmp-${randomUUID()}`;
    try {
      await unzip(zip, temp);
      const jar = await mainJar(temp, version);
      await rename(temp, target);
      return path.join(target, path.relative(temp, jar));
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      if (error instanceof ReleaseError) throw error;
      throw new ReleaseError(`The MATSim ${version} release could not be unpacked: ${(error as Error).message}`);
    }
  }
}

/** Unpacks every file of the zip below `dir` (yauzl refuses absolute paths and ".." entries). */
export async function unzip(zip: string, dir: string): Promise<void> {
  const archive = await yauzl.openPromise(zip, { lazyEntries: true, validateEntrySizes: true });
  try {
    for await (const entry of archive.eachEntry()) {
      const target = path.join(dir, entry.fileName);
      if (entry.fileName.endsWith('/')) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(await archive.openReadStreamPromise(entry), createWriteStream(target));
    }
  } finally {
    archive.close();
  }
}

/** `matsim-{version}.jar` at the top of the release or one folder down (the zip's `matsim-{version}/`). */
async function mainJar(dir: string, version: string): Promise<string> {
  const name = `matsim-${version}.jar`;
  if (await exists(path.join(dir, name))) return path.join(dir, name);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && (await exists(path.join(dir, entry.name, name)))) return path.join(dir, entry.name, name);
  }
  throw new ReleaseError(`The MATSim ${version} release has no ${name}.`);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
