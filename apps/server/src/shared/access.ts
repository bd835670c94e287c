/** Who is calling, and the two checks nearly every service starts with. */
import { ADMIN_ROLE } from '@corridor/contract';
import { forbidden, unauthorized } from './errors.ts';

/** The signed-in user behind a request, resolved from the session cookie. */
export interface Actor {
  userId: number;
  username: string;
  roles: string[];
  /** Public id of the login token (device) the request came with. */
  token: string;
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
