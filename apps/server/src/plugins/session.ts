/**
 * The session cookie and the hook that turns it into `request.actor`. Routes hand `request.actor` to the
 * services, which decide what the caller may do (requireUser / requireAdmin in shared/access.ts).
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../shared/access.ts';

export const SESSION_COOKIE = 'corridor_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Null when signed out. Resolved for /api requests only. */
    actor: Actor | null;
  }
}

export interface SessionCookie {
  set(reply: FastifyReply, value: string, maxAgeMs: number): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

/** httpOnly so scripts cannot read it; Lax so other sites cannot post with it; Secure behind https. */
export function sessionCookie(secure: boolean): SessionCookie {
  const base: CookieSerializeOptions = { httpOnly: true, sameSite: 'lax', path: '/', secure };
  return {
    set: (reply, value, maxAgeMs) =>
      void reply.setCookie(SESSION_COOKIE, value, { ...base, maxAge: Math.floor(maxAgeMs / 1000) }),
    clear: (reply) => void reply.clearCookie(SESSION_COOKIE, base),
    read: (request) => request.cookies[SESSION_COOKIE],
  };
}

/** Registers the hook inside the /api scope so static files never cost a database lookup. */
export function resolveActor(
  api: FastifyInstance,
  cookie: SessionCookie,
  resolve: (value: string | undefined) => Promise<Actor | null>,
): void {
  api.decorateRequest('actor', null);
  api.addHook('onRequest', async (request) => {
    request.actor = await resolve(cookie.read(request));
  });
}
