/** Who is calling, and the checks nearly every service starts with. */
import { ADMIN_ROLE, PROFILE_MESSAGES } from '@corridor/contract';
import { forbidden, unauthorized } from './errors.ts';

/**
 * How the caller proved who they are: a session cookie (a device), an API key (`Authorization: Bearer`), or a password
 * given to the SFTP server (modules/sftp; no session, no device).
 */
export type AuthMethod = 'session' | 'apikey' | 'sftp';

/** The signed-in user behind a request, resolved from the session cookie or an API key. */
export interface Actor {
  userId: number;
  username: string;
  roles: string[];
  /** Public id of the login token (device) or of the API key the request came with (see `via`). */
  token: string;
  via: AuthMethod;
}

export function isAdmin(actor: Actor | null): boolean {
  return actor?.roles.includes(ADMIN_ROLE) ?? false;
}

export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

export function requireAdmin(actor: Actor | null): Actor {
  const user = requireUser(actor);
  if (!isAdmin(user)) throw forbidden('Only an administrator can do this.');
  return user;
}

/** Things only a person at a signed-in device may do (password, API keys, devices): 403 for an API key. */
export function requireSession(actor: Actor | null): Actor {
  const user = requireUser(actor);
  if (user.via !== 'session') throw forbidden(PROFILE_MESSAGES.notWithApiKey);
  return user;
}
