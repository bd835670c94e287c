/**
 * Import of runs from the server's file system (spec 3 §2.5 Server tab, §3 "File entry", §7): the files below the
 * root directory an administrator configured (setting runImportServerPath), while the feature runImportFromServer is
 * on. Paths are relative to that root, with "/" between the parts.
 */
import { z } from 'zod';
import { MAX_FILES_PER_UPLOAD } from './datasets.ts';
import { ExactText } from './strings.ts';

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

/** POST /datasets/serverfiles: files (not folders) to copy into the file store; answers like POST /datasets/files. */
export const ServerFilesImportRequest = z.object({
  paths: z.array(RelativePath.min(1)).min(1).max(MAX_FILES_PER_UPLOAD, SERVER_FILES_MESSAGES.tooMany),
});
export type ServerFilesImportRequest = z.infer<typeof ServerFilesImportRequest>;
