/**
 * Paths of the SFTP file tree (pure): `/` lists the user's groups, `/{group}` the group's scenarios by key,
 * `/{group}/{scenario}` the scenario's files. Clients send absolute or relative paths; REALPATH resolves `.` and `..`
 * the way OpenSSH does (never above `/`), so `cd ..` works, but every other request naming `..` is refused: a file
 * operation never climbs out of the folder it names.
 */
import path from 'node:path';

export type TreePath =
  | { depth: 0 }
  | { depth: 1; group: string }
  | { depth: 2; group: string; scenario: string }
  | { depth: 3; group: string; scenario: string; file: string };

export class PathRefused extends Error {}

export const PATH_MESSAGES = {
  dotDot: 'Paths with ".." are not allowed here: name the file from / or from the current folder.',
  tooDeep: 'Scenarios have no subfolders: files live directly in /{team}/{scenario}/.',
  bad: 'Not a valid path.',
} as const;

/** REALPATH: the canonical absolute path (`.` and `..` resolved, at most up to `/`). */
export function realPath(requested: string): string {
  if (requested.includes('\0')) throw new PathRefused(PATH_MESSAGES.bad);
  return path.posix.resolve('/', requested || '.');
}

/** A request's path as a place in the tree; refuses `..`, NUL and paths below a scenario's files. */
export function treePath(requested: string): TreePath {
  if (requested.includes('\0')) throw new PathRefused(PATH_MESSAGES.bad);
  const parts = requested.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new PathRefused(PATH_MESSAGES.dotDot);
  if (parts.length > 3) throw new PathRefused(PATH_MESSAGES.tooDeep);
  const [group, scenario, file] = parts;
  if (file !== undefined) return { depth: 3, group: group!, scenario: scenario!, file };
  if (scenario !== undefined) return { depth: 2, group: group!, scenario };
  if (group !== undefined) return { depth: 1, group };
  return { depth: 0 };
}
