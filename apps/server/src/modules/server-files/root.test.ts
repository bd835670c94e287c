import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_FILES_MESSAGES as M } from '@corridor/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realPathOf, rootProblem } from './root.ts';

describe('roots the server import refuses', () => {
  it('refuses "/", a folder holding DATA_DIR and one inside it; accepts a sibling and a look-alike name', () => {
    expect(rootProblem('/', '/srv/corridor/data')).toBe(M.rootIsFileSystemRoot);
    expect(rootProblem('/srv', '/srv/corridor/data')).toBe(M.rootHoldsDataDir);
    expect(rootProblem('/srv/corridor/data', '/srv/corridor/data')).toBe(M.rootHoldsDataDir);
    expect(rootProblem('/srv/corridor/data/files', '/srv/corridor/data')).toBe(M.rootInDataDir);
    expect(rootProblem('/srv/corridor/runs', '/srv/corridor/data')).toBeNull();
    expect(rootProblem('/srv/corridor/data-runs', '/srv/corridor/data')).toBeNull();
  });
});

describe('the real path of a root that may not exist yet', () => {
  let base: string;
  beforeEach(async () => {
    base = await realpath(await mkdtemp(path.join(tmpdir(), 'server-root-')));
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('resolves links of the part that exists and keeps the rest', async () => {
    await mkdir(path.join(base, 'data'));
    await symlink(path.join(base, 'data'), path.join(base, 'link'));
    expect(await realPathOf(path.join(base, 'link'))).toBe(path.join(base, 'data'));
    expect(await realPathOf(path.join(base, 'link', 'not', 'yet'))).toBe(path.join(base, 'data', 'not', 'yet'));
    // ".." after a link: where the kernel goes (the link's parent folder), not where the text seems to go.
    await mkdir(path.join(base, 'deep', 'inner'), { recursive: true });
    await symlink(path.join(base, 'deep', 'inner'), path.join(base, 'inner-link'));
    expect(await realPathOf(`${base}/inner-link/../data/x`)).toBe(path.join(base, 'deep', 'data', 'x'));
  });
});
