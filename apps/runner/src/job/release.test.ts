import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReleaseError, releaseMissing, Releases } from './release.ts';

let dir: string;
let engines: string;

/** A release zip shaped like MATSim's: matsim-{v}/matsim-{v}.jar and matsim-{v}/libs/…, made with the JDK's jar tool. */
async function releaseZip(version: string): Promise<void> {
  const content = path.join(dir, `content-${version}`);
  await mkdir(path.join(content, `matsim-${version}`, 'libs'), { recursive: true });
  await writeFile(path.join(content, `matsim-${version}`, `matsim-${version}.jar`), `main jar ${version}`);
  await writeFile(path.join(content, `matsim-${version}`, 'libs', 'guava.jar'), 'a library');
  const made = spawnSync('jar', ['--create', '--no-manifest', '--file', path.join(engines, `matsim-${version}.zip`), '-C', content, '.']);
  if (made.status !== 0) throw new Error(`jar: ${made.stderr}`);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'runner-releases-'));
  engines = path.join(dir, 'engines');
  await mkdir(engines);
  await releaseZip('2025.0');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('MATSim releases', () => {
  it('unpacks a release zip once and answers its main jar', async () => {
    const cache = path.join(dir, 'cache');
    const releases = new Releases(engines, cache);
    const [first, second] = await Promise.all([releases.jar('2025.0'), releases.jar('2025.0')]);
    expect(first).toBe(path.join(cache, 'matsim-2025.0', 'matsim-2025.0', 'matsim-2025.0.jar'));
    expect(second).toBe(first);
    expect(await readFile(first, 'utf8')).toBe('main jar 2025.0');
    expect(await readFile(path.join(path.dirname(first), 'libs', 'guava.jar'), 'utf8')).toBe('a library');
    expect(await readdir(cache)).toEqual(['matsim-2025.0']); // no temporary folder left

    // A later runner finds the unpacked release without the zip.
    await rm(path.join(engines, 'matsim-2025.0.zip'));
    expect(await new Releases(engines, cache).jar('2025.0')).toBe(first);
    await releaseZip('2025.0');
  });

  it('says what to do when the release is not on this runner', async () => {
    await expect(new Releases(engines, path.join(dir, 'c2')).jar('2024.0')).rejects.toThrow(new ReleaseError(releaseMissing('2024.0')));
    await expect(new Releases(undefined, path.join(dir, 'c3')).jar('2025.0')).rejects.toThrow(releaseMissing('2025.0'));
    await expect(new Releases(engines, path.join(dir, 'c4')).jar('../2025.0')).rejects.toThrow('Not a MATSim version: ../2025.0');
  });

  it('refuses a zip that is not a release, leaving nothing behind', async () => {
    await writeFile(path.join(engines, 'matsim-13.0.zip'), 'not a zip');
    const cache = path.join(dir, 'c5');
    await expect(new Releases(engines, cache).jar('13.0')).rejects.toThrow(/The MATSim 13.0 release could not be unpacked: /);
    expect(await readdir(cache).catch(() => [])).toEqual([]);
  });
});
