/**
 * Server import of files (spec 3 §2.5 Server tab, §2.16, §6, §7 serverfiles): refused while the feature is off or
 * no root is set; one folder level listed below the root with zip contents; files copied into the file store,
 * sniffed and tagged like uploads; "..", absolute paths, hidden names and symbolic links leading outside refused.
 */
import { mkdir, open, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_FILES_MESSAGES as M, SERVER_IMPORT_MAX_BYTES, SERVER_IMPORT_MAX_FILES, type FileEntry, type ServerFilesAnswer } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsRepository } from '../src/modules/settings/repository.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { EQUIL_OUTPUT, enableServerImport, makeServerRoot, type ServerRoot } from './server-files-fixtures.ts';
import { addUser, type Session } from './workspace-helpers.ts';

let t: TestApp;
let adminCookie: string;
let user: Session;
let dirs: ServerRoot;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await setupAdmin(t.app);
  user = await addUser(t.app, adminCookie, 'mike');
  dirs = await makeServerRoot();
  // Symbolic links inside the root: to a file and a folder outside it, and to a file inside it.
  await symlink(path.join(dirs.outside, 'secret.txt'), path.join(dirs.root, 'equil', 'secret-link.txt'));
  await symlink(dirs.outside, path.join(dirs.root, 'outside-link'));
  await symlink(path.join(dirs.root, 'equil', 'scorestats.csv'), path.join(dirs.root, 'scores-link.csv'));
});
afterAll(async () => {
  await t?.close();
  await dirs?.remove();
});

const list = (session: Session | null, query = '') =>
  t.app.inject({ method: 'GET', url: `${API}/datasets/serverfiles${query}`, headers: session ? { cookie: session.cookie } : {} });
const importFiles = (session: Session | null, paths: string[]) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/serverfiles`, headers: session ? { cookie: session.cookie } : {}, payload: { paths } });
const messageOf = (response: { json(): unknown }) => (response.json() as { message: string }).message;

describe('server files while not enabled', () => {
  it('are refused with a clear message: feature off (with or without a root), feature on without a root', async () => {
    expect((await list(null)).statusCode).toBe(401);
    for (const response of [await list(user), await importFiles(user, ['equil/scorestats.csv'])]) {
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toBe(M.disabled);
    }
    await enableServerImport(t.app, adminCookie, dirs.root, false);
    expect(messageOf(await list(user))).toBe(M.disabled);
    await enableServerImport(t.app, adminCookie, '', true);
    const noRoot = await list(user);
    expect(noRoot.statusCode).toBe(409);
    expect(messageOf(noRoot)).toMatch(/^Importing runs from the server is not enabled/);
    // A root removed after it was saved (a missing one is refused when saved).
    await mkdir(path.join(dirs.base, 'missing'));
    await enableServerImport(t.app, adminCookie, path.join(dirs.base, 'missing'), true);
    await rm(path.join(dirs.base, 'missing'), { recursive: true });
    expect((await list(user)).statusCode).toBe(409);
  });
});

describe('server files when enabled (an ordinary user)', () => {
  beforeAll(() => enableServerImport(t.app, adminCookie, dirs.root));

  it('lists the root: folders first, a zip with its content, a link inside the root, not a link leading outside', async () => {
    const response = await list(user);
    expect(response.statusCode).toBe(200);
    const answer = response.json<ServerFilesAnswer>();
    expect(answer.path).toBe('');
    expect(answer.truncated).toBe(false);
    expect(answer.files.map((f) => [f.name, f.type, f.path])).toEqual([
      ['equil', 'dir', 'equil'],
      ['equil.zip', 'file', 'equil.zip'],
      ['scores-link.csv', 'file', 'scores-link.csv'],
    ]);
    const zip = answer.files[1]!;
    expect(zip.size).toBe((await stat(path.join(dirs.root, 'equil.zip'))).size);
    expect(zip.attributes.zipContent).toEqual([
      { name: 'output/scorestats.csv', size: (await stat(path.join(EQUIL_OUTPUT, 'scorestats.csv'))).size },
      { name: 'output/modestats.csv', size: (await stat(path.join(EQUIL_OUTPUT, 'modestats.csv'))).size },
    ]);
  });

  it('lists a folder one level deep, without hidden files or links leading outside', async () => {
    const answer = (await list(user, '?path=equil')).json<ServerFilesAnswer>();
    expect(answer.path).toBe('equil');
    expect(answer.files.map((f) => `${f.type} ${f.path}`)).toEqual(['dir equil/ITERS', 'file equil/modestats.csv', 'file equil/output_config.xml', 'file equil/scorestats.csv']);
    expect(answer.files[3]!.size).toBe((await stat(path.join(EQUIL_OUTPUT, 'scorestats.csv'))).size);
    expect(Date.parse(answer.files[3]!.modified)).not.toBeNaN();
    expect((await list(user, '?path=equil/ITERS')).json<ServerFilesAnswer>().files).toEqual([]);
  });

  it('copies files into the file store, tagged like uploads, a zip with its content', async () => {
    const response = await importFiles(user, ['equil/scorestats.csv', 'equil/output_config.xml', 'equil.zip', 'scores-link.csv']);
    expect(response.statusCode).toBe(200);
    const files = response.json<{ files: FileEntry[] }>().files;
    expect(files.map((f) => [f.name, f.tag])).toEqual([
      ['scorestats.csv', 'scorestats'],
      ['output_config.xml', 'config_v2'],
      ['equil.zip', null],
      ['scores-link.csv', 'scorestats'],
    ]);
    expect((files[2]!.attributes.zipContent as { name: string }[]).map((e) => e.name)).toEqual(['output/scorestats.csv', 'output/modestats.csv']);
    // The copy holds the same bytes; the user who imported it may download it.
    const download = await t.app.inject({ url: `${API}/datasets/files/${files[1]!.id}?dl=1`, headers: { cookie: user.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(await readFile(path.join(EQUIL_OUTPUT, 'output_config.xml')))).toBe(true);
    expect(files[0]!.size).toBe((await stat(path.join(EQUIL_OUTPUT, 'scorestats.csv'))).size);
  });

  it('refuses "..", absolute paths, hidden names and symbolic links leading outside the root, copying nothing', async () => {
    const refused: [string, number, string][] = [
      ['../outside/secret.txt', 400, M.parent],
      ['equil/../../outside/secret.txt', 400, M.parent],
      [path.join(dirs.outside, 'secret.txt'), 400, M.absolute],
      ['/etc/passwd', 400, M.absolute],
      ['equil/.hidden', 400, M.hidden],
      ['equil/secret-link.txt', 400, M.outside],
      ['outside-link/secret.txt', 400, M.outside],
    ];
    for (const [p, status, message] of refused) {
      for (const response of [await importFiles(user, ['equil/modestats.csv', p]), await list(user, `?path=${encodeURIComponent(p)}`)]) {
        expect([p, response.statusCode, messageOf(response)]).toEqual([p, status, message]);
      }
    }
    const folder = await importFiles(user, ['equil']);
    expect([folder.statusCode, messageOf(folder)]).toEqual([400, `${M.notAFile} (equil)`]);
    const missing = await importFiles(user, ['equil/missing.csv']);
    expect([missing.statusCode, messageOf(missing)]).toEqual([404, `${M.notFound} (equil/missing.csv)`]);
    expect((await list(user, '?path=equil/scorestats.csv')).statusCode).toBe(400);
    const tooMany = await importFiles(user, Array.from({ length: 31 }, () => 'equil/modestats.csv'));
    expect(tooMany.statusCode).toBe(400);
    expect(messageOf(tooMany)).toContain(M.tooMany);
    // Nothing of the refused requests was stored: only the four files of the import above.
    const stored = await t.database.db.query.files.findMany();
    expect(stored.map((f) => f.name).sort()).toEqual(['equil.zip', 'output_config.xml', 'scorestats.csv', 'scores-link.csv'].sort());
  });
});

describe('roots that would expose the installation (issue 23 finding 7)', () => {
  const saveRoot = (root: string) =>
    t.app.inject({ method: 'PUT', url: `${API}/corridor/settings`, headers: { cookie: adminCookie }, payload: { runImportServerPath: root } });
  const storedRoot = async () =>
    (await t.app.inject({ url: `${API}/corridor/settings`, headers: { cookie: adminCookie } })).json<{ runImportServerPath: string }>().runImportServerPath;

  it('are refused when an administrator saves them, compared as real paths, and nothing is stored', async () => {
    await enableServerImport(t.app, adminCookie, dirs.root);
    const dataDir = t.config.dataDir;
    await symlink(dataDir, path.join(dirs.base, 'data-link'));
    const refused: [string, string][] = [
      ['/', M.rootIsFileSystemRoot],
      [dataDir, M.rootHoldsDataDir],
      [`${dataDir}/`, M.rootHoldsDataDir],
      [tmpdir(), M.rootHoldsDataDir],
      [path.join(dataDir, 'keys'), M.rootInDataDir],
      [path.join(dataDir, 'files', 'not-yet'), M.rootInDataDir],
      // Through a link (its real path is DATA_DIR), and "/tmp/.." (it is "/").
      [path.join(dirs.base, 'data-link'), M.rootHoldsDataDir],
      [path.join(dirs.base, 'data-link', 'files'), M.rootInDataDir],
      ['/tmp/..', M.rootIsFileSystemRoot],
    ];
    for (const [root, message] of refused) {
      const response = await saveRoot(root);
      expect([root, response.statusCode, messageOf(response)]).toEqual([root, 400, message]);
    }
    expect(await storedRoot()).toBe(dirs.root);
    // A folder next to DATA_DIR whose name starts like it is fine.
    await mkdir(`${dataDir}-runs`);
    for (const root of [`${dataDir}-runs`, dirs.root]) expect((await saveRoot(root)).statusCode).toBe(200);
    await rm(`${dataDir}-runs`, { recursive: true });
    expect((await list(user)).statusCode).toBe(200);
  });

  it('a root the server cannot use now is refused with the reason (issue 26), and nothing is stored', async () => {
    await enableServerImport(t.app, adminCookie, dirs.root);
    const missing = path.join(dirs.base, 'no-such-folder');
    const file = path.join(dirs.root, 'equil', 'scorestats.csv');
    const refused: [string, string][] = [
      [missing, M.rootNotFound(missing)],
      [file, M.rootNotAFolder(file)],
      [`${file}/inner`, M.rootNotFound(`${file}/inner`)],
    ];
    for (const [root, message] of refused) {
      const response = await saveRoot(root);
      expect([root, response.statusCode, messageOf(response)]).toEqual([root, 400, message]);
    }
    expect(await storedRoot()).toBe(dirs.root);
  });

  it('are refused when used (409), for a setting stored before the rule and for a link moved to DATA_DIR', async () => {
    // Stored before the rule existed (as an older installation has it): the listing and the import stop.
    await new SettingsRepository(t.database.db).save([['runImportServerPath', '/']]);
    for (const response of [await list(user, '?path=etc'), await importFiles(user, ['etc/passwd'])]) {
      expect([response.statusCode, messageOf(response)]).toEqual([409, `${M.rootIsFileSystemRoot} ${M.rootUnusable}`]);
    }
    // Saved as a link to the runs, the link then pointed at DATA_DIR.
    const link = path.join(dirs.base, 'root-link');
    await symlink(dirs.root, link);
    expect((await saveRoot(link)).statusCode).toBe(200);
    expect((await list(user)).statusCode).toBe(200);
    await rm(link);
    await symlink(t.config.dataDir, link);
    for (const response of [await list(user), await importFiles(user, ['keys/installation.key'])]) {
      expect([response.statusCode, messageOf(response)]).toEqual([409, `${M.rootHoldsDataDir} ${M.rootUnusable}`]);
    }
    await rm(link);
    await symlink(path.join(t.config.dataDir, 'files'), link);
    expect(messageOf(await list(user))).toBe(`${M.rootInDataDir} ${M.rootUnusable}`);
  });
});

describe('folders imported whole (issue 26)', () => {
  const importFolders = (folders: { path: string; includeIters?: boolean }[], paths: string[] = []) =>
    t.app.inject({ method: 'POST', url: `${API}/datasets/serverfiles`, headers: { cookie: user.cookie }, payload: { paths, folders } });
  const storedCount = async () => (await t.database.db.query.files.findMany()).length;

  beforeAll(async () => {
    await enableServerImport(t.app, adminCookie, dirs.root);
    const whole = path.join(dirs.root, 'whole');
    await mkdir(path.join(whole, 'sub'), { recursive: true });
    await mkdir(path.join(whole, 'ITERS', 'it.0'), { recursive: true });
    await writeFile(path.join(whole, 'scorestats.csv'), await readFile(path.join(EQUIL_OUTPUT, 'scorestats.csv')));
    await writeFile(path.join(whole, 'sub', 'notes.txt'), 'notes');
    await writeFile(path.join(whole, 'ITERS', 'it.0', '0.notes.txt'), 'iteration 0');
    await writeFile(path.join(whole, '.hidden'), 'not imported');
    // A link leading outside the root is left out, as the listing leaves it out.
    await symlink(dirs.outside, path.join(whole, 'sub', 'outside-link'));
    await mkdir(path.join(dirs.root, 'only-iters', 'ITERS'), { recursive: true });
    await writeFile(path.join(dirs.root, 'only-iters', 'ITERS', 'x.txt'), 'x');
  });

  it('copies every file below the folder named by its path below it, ITERS/ only when asked for', async () => {
    const without = await importFolders([{ path: 'whole' }]);
    expect(without.statusCode).toBe(200);
    expect(without.json<{ files: FileEntry[] }>().files.map((f) => [f.name, f.size])).toEqual([
      ['scorestats.csv', (await stat(path.join(EQUIL_OUTPUT, 'scorestats.csv'))).size],
      ['sub/notes.txt', 5],
    ]);
    const withIters = await importFolders([{ path: 'whole', includeIters: true }]);
    expect(withIters.json<{ files: FileEntry[] }>().files.map((f) => f.name)).toEqual(['ITERS/it.0/0.notes.txt', 'scorestats.csv', 'sub/notes.txt']);
    // A file and a folder together; the selected folder's own name is not part of its files' names.
    const both = await importFolders([{ path: 'whole/sub' }], ['equil/modestats.csv']);
    expect(both.json<{ files: FileEntry[] }>().files.map((f) => f.name)).toEqual(['modestats.csv', 'notes.txt']);
  });

  it('refuses an empty folder, a name twice, too many files and too many bytes with a clear message, copying nothing', async () => {
    const before = await storedCount();
    const empty = await importFolders([{ path: 'only-iters' }]);
    expect([empty.statusCode, messageOf(empty)]).toEqual([400, M.folderEmpty('only-iters', false)]);
    const twice = await importFolders([{ path: 'whole' }], ['equil/scorestats.csv']);
    expect([twice.statusCode, messageOf(twice)]).toEqual([400, M.duplicateName('scorestats.csv')]);
    const outside = await importFolders([{ path: 'outside-link' }]);
    expect([outside.statusCode, messageOf(outside)]).toEqual([400, M.outside]);
    expect((await importFolders([{ path: 'whole/..' }])).statusCode).toBe(400);

    const many = path.join(dirs.root, 'many');
    await mkdir(many);
    await Promise.all(Array.from({ length: SERVER_IMPORT_MAX_FILES + 1 }, (_, i) => writeFile(path.join(many, `f${i}.txt`), '')));
    const tooMany = await importFolders([{ path: 'many' }]);
    expect([tooMany.statusCode, messageOf(tooMany)]).toEqual([413, M.folderTooManyFiles('many', false)]);
    await rm(many, { recursive: true });

    // A sparse file: its size counts, no disk is used.
    await mkdir(path.join(dirs.root, 'big'));
    const huge = await open(path.join(dirs.root, 'big', 'huge.bin'), 'w');
    await huge.truncate(SERVER_IMPORT_MAX_BYTES + 1);
    await huge.close();
    const tooLarge = await importFolders([{ path: 'big' }]);
    expect([tooLarge.statusCode, messageOf(tooLarge)]).toEqual([413, M.tooManyBytes(SERVER_IMPORT_MAX_BYTES + 1)]);
    await rm(path.join(dirs.root, 'big'), { recursive: true });

    const nothing = await importFolders([]);
    expect([nothing.statusCode, messageOf(nothing)]).toEqual([400, expect.stringContaining(M.nothingSelected)]);
    expect(await storedCount()).toBe(before);
  });
});
