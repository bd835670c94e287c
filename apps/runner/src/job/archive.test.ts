import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYMLINK_MODE, zipBytes, type ZipEntry } from '../../../../packages/contract/test/zip-bytes.ts';
import { ArchiveError, extractArchive } from './archive.ts';

let root: string;
let dir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'archive-test-'));
  dir = path.join(root, 'job', 'input');
  await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function extract(entries: ZipEntry[], limits = { maxEntries: 100, maxTotalBytes: 10_000_000, maxRatio: 200 }): Promise<void> {
  const zip = path.join(root, 'a.zip');
  await writeFile(zip, zipBytes(entries));
  await extractArchive(zip, dir, limits);
}

/** Every file below the job folder's parent, relative to it: nothing may land outside `input/`. */
async function filesBelowRoot(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

describe('extractArchive', () => {
  it('extracts files and folders next to the config', async () => {
    await extract([{ name: 'data/' }, { name: 'data/hello.txt', content: 'hello' }, { name: 'top.txt', content: 'top', deflate: true }]);
    expect(await readFile(path.join(dir, 'data', 'hello.txt'), 'utf8')).toBe('hello');
    expect(await readFile(path.join(dir, 'top.txt'), 'utf8')).toBe('top');
  });

  it.each([
    ['../evil.txt', /invalid relative path: \.\.\/evil\.txt/],
    ['data/../../evil.txt', /invalid relative path/],
    ['/tmp/evil.txt', /absolute path: \/tmp\/evil\.txt/],
  ])('refuses the entry %s and writes nothing', async (name, message) => {
    await expect(extract([{ name: 'fine.txt', content: 'x' }, { name, content: 'evil' }])).rejects.toThrow(message);
    expect(await filesBelowRoot()).toEqual(['a.zip']);
  });

  it('refuses symbolic links', async () => {
    await expect(extract([{ name: 'link', content: '/etc/passwd', mode: SYMLINK_MODE }])).rejects.toThrow('its entry "link" is a symbolic link');
  });

  it('refuses too many entries, too many bytes and entries that expand too much', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' }));
    await expect(extract(many)).rejects.toThrow('it has 101 entries, more than the 100 allowed');
    const big = Buffer.alloc(6_000_000, 1);
    await expect(extract([{ name: 'a.bin', content: big }, { name: 'b.bin', content: big }])).rejects.toThrow('it expands to more than 10000000 bytes');
    await expect(extract([{ name: 'bomb.bin', content: Buffer.alloc(5_000_000), deflate: true }])).rejects.toThrow(/its entry "bomb.bin" expands more than 200 times/);
    expect(await filesBelowRoot()).toEqual(['a.zip']);
  });

  it('never replaces a file that is there', async () => {
    await writeFile(path.join(dir, 'config.xml'), 'mine');
    const error = await extract([{ name: 'config.xml', content: 'theirs' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toBe('its entry "config.xml" would replace a file that is already there');
    expect(await readFile(path.join(dir, 'config.xml'), 'utf8')).toBe('mine');
  });
});
