import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIRECTORY_BYTES_TTL_MS, DirectoryBytesCache, directoryBytes } from './disk.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'corridor-disk-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('directoryBytes', () => {
  it('adds up the regular files of every level, many directories wide, without following links', async () => {
    let expected = 0;
    for (let i = 0; i < 20; i++) {
      const sub = path.join(dir, `d${i}`, 'deeper', 'still');
      await mkdir(sub, { recursive: true });
      await writeFile(path.join(dir, `d${i}`, 'a.bin'), Buffer.alloc(100 + i));
      await writeFile(path.join(sub, 'b.bin'), Buffer.alloc(1000));
      expected += 100 + i + 1000;
    }
    await symlink(path.join(dir, 'd0'), path.join(dir, 'link'));
    expect(await directoryBytes(dir)).toBe(expected);
    expect(await directoryBytes(path.join(dir, 'missing'))).toBe(0);
  });
});

describe('DirectoryBytesCache', () => {
  it('answers the last walk for a minute, then walks again', async () => {
    let clock = 0;
    const cache = new DirectoryBytesCache(dir, () => new Date(clock));
    await writeFile(path.join(dir, 'a'), Buffer.alloc(10));
    expect(await cache.bytes()).toBe(10);
    await writeFile(path.join(dir, 'b'), Buffer.alloc(5));
    clock = DIRECTORY_BYTES_TTL_MS - 1;
    expect(await cache.bytes()).toBe(10);
    clock = DIRECTORY_BYTES_TTL_MS;
    expect(await cache.bytes()).toBe(15);
  });
});
