import { mkdir, mkdtemp, readdir, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_FILES_MESSAGES as M } from '@corridor/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fdPath, openForReading, openInside, type Opened } from './open-inside.ts';

let base: string;
let root: string;
let outside: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'open-inside-')));
  [root, outside] = [path.join(base, 'root'), path.join(base, 'outside')];
  for (const dir of [root, outside]) {
    await mkdir(path.join(dir, 'runs'), { recursive: true });
    await writeFile(path.join(dir, 'runs', 'scorestats.csv'), dir === root ? 'inside' : 'secret');
  }
});
afterEach(() => rm(base, { recursive: true, force: true }));

const refusal = (promise: Promise<Opened>) =>
  promise.then(
    (opened) => opened.handle.close().then(() => null),
    (err: Error) => err.message,
  );

async function readOpened(opened: Opened): Promise<string> {
  const handle = await openForReading(opened);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

describe('opening a file below the root and checking what was opened', () => {
  it('opens a file, a folder and a symbolic link leading inside the root', async () => {
    const file = await openInside(root, path.join(root, 'runs', 'scorestats.csv'));
    expect(file.stats.isFile()).toBe(true);
    expect(await readOpened(file)).toBe('inside');
    await symlink(path.join(root, 'runs', 'scorestats.csv'), path.join(root, 'link.csv'));
    expect(await readOpened(await openInside(root, path.join(root, 'link.csv')))).toBe('inside');
    const folder = await openInside(root, root);
    expect(folder.stats.isDirectory()).toBe(true);
    await folder.handle.close();
  });

  it('refuses what was opened outside the root: a folder on the way swapped for a link, or the last part', async () => {
    await rename(path.join(root, 'runs'), path.join(root, 'runs-before'));
    await symlink(path.join(outside, 'runs'), path.join(root, 'runs'));
    expect(await refusal(openInside(root, path.join(root, 'runs', 'scorestats.csv')))).toBe(M.outside);
    expect(await refusal(openInside(root, path.join(root, 'runs')))).toBe(M.outside);
    await symlink(path.join(outside, 'runs', 'scorestats.csv'), path.join(root, 'secret.csv'));
    expect(await refusal(openInside(root, path.join(root, 'secret.csv')))).toBe(M.outside);
    // The root itself, as a real path, is not "below" a sibling whose name it starts with.
    expect(await refusal(openInside(`${root}-other`, path.join(root, 'runs-before')))).toBe(M.outside);
  });

  it('reads a folder and opens its entries through the checked descriptor, whatever its name leads to later', async () => {
    const folder = await openInside(root, path.join(root, 'runs'));
    try {
      // The name now leads outside; the descriptor is still the folder that was checked.
      await rename(path.join(root, 'runs'), path.join(root, 'runs-before'));
      await symlink(path.join(outside, 'runs'), path.join(root, 'runs'));
      expect(await readdir(fdPath(folder.handle))).toEqual(['scorestats.csv']);
      expect(await readOpened(await openInside(root, `${fdPath(folder.handle)}/scorestats.csv`))).toBe('inside');
    } finally {
      await folder.handle.close();
    }
  });

  it('passes the errors of the open itself on', async () => {
    const missing = await openInside(root, path.join(root, 'runs', 'missing.csv')).catch((err: NodeJS.ErrnoException) => err.code);
    expect(missing).toBe('ENOENT');
  });
});
