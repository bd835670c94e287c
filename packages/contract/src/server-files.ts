/**
 * Import of runs from the server's file system (spec 3 §2.5 Server tab, §3 "File entry", §7): the files below the
 * root directory an administrator configured (setting runImportServerPath), while the feature runImportFromServer is
 * on. Paths are relative to that root, with "/" between the parts.
 */
import { z } from 'zod';
import { MAX_FILES_PER_UPLOAD } from './datasets.ts';
import { formatBytes } from './run-outputs.ts';
import { ExactText } from './strings.ts';

/** One import (files and whole folders together) copies at most this many files and bytes (issue 26). */
export const SERVER_IMPORT_MAX_FILES = 2000;
export const SERVER_IMPORT_MAX_BYTES = 50 * 1024 ** 3;
/** A folder imported whole is followed this many levels down. */
export const SERVER_FOLDER_MAX_DEPTH = 16;
/** MATSim's folder of per-iteration outputs, left out of a folder import unless asked for. */
export const ITERS_FOLDER = 'ITERS';

export const SERVER_FILES_MESSAGES = {
  /** Feature off, or on without a root directory. */
  disabled: 'Importing runs from the server is not enabled.',
  noRoot: 'Importing runs from the server is not enabled: no root directory for runs is set (Settings > Local Run Import).',
  rootMissing: 'The root directory for runs on the server cannot be read; an administrator can check it in Settings > Local Run Import.',
  /** Roots refused when saved (400) and when used (409, followed by `rootUnusable`): they would expose the installation. */
  rootIsFileSystemRoot: 'The root directory for runs must not be the file system root "/".',
  rootHoldsDataDir: "The root directory for runs must not contain the platform's data folder (DATA_DIR: the installation's keys and every user's files).",
  rootInDataDir: "The root directory for runs must not be inside the platform's data folder (DATA_DIR: the installation's keys and every user's files).",
  /** Roots refused when saved because the server cannot use them now (issue 26). */
  rootNotFound: (root: string) => `The folder ${root} does not exist on the server.`,
  rootNotAFolder: (root: string) => `${root} is not a folder on the server.`,
  rootNotReadable: (root: string) => `The folder ${root} is not readable by the server process (check its permissions).`,
  rootUnusable: 'Importing runs from the server is paused until an administrator changes the root directory in Settings > Local Run Import.',
  /** Linux's /proc/self/fd is how an opened file is checked; without it nothing is listed or imported. */
  uncheckable: 'Server files cannot be checked safely on this server (/proc/self/fd is not available), so they are neither listed nor imported.',
  absolute: 'The path must be relative to the root directory for runs on the server.',
  parent: 'The path must not contain "..".',
  hidden: 'Hidden files and folders (names starting with ".") cannot be imported.',
  outside: 'The path leads outside the root directory for runs on the server.',
  notFound: 'There is no such file or folder on the server.',
  notPermitted: 'The server is not allowed to read this file or folder (check its permissions).',
  notAFile: 'Only files can be imported; select the files inside a folder (or a zip of it).',
  notAFolder: 'The path is not a folder.',
  tooMany: `At most ${MAX_FILES_PER_UPLOAD} files can be imported at once.`,
  /** Folders imported whole (issue 26). */
  tooManySelected: `At most ${MAX_FILES_PER_UPLOAD} files and folders can be selected at once.`,
  nothingSelected: 'Select at least one file or folder.',
  folderEmpty: (folder: string, includeIters: boolean) =>
    `The folder ${folder || '(root)'} holds no files${includeIters ? '' : ' outside ITERS/'}.`,
  folderTooManyFiles: (folder: string, includeIters: boolean) =>
    `The folder ${folder || '(root)'} holds more than ${SERVER_IMPORT_MAX_FILES} files${includeIters ? '' : ' outside ITERS/'}: at most ${SERVER_IMPORT_MAX_FILES} files can be imported at once; select a subfolder${includeIters ? ' or leave out ITERS/' : ''}.`,
  tooManyFiles: `The selection holds more than ${SERVER_IMPORT_MAX_FILES} files: at most ${SERVER_IMPORT_MAX_FILES} can be imported at once.`,
  tooManyBytes: (bytes: number) =>
    `The selected files hold ${formatBytes(bytes)}: at most ${formatBytes(SERVER_IMPORT_MAX_BYTES)} can be imported at once; select fewer files or leave out ITERS/.`,
  folderTooDeep: (folder: string) => `The folder ${folder} has folders nested deeper than ${SERVER_FOLDER_MAX_DEPTH} levels.`,
  duplicateName: (name: string) => `Two of the selected files would both be named ${name} in the run; select only one of them.`,
} as const;


/** A folder lists the first this many names (by name; then folders first). */
export const SERVER_FILES_MAX_ENTRIES = 2000;
/** A zip's content lists at most this many entries (`zipContentTruncated` says when there are more). */
export const ZIP_CONTENT_MAX_ENTRIES = 1000;

const RelativePath = ExactText().max(4096);

/** GET /datasets/serverfiles?path= : one folder level; no path (or "") is the root. */
export const ServerFilesQuery = z.object({ path: RelativePath.optional() });

export const ZipContentEntry = z.object({ name: z.string(), size: z.number() });
export type ZipContentEntry = z.infer<typeof ZipContentEntry>;

/** What is known about a zip from its central directory (read without decompressing anything). */
export const ZipContent = z.object({
  zipContent: z.array(ZipContentEntry).optional(),
  /** The zip has more entries than ZIP_CONTENT_MAX_ENTRIES. */
  zipContentTruncated: z.boolean().optional(),
  /** Why the content could not be read (not a zip, damaged, unsafe entry names). */
  zipError: z.string().optional(),
});
export type ZipContent = z.infer<typeof ZipContent>;

export const ServerFileEntry = z.object({
  name: z.string(),
  /** Relative to the root, "/" between parts: the value for `?path=` (folders) or POST `paths` (files). */
  path: z.string(),
  type: z.enum(['dir', 'file']),
  /** Bytes (0 for folders). */
  size: z.number(),
  /** ISO time of the last change. */
  modified: z.string(),
  attributes: ZipContent,
});
export type ServerFileEntry = z.infer<typeof ServerFileEntry>;

export const ServerFilesAnswer = z.object({
  /** The folder listed, relative to the root ("" is the root). */
  path: z.string(),
  /** Folders first, then files, each by name; hidden entries and symbolic links leading outside the root are left out. */
  files: z.array(ServerFileEntry),
  /** The folder has more than SERVER_FILES_MAX_ENTRIES entries. */
  truncated: z.boolean(),
});
export type ServerFilesAnswer = z.infer<typeof ServerFilesAnswer>;

/**
 * A folder imported whole (issue 26): every file below it, its subfolders' files named by their path below it
 * ("ITERS/it.0/0.events.xml.gz"); folders named ITERS are left out unless `includeIters`.
 */
export const ServerFolderImport = z.object({ path: RelativePath, includeIters: z.boolean().default(false) });
export type ServerFolderImport = z.infer<typeof ServerFolderImport>;

/**
 * POST /datasets/serverfiles: files to copy into the file store (named by their last part), and folders copied whole;
 * answers like POST /datasets/files.
 */
export const ServerFilesImportRequest = z
  .object({
    paths: z.array(RelativePath.min(1)).max(MAX_FILES_PER_UPLOAD, SERVER_FILES_MESSAGES.tooMany).default([]),
    folders: z.array(ServerFolderImport).max(MAX_FILES_PER_UPLOAD, SERVER_FILES_MESSAGES.tooManySelected).default([]),
  })
  .refine((body) => body.paths.length + body.folders.length > 0, SERVER_FILES_MESSAGES.nothingSelected)
  .refine((body) => body.paths.length + body.folders.length <= MAX_FILES_PER_UPLOAD, SERVER_FILES_MESSAGES.tooManySelected);
export type ServerFilesImportRequest = z.input<typeof ServerFilesImportRequest>;
