/**
 * The session cookie, API keys, and the hook that turns them into `request.actor`. Routes hand `request.actor` to the
 * services, which decide what the caller may do (requireUser / requireAdmin in shared/access.ts).
 */
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../shared/access.ts';
import { HttpError } from '../shared/errors.ts';

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

/** Where the Actor of a request can come from. */
export interface ActorSources {
  /** The session cookie's value (undefined without one). */
  session(cookieValue: string | undefined): Promise<Actor | null>;
  /** An API key (`Authorization: Bearer {apikey}.{secret}`); null when it is not valid. */
  apiKey(value: string): Promise<Actor | null>;
}

export const INVALID_API_KEY = 'The API key is not valid: it is unknown or deleted, or its user is blocked.';

/**
 * Registers the hook inside the /api scope so static files never cost a database lookup. An API key wins over a
 * cookie; a request with an API key that is not valid is refused with 401 at once, never served as anonymous.
 */
export function resolveActor(api: FastifyInstance, cookie: SessionCookie, sources: ActorSources): void {
  api.decorateRequest('actor', null);
  api.addHook('onRequest', async (request) => {
    const key = apiKeyOf(request.headers.authorization);
    if (key === null) {
      request.actor = await sources.session(cookie.read(request));
      return;
    }
    request.actor = await sources.apiKey(key);
    if (!request.actor) throw new HttpError(401, INVALID_API_KEY, { 'www-authenticate': 'Bearer error="invalid_token"' });
  });
}

/**
 * The Bearer value when it is meant as an API key: API keys have a dot (`{apikey}.{secret}`), runner tokens
 * (base64url) never do, and those are the runner protocol's to check (modules/runner-protocol).
 */
export function apiKeyOf(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1]?.includes('.') ? match[1] : null;
}
