/** /api/v1/accounts/…: HTTP only; the rules are in service.ts. */
import {
  CreatedUser,
  CreateUserRequest,
  ErrorAnswer,
  GroupFindAnswer,
  GroupFindQuery,
  LoginRequest,
  OkAnswer,
  SessionUser,
  SetupRequest,
  SignupAnswer,
  SignupRequest,
} from '@corridor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { SessionCookie } from '../../plugins/session.ts';
import { SESSION_IDLE_MS, type AccountsService, type ClientInfo } from './service.ts';

const tags = ['accounts'];

export function accountsRoutes(accounts: AccountsService, cookie: SessionCookie): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accounts/validate',
      {
        schema: {
          tags,
          summary: 'The signed-in user; 400 while no administrator exists (first-time setup), 401 when signed out',
          response: { 200: SessionUser, ...errorAnswers(400, 401) },
        },
      },
      async (request, reply) => {
        const user = await accounts.validate(request.actor);
        // Sliding expiry: each validate (every app start) extends the cookie like the server-side token.
        if (request.actor?.via === 'session') cookie.set(reply, cookie.read(request)!, SESSION_IDLE_MS);
        return user;
      },
    );

    app.post(
      '/accounts/setup',
      {
        schema: {
          tags,
          summary: 'Create the first administrator and sign in; 409 once an administrator exists',
          body: SetupRequest,
          response: { 200: SessionUser, ...errorAnswers(400, 409) },
        },
      },
      async (request, reply) => {
        const { user, cookieValue } = await accounts.setup(request.body, clientInfo(request));
        cookie.set(reply, cookieValue, SESSION_IDLE_MS);
        return user;
      },
    );

    app.post(
      '/accounts/login',
      {
        schema: {
          tags,
          summary: 'Sign in with username and password; 429 after too many failures',
          body: LoginRequest,
          response: { 200: SessionUser, ...errorAnswers(400, 401, 429) },
        },
      },
      async (request, reply) => {
        const { user, cookieValue } = await accounts.login(request.body, clientInfo(request));
        cookie.set(reply, cookieValue, SESSION_IDLE_MS);
        return user;
      },
    );

    app.get(
      '/accounts/logout',
      {
        // A GET that changes state: the CSRF guard refuses it from other sites (plugins/csrf.ts).
        config: { stateChanging: true },
        schema: {
          tags,
          summary: 'Sign out this device; 403 when another site sent the request',
          response: { 200: OkAnswer, ...errorAnswers(403) },
        },
      },
      async (request, reply) => {
        await accounts.logout(request.actor);
        cookie.clear(reply);
        return { ok: true as const };
      },
    );

    app.post(
      '/accounts/signup',
      {
        schema: {
          tags,
          summary: 'Create an account (feature accountsSignup); 400 answers say which field was invalid',
          body: SignupRequest,
          // 400 is either the flags or, for a malformed body, the usual error shape.
          response: { 200: SignupAnswer, 400: z.union([SignupAnswer, ErrorAnswer]), ...errorAnswers(403) },
        },
      },
      async (request, reply) => {
        const answer = await accounts.signup(request.body);
        return reply.code(answer.ok ? 200 : 400).send(answer);
      },
    );

    app.post(
      '/accounts/users',
      {
        schema: {
          tags,
          summary: 'Add a user who can sign in at once, with their personal group (administrators only)',
          body: CreateUserRequest,
          response: { 200: CreatedUser, ...errorAnswers(400, 401, 403, 409) },
        },
      },
      (request) => accounts.createUser(request.actor, request.body),
    );

    app.get(
      '/accounts/groups/find',
      {
        schema: {
          tags,
          summary: 'Look up a group by name; 401 when neither a member nor an administrator',
          querystring: GroupFindQuery,
          response: { 200: GroupFindAnswer, ...errorAnswers(401, 404) },
        },
      },
      (request) => accounts.findGroup(request.actor, request.query.name),
    );
  };
}

function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
