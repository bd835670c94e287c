/**
 * Paths a client names below the root directory for runs: checked as text first (pure), then resolved on disk
 * with `realpath` (every `..` and symbolic link resolved) and refused unless the real path is the real root or
 * below it. No Fastify, no database.
 */
import path from 'node:path';
import { SERVER_FILES_MESSAGES } from '@corridor/contract';
import { badRequest } from '../../shared/errors.ts';

/** The parts of a relative path ("" or "/" is the root itself); throws a 400 with the reason it is refused. */
export function relativeParts(text: string): string[] {
  if (text.includes('\u0000')) throw badRequest('The path must not contain NUL characters.');
  const slashed = text.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) throw badRequest(SERVER_FILES_MESSAGES.absolute);
  const parts = slashed.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw badRequest(SERVER_FILES_MESSAGES.parent);
  if (parts.some(isHidden)) throw badRequest(SERVER_FILES_MESSAGES.hidden);
  return parts;
}

/** Hidden files and folders (".git", ".ssh") are neither listed nor imported (docs/decisions.md). */
export const isHidden = (name: string) => name.startsWith('.');

/** Whether `real` is `realRoot` or below it (both already resolved by realpath). */
export function isInside(realRoot: string, real: string): boolean {
  const relative = path.relative(realRoot, real);
  const up = relative === '..' || relative.startsWith(`..${path.sep}`);
  return !up && !path.isAbsolute(relative);
}

/** A path below the root as the API shows it: "/" between the parts. */
export const joinRelative = (parts: readonly string[]) => parts.join('/');
