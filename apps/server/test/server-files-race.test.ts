/**
 * Server import against a hostile user who can write below the root (issue 23 finding 2): a real process swaps a
 * folder inside the root with a symbolic link to a folder outside holding a secret, over and over, while a user
 * imports, lists and lists zips through HTTP a few hundred times. Nothing outside may be imported or listed, and
 * the folder inside must be served now and then (the swap really happens; the test would not pass by refusing all).
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileEntry, ServerFileEntry, ServerFilesAnswer } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { enableServerImport, makeServerRoot, zipOf, type ServerRoot } from './server-files-fixtures.ts';
import { startSwapper } from './server-files-swapper.ts';
import { addUser, type Session } from './workspace-helpers.ts';

const ATTEMPTS = 300;
const INSIDE_CSV = 'iteration,avg_executed\n0,100\n1,101\n2,102\n';
const SECRET = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIKeys\n-----END PRIVATE KEY-----\n';

let t: TestApp;
let user: Session;
let dirs: ServerRoot;

beforeAll(async () => {
  t = await createTestApp();
  const adminCookie = await setupAdmin(t.app);
  user = await addUser(t.app, adminCookie, 'mallory');
  dirs = await makeServerRoot();
  // Inside: swap/run.csv and swap/run.zip. Outside: the same names and a key, reached through swap-link.
  const [inside, keys] = [path.join(dirs.root, 'swap'), path.join(dirs.outside, 'keys')];
  for (const dir of [inside, keys]) await mkdir(dir);
  await writeFile(path.join(inside, 'run.csv'), INSIDE_CSV);
  await writeFile(path.join(keys, 'run.csv'), SECRET);
  await writeFile(path.join(keys, 'private.pem'), SECRET);
  await writeFile(path.join(inside, 'run.zip'), await zipOf([path.join(inside, 'run.csv')]));
  await writeFile(path.join(keys, 'run.zip'), await zipOf([path.join(keys, 'private.pem')]));
  await symlink(keys, path.join(dirs.root, 'swap-link'));
  await enableServerImport(t.app, adminCookie, dirs.root);
});
afterAll(async () => {
  await t?.close();
  await dirs?.remove();
});

/**
 * What one answer showed: the folder inside, something of the folder outside (a leak), part of the folder inside
 * (an entry renamed while it was looked at is left out, which is no leak), or a refusal.
 */
type Seen = 'inside' | 'outside' | 'partly' | 'refused';

const zipSeen = (attributes: { zipContent?: { name: string }[] }): Seen => {
  const names = (attributes.zipContent ?? []).map((e) => e.name).join();
  return names === 'output/run.csv' ? 'inside' : names.includes('private.pem') ? 'outside' : 'partly';
};

function seenInImport(files: FileEntry[]): Seen[] {
  const [csv, zip] = files;
  const csvSeen = csv!.size === INSIDE_CSV.length ? 'inside' : csv!.size === SECRET.length ? 'outside' : 'partly';
  return [csvSeen, zipSeen(zip!.attributes as { zipContent?: { name: string }[] })];
}

function seenInListing(answer: ServerFilesAnswer): Seen[] {
  const names = answer.files.map((f) => f.name);
  const zip = answer.files.find((f) => f.name === 'run.zip') as ServerFileEntry | undefined;
  const listing = names.join() === 'run.csv,run.zip' ? 'inside' : names.every((n) => n === 'run.csv' || n === 'run.zip') ? 'partly' : 'outside';
  return [listing, zip ? zipSeen(zip.attributes) : 'partly'];
}

describe('server files while a folder inside the root is swapped for a link to outside, over and over', () => {
  it('never imports or lists anything outside the root, and serves the folder inside now and then', { timeout: 60_000 }, async () => {
    const counts = {
      importedFile: { inside: 0, outside: 0, partly: 0, refused: 0 },
      importedZip: { inside: 0, outside: 0, partly: 0, refused: 0 },
      listing: { inside: 0, outside: 0, partly: 0, refused: 0 },
      listedZip: { inside: 0, outside: 0, partly: 0, refused: 0 },
    };
    const count = (kinds: (keyof typeof counts)[], seen: Seen[]) => kinds.forEach((kind, i) => counts[kind][seen[i]!]++);
    const swapper = await startSwapper(path.join(dirs.root, 'swap'), path.join(dirs.root, 'swap-link'));
    try {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const imported = await t.app.inject({
          method: 'POST',
          url: `${API}/datasets/serverfiles`,
          headers: { cookie: user.cookie },
          payload: { paths: ['swap/run.csv', 'swap/run.zip'] },
        });
        if (imported.statusCode === 200) count(['importedFile', 'importedZip'], seenInImport(imported.json<{ files: FileEntry[] }>().files));
        else count(['importedFile', 'importedZip'], ['refused', 'refused']);
        const listed = await t.app.inject({ url: `${API}/datasets/serverfiles?path=swap`, headers: { cookie: user.cookie } });
        if (listed.statusCode === 200) count(['listing', 'listedZip'], seenInListing(listed.json<ServerFilesAnswer>()));
        else count(['listing', 'listedZip'], ['refused', 'refused']);
        // A refusal is a 4xx with a message, never a 5xx.
        for (const response of [imported, listed]) expect(response.statusCode, response.body).toBeLessThan(500);
      }
    } finally {
      expect(await swapper.stop()).toBeNull();
    }
    console.info('server import under a swapper', JSON.stringify(counts));
    for (const seen of Object.values(counts)) {
      expect(seen.outside).toBe(0);
      expect(seen.inside).toBeGreaterThan(0);
    }
  });
});
