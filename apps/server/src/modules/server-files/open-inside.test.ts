import { mkdir, mkdtemp, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_FILES_MESSAGES as M } from '@corridor/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkOpened, openInside } from './open-inside.ts';

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

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (err: Error) => err.message);

describe('opening a checked file below the root', () => {
  it('opens the file the checked path leads to', async () => {
    const handle = await openInside(root, path.join(root, 'runs', 'scorestats.csv'));
    expect(await handle.readFile('utf8')).toBe('inside');
    await handle.close();
  });

  it('refuses when a folder on the way became a symbolic link leading outside after the check', async () => {
    const checked = path.join(root, 'runs', 'scorestats.csv');
    await rename(path.join(root, 'runs'), path.join(root, 'runs-before'));
    await symlink(path.join(outside, 'runs'), path.join(root, 'runs'));
    // O_NOFOLLOW alone would open the outside file here: the link is not the last part.
    expect(await readFile(checked, 'utf8')).toBe('secret');
    expect(await refusal(openInside(root, checked))).toBe(M.outside);
  });

  it('refuses when the last part became a symbolic link, even to a file inside the root', async () => {
    const checked = path.join(root, 'runs', 'scorestats.csv');
    await rename(checked, path.join(root, 'runs', 'before.csv'));
    await symlink(path.join(root, 'runs', 'before.csv'), checked);
    expect(await refusal(openInside(root, checked))).toBe(M.outside);
  });

  it('refuses an opened file that is not the one the path now leads to inside the root', async () => {
    const inside = path.join(root, 'runs', 'scorestats.csv');
    const secret = await stat(path.join(outside, 'runs', 'scorestats.csv'), { bigint: true });
    // Swapped to the outside file for the open, swapped back before the check: the identities differ.
    expect(await refusal(checkOpened(root, inside, secret))).toBe(M.outside);
    expect(await refusal(checkOpened(root, inside, await stat(inside, { bigint: true })))).toBeNull();
    // Gone after the open: refused too.
    expect(await refusal(checkOpened(root, path.join(root, 'runs', 'missing.csv'), secret))).toBe(M.outside);
  });
});
