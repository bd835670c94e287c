/**
 * Import of runs from the server's file system (spec 3 §2.5 Server tab, §6, §7): any signed-in user, while the
 * feature runImportFromServer is on and an administrator set the root directory (setting runImportServerPath).
 * Listing shows one folder level below the root; importing copies files into the file store through the upload
 * path (stored, sniffed, tagged), so the web attaches them to the run like uploaded files (docs/decisions.md).
 */
import type { Dirent, Stats } from 'node:fs';
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
import { SERVER, type Processing } from '../../workers/processing.ts';
import type { FeaturesService } from '../features/service.ts';
import type { FilesService } from '../files/service.ts';
import { cleanName, type UploadPart } from '../files/upload.ts';
import type { SettingsService } from '../settings/service.ts';
import { openInside } from './open-inside.ts';
import { isHidden, isInside, joinRelative, relativeParts } from './paths.ts';

export interface ServerFilesDeps {
  features: FeaturesService;
  settings: SettingsService;
  files: FilesService;
  processing: Processing;
}

/** A path checked to lead to a place below the root. */
interface Resolved {
  real: string;
  parts: string[];
  stats: Stats;
}

export class ServerFilesService {
  constructor(private readonly deps: ServerFilesDeps) {}

  /** One folder level below the root: folders first, then files, by name. */
  async list(actor: Actor | null, relative = ''): Promise<ServerFilesAnswer> {
    const root = await this.root(actor);
    const folder = await resolve(root, relative);
    if (!folder.stats.isDirectory()) throw badRequest(M.notAFolder);
    const dirents = (await readdir(folder.real, { withFileTypes: true })).filter((d) => !isHidden(d.name));
    dirents.sort((a, b) => a.name.localeCompare(b.name));
    // Bounded before anything is read: a folder of 100,000 files costs no more than one of 2,000.
    const shown = dirents.slice(0, SERVER_FILES_MAX_ENTRIES);
    const entries = (await Promise.all(shown.map((d) => this.entry(root, folder, d)))).filter((e) => e !== null);
    entries.sort((a, b) => (a.type === b.type ? 0 : a.type === 'dir' ? -1 : 1));
    return { path: joinRelative(folder.parts), files: entries, truncated: dirents.length > SERVER_FILES_MAX_ENTRIES };
  }

  /**
   * Copies the files into the file store, all or nothing: every path is checked before the first byte is copied,
   * and a copy that fails removes the files of this request stored so far (FilesService.upload).
   */
  async import(actor: Actor | null, paths: string[]): Promise<FileEntry[]> {
    const root = await this.root(actor);
    const resolved = await Promise.all(paths.map((p) => resolve(root, p)));
    for (const file of resolved) if (!file.stats.isFile()) throw badRequest(`${M.notAFile} (${joinRelative(file.parts)})`);
    const opened = await Promise.allSettled(resolved.map((file) => this.uploadPart(root, file)));
    const parts = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = opened.find((o) => o.status === 'rejected');
    if (refused) {
      // One file refused: the others opened so far are closed, and nothing is copied.
      await Promise.all(parts.map(({ handle }) => handle.close().catch(() => undefined)));
      throw refused.reason;
    }
    return this.deps.files.upload(actor, copies(parts));
  }

  /** The real root directory; 401 before sign-in, 403 while the feature is off, 409 without a usable root. */
  private async root(actor: Actor | null): Promise<string> {
    requireUser(actor);
    if (!(await this.deps.features.isEnabled('runImportFromServer'))) throw forbidden(M.disabled);
    const configured = (await this.deps.settings.stored()).runImportServerPath.trim();
    if (configured === '' || !path.isAbsolute(configured)) throw conflict(M.noRoot);
    const root = await realpath(configured).catch(() => null);
    if (root === null || !(await stat(root)).isDirectory()) throw conflict(M.rootMissing);
    return root;
  }

  private async entry(root: string, folder: Resolved, dirent: Dirent): Promise<ServerFileEntry | null> {
    const parts = [...folder.parts, dirent.name];
    // A symbolic link is shown as what it leads to, and left out when that is outside the root or missing.
    const target = dirent.isSymbolicLink() ? await realpath(path.join(folder.real, dirent.name)).catch(() => null) : path.join(folder.real, dirent.name);
    if (target === null || !isInside(root, target)) return null;
    const stats = await stat(target).catch(() => null);
    if (stats === null || !(stats.isDirectory() || stats.isFile())) return null;
    const type = stats.isDirectory() ? 'dir' : 'file';
    const attributes = type === 'file' && isZipName(dirent.name) ? await this.zipContent(target) : {};
    return { name: dirent.name, path: joinRelative(parts), type, size: type === 'dir' ? 0 : stats.size, modified: stats.mtime.toISOString(), attributes };
  }

  private zipContent(file: string): Promise<ZipContent> {
    return this.deps.processing.zipContent(file, ZIP_CONTENT_MAX_ENTRIES, SERVER).catch((err: unknown) => ({ zipError: (err as Error).message }));
  }

  private async uploadPart(root: string, file: Resolved): Promise<{ part: UploadPart; handle: FileHandle }> {
    const name = cleanName(file.parts.at(-1));
    // The opened file must still be the checked one below the root (a part swapped for a link is refused).
    const handle = await openInside(root, file.real);
    const attributes = isZipName(name) ? await this.zipContent(file.real) : undefined;
    return { part: { filename: name, content: handle.createReadStream(), attributes }, handle };
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

/** `relative` below `root`, resolved on disk; 400 for a path refused as text or leading outside, 404 when missing. */
async function resolve(root: string, relative: string): Promise<Resolved> {
  const parts = relativeParts(relative);
  const real = await realpath(path.join(root, ...parts)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') throw notFound(`${M.notFound} (${joinRelative(parts)})`);
    throw err;
  });
  if (!isInside(root, real)) throw badRequest(M.outside);
  return { real, parts, stats: await stat(real) };
}
