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
  SERVER_FILES_MAX_ENTRIES,
  SERVER_FILES_MESSAGES as M,
  ZIP_CONTENT_MAX_ENTRIES,
  type FileEntry,
  type ServerFileEntry,
  type ServerFilesAnswer,
  type ZipContent,
} from '@corridor/contract';
import { requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
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
   */
  async import(actor: Actor | null, paths: string[]): Promise<FileEntry[]> {
    const place = await this.place(actor);
    // Every path is checked as text before the first file is opened.
    const partsOfPaths = paths.map(relativeParts);
    const opened = await Promise.allSettled(partsOfPaths.map((parts) => this.uploadPart(place, parts)));
    const parts = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = opened.find((o) => o.status === 'rejected');
    if (refused) {
      // One file refused (the first in the request's order): the others opened so far are closed, nothing is copied.
      await Promise.all(parts.map(({ handle }) => handle.close().catch(() => undefined)));
      throw refused.reason;
    }
    return this.deps.files.upload(actor, copies(parts));
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

  /** One file to copy: opened and checked below the root, then reopened for reading through its descriptor. */
  private async uploadPart({ root, asker }: Place, parts: string[]): Promise<{ part: UploadPart; handle: FileHandle }> {
    const opened = await openBelow(root, parts);
    if (!opened.stats.isFile()) {
      await opened.handle.close().catch(() => undefined);
      throw badRequest(`${M.notAFile} (${joinRelative(parts)})`);
    }
    const handle = await openForReading(opened);
    const name = cleanName(parts.at(-1));
    try {
      const attributes = isZipName(name) ? await this.zipContent(handle, asker) : undefined;
      return { part: { filename: name, content: handle.createReadStream(), attributes }, handle };
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }
}

/** The parts one after the other; every file handle is closed at the end, also when the upload stops early. */
async function* copies(parts: { part: UploadPart; handle: FileHandle }[]): AsyncGenerator<UploadPart> {
  try {
    for (const { part } of parts) yield part;
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
