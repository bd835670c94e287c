/**
 * Import of runs from the server's file system (spec 3 §2.5 Server tab, §6, §7): any signed-in user, while the
 * feature runImportFromServer is on and an administrator set the root directory (setting runImportServerPath).
 * Listing shows one folder level below the root; importing copies files into the file store through the upload
 * path (stored, sniffed, tagged), so the web attaches them to the run like uploaded files (docs/decisions.md).
 */
import type { Dirent } from 'node:fs';
import { type FileHandle, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  ITERS_FOLDER,
  SERVER_FILES_MAX_ENTRIES,
  SERVER_FOLDER_MAX_DEPTH,
  SERVER_IMPORT_MAX_BYTES,
  SERVER_IMPORT_MAX_FILES,
  SERVER_FILES_MESSAGES as M,
  ZIP_CONTENT_MAX_ENTRIES,
  type FileEntry,
  type ServerFileEntry,
  type ServerFilesAnswer,
  type ServerFolderImport,
  type ZipContent,
} from '@corridor/contract';
import { requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import { askedBy, type Asker, type Processing } from '../../workers/processing.ts';
import type { FeaturesService } from '../features/service.ts';
import type { FilesService } from '../files/service.ts';
import { cleanName, type UploadPart } from '../files/upload.ts';
import type { SettingsService } from '../settings/service.ts';
import { fdPath, openForReading, openInside, type Opened } from './open-inside.ts';
import { isHidden, joinRelative, relativeParts } from './paths.ts';
import { realPathOf, rootProblem } from './root.ts';

export interface ServerFilesDeps {
  features: FeaturesService;
  settings: SettingsService;
  files: FilesService;
  processing: Processing;
  /** DATA_DIR: the root directory for runs must neither hold it nor lie inside it (root.ts). */
  dataDir: string;
  /** The server log's lifecycle lines (issue 26). */
  events?: EventLog;
}

/** The real root directory and who reads below it (whose share of the worker pool a zip listing uses). */
interface Place {
  root: string;
  asker: Asker;
}

/** Entries of a listing looked at together (each holds a descriptor while it is looked at). */
const ENTRIES_AT_ONCE = 64;

export class ServerFilesService {
  constructor(private readonly deps: ServerFilesDeps) {}

  /**
   * One folder level below the root: folders first, then files, by name. The folder is opened and checked first;
   * its names are read and its entries opened through that descriptor, so a swap of the path cannot redirect them.
   */
  async list(actor: Actor | null, relative = ''): Promise<ServerFilesAnswer> {
    const place = await this.place(actor);
    const parts = relativeParts(relative);
    const folder = await openBelow(place.root, parts);
    try {
      if (!folder.stats.isDirectory()) throw badRequest(M.notAFolder);
      const dirents = (await readdir(fdPath(folder.handle), { withFileTypes: true })).filter((d) => !isHidden(d.name));
      dirents.sort((a, b) => a.name.localeCompare(b.name));
      // Bounded before anything is read: a folder of 100,000 files costs no more than one of 2,000.
      const shown = dirents.slice(0, SERVER_FILES_MAX_ENTRIES);
      const entries: ServerFileEntry[] = [];
      for (let at = 0; at < shown.length; at += ENTRIES_AT_ONCE) {
        const some = await Promise.all(shown.slice(at, at + ENTRIES_AT_ONCE).map((d) => this.entry(place, folder, parts, d)));
        entries.push(...some.filter((e) => e !== null));
      }
      entries.sort((a, b) => (a.type === b.type ? 0 : a.type === 'dir' ? -1 : 1));
      return { path: joinRelative(parts), files: entries, truncated: dirents.length > SERVER_FILES_MAX_ENTRIES };
    } finally {
      await folder.handle.close().catch(() => undefined);
    }
  }

  /**
   * Copies the files into the file store, all or nothing: every file is opened and checked before the first byte
   * is copied, and a copy that fails removes the files of this request stored so far (FilesService.upload).
   * Folders (issue 26) are expanded first under the same checks (every entry opened below the root through its
   * folder's descriptor), counted and summed against SERVER_IMPORT_MAX_FILES/BYTES before anything is copied; their
   * files are opened and checked again one at a time while they are copied, so a thousand files hold no thousand
   * descriptors, and one that changed in between stops the import (the stored ones removed).
   */
  async import(actor: Actor | null, paths: string[], folders: ServerFolderImport[] = []): Promise<FileEntry[]> {
    const place = await this.place(actor);
    // Every path is checked as text before the first file is opened.
    const partsOfPaths = paths.map(relativeParts);
    const partsOfFolders = folders.map((folder) => ({ ...folder, parts: relativeParts(folder.path) }));
    const found: Found[] = [];
    for (const folder of partsOfFolders) found.push(...(await this.folderFiles(place, folder.parts, folder.includeIters, found.length + partsOfPaths.length)));
    const names = [...partsOfPaths.map((parts) => cleanName(parts.at(-1))), ...found.map((f) => f.name)];
    const twice = names.find((name, at) => names.indexOf(name) !== at);
    if (twice !== undefined) throw badRequest(M.duplicateName(twice));
    const opened = await Promise.allSettled(partsOfPaths.map((parts) => this.uploadPart(place, parts)));
    const parts = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = opened.find((o) => o.status === 'rejected');
    const bytes = found.reduce((sum, f) => sum + f.size, 0) + parts.reduce((sum, p) => sum + p.size, 0);
    const problem = refused ? refused.reason : bytes > SERVER_IMPORT_MAX_BYTES ? new HttpError(413, M.tooManyBytes(bytes)) : null;
    if (problem) {
      // One file refused (the first in the request's order): the others opened so far are closed, nothing is copied.
      await Promise.all(parts.map(({ handle }) => handle.close().catch(() => undefined)));
      throw problem;
    }
    const stored = await this.deps.files.upload(actor, copies(parts, found, (f) => this.uploadPart(place, f.parts, f.name)));
    (this.deps.events ?? NO_EVENTS).info(
      { event: 'import.server-files', files: stored.length, bytes, folders: folders.map((f) => f.path), firstFileIds: stored.slice(0, 20).map((f) => f.id), ...actedBy(actor) },
      'files imported from the server',
    );
    return stored;
  }

  /**
   * The files below a folder, depth first by name: hidden names and entries leading outside the root left out (as
   * the listing does), folders named ITERS too unless `includeIters`, a folder reached twice (links) once. Refused
   * when `before` files and these exceed SERVER_IMPORT_MAX_FILES, or when it holds no file.
   */
  private async folderFiles(place: Place, folderParts: string[], includeIters: boolean, before: number): Promise<Found[]> {
    const shown = joinRelative(folderParts);
    const found: Found[] = [];
    const seen = new Set<string>();
    const walk = async (folder: Opened, below: string[]): Promise<void> => {
      if (!folder.stats.isDirectory()) throw badRequest(`${M.notAFolder} (${shown})`);
      const key = `${folder.stats.dev}:${folder.stats.ino}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (below.length > SERVER_FOLDER_MAX_DEPTH) throw badRequest(M.folderTooDeep(shown));
      const dirents = (await readdir(fdPath(folder.handle), { withFileTypes: true })).filter((d) => !isHidden(d.name));
      dirents.sort((a, b) => a.name.localeCompare(b.name));
      for (const dirent of dirents) {
        if (!includeIters && dirent.name === ITERS_FOLDER) continue;
        const entry = await openInside(place.root, `${fdPath(folder.handle)}/${dirent.name}`).catch(() => null);
        if (entry === null) continue;
        try {
          if (entry.stats.isDirectory()) {
            await walk(entry, [...below, dirent.name]);
          } else if (entry.stats.isFile()) {
            const rest = [...below, dirent.name];
            found.push({ parts: [...folderParts, ...rest], name: rest.map((part) => cleanName(part)).join('/'), size: entry.stats.size });
            if (before + found.length > SERVER_IMPORT_MAX_FILES) throw new HttpError(413, before === 0 ? M.folderTooManyFiles(shown, includeIters) : M.tooManyFiles);
          }
        } finally {
          await entry.handle.close().catch(() => undefined);
        }
      }
    };
    const top = await openBelow(place.root, folderParts);
    try {
      await walk(top, []);
    } finally {
      await top.handle.close().catch(() => undefined);
    }
    if (found.length === 0) throw badRequest(M.folderEmpty(shown, includeIters));
    return found;
  }

  /**
   * The real root directory and the asker; 401 before sign-in, 403 while the feature is off, 409 without a usable root: none
   * set, unreadable, or one the rules of root.ts refuse (the setting may predate them, DATA_DIR may have moved).
   */
  private async place(actor: Actor | null): Promise<Place> {
    const user = requireUser(actor);
    if (!(await this.deps.features.isEnabled('runImportFromServer'))) throw forbidden(M.disabled);
    const configured = (await this.deps.settings.stored()).runImportServerPath.trim();
    if (configured === '' || !path.isAbsolute(configured)) throw conflict(M.noRoot);
    const root = await realpath(configured).catch(() => null);
    if (root === null || !(await stat(root)).isDirectory()) throw conflict(M.rootMissing);
    const problem = rootProblem(root, await realPathOf(this.deps.dataDir));
    if (problem !== null) throw conflict(`${problem} ${M.rootUnusable}`);
    return { root, asker: askedBy(user) };
  }

  /** One name of the listed folder, opened through the folder's descriptor; null when it is left out. */
  private async entry({ root, asker }: Place, folder: Opened, folderParts: string[], dirent: Dirent): Promise<ServerFileEntry | null> {
    // A symbolic link is shown as what it leads to, and left out when that is outside the root or missing.
    const opened = await openInside(root, `${fdPath(folder.handle)}/${dirent.name}`).catch(() => null);
    if (opened === null) return null;
    try {
      const { stats } = opened;
      if (!(stats.isDirectory() || stats.isFile())) return null;
      const type = stats.isDirectory() ? 'dir' : 'file';
      const attributes = type === 'file' && isZipName(dirent.name) ? await this.zipContent(opened.handle, asker) : {};
      const entryPath = joinRelative([...folderParts, dirent.name]);
      return { name: dirent.name, path: entryPath, type, size: type === 'dir' ? 0 : stats.size, modified: stats.mtime.toISOString(), attributes };
    } finally {
      await opened.handle.close().catch(() => undefined);
    }
  }

  /** The zip's entries, read by the worker through the checked descriptor (open until the answer is here). */
  private zipContent(zip: FileHandle, asker: Asker): Promise<ZipContent> {
    return this.deps.processing.zipContent(fdPath(zip), ZIP_CONTENT_MAX_ENTRIES, asker).catch((err: unknown) => ({ zipError: (err as Error).message }));
  }

  /**
   * One file to copy: opened and checked below the root, then reopened for reading through its descriptor; named
   * by its last part unless `name` is given (a folder's file: its path below the folder).
   */
  private async uploadPart({ root, asker }: Place, parts: string[], name = cleanName(parts.at(-1))): Promise<Copy> {
    const opened = await openBelow(root, parts);
    if (!opened.stats.isFile()) {
      await opened.handle.close().catch(() => undefined);
      throw badRequest(`${M.notAFile} (${joinRelative(parts)})`);
    }
    const size = opened.stats.size;
    const handle = await openForReading(opened);
    try {
      const attributes = isZipName(name) ? await this.zipContent(handle, asker) : undefined;
      return { part: { filename: name, content: handle.createReadStream(), attributes }, handle, size };
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }
}

/** A file opened for copying. */
interface Copy {
  part: UploadPart;
  handle: FileHandle;
  size: number;
}

/** A file found below a folder imported whole: its parts below the root, its name in the run, its size when found. */
interface Found {
  parts: string[];
  name: string;
  size: number;
}

/**
 * The opened parts one after the other, then the folders' files, each opened (and checked) when its turn comes and
 * closed after it; every file handle is closed at the end, also when the upload stops early.
 */
async function* copies(parts: Copy[], found: Found[], open: (file: Found) => Promise<Copy>): AsyncGenerator<UploadPart> {
  try {
    for (const { part } of parts) yield part;
    for (const file of found) {
      const copy = await open(file);
      try {
        yield copy.part;
      } finally {
        await copy.handle.close().catch(() => undefined);
      }
    }
  } finally {
    await Promise.all(parts.map(({ handle }) => handle.close().catch(() => undefined)));
  }
}

const isZipName = (name: string) => name.toLowerCase().endsWith('.zip');

/** `parts` below `root`, opened and checked (open-inside.ts); 400 when it leads outside the root, 404 when missing. */
async function openBelow(root: string, parts: string[]): Promise<Opened> {
  return openInside(root, path.join(root, ...parts)).catch((err: NodeJS.ErrnoException) => {
    // ELOOP: links leading round in a circle lead nowhere.
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'ELOOP') throw notFound(`${M.notFound} (${joinRelative(parts)})`);
    // A folder on the way the server's user may not search: the user's answer names the path, not a 500.
    if (err.code === 'EACCES' || err.code === 'EPERM') throw forbidden(`${M.notPermitted} (${joinRelative(parts)})`);
    throw err;
  });
}
