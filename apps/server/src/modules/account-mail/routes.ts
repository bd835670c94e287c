/**
 * /api/v1/accounts/…: a user's e-mail addresses (spec 1 §7.1, spec 3 §7) and the public one-time link flows
 * (verify an address, forgot password, set a password).
 */
import {
  AddEmailRequest,
  ForgotPasswordRequest,
  OkAnswer,
  SetPasswordAnswer,
  SetPasswordRequest,
  UserEmail,
  VerifyEmailAnswer,
  VerifyEmailRequest,
} from '@corridor/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, RowId } from '../../plugins/schemas.ts';
import { requestOrigin } from '../../shared/request-origin.ts';
import type { AccountMailService, Requester } from './service.ts';

const tags = ['accounts'];
const UserParams = z.object({ userId: RowId });
const EmailParams = z.object({ userId: RowId, id: RowId });

export function accountMailRoutes(service: AccountMailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accounts/users/:userId/emails',
      {
        schema: {
          tags,
          summary: "A user's e-mail addresses (the user and administrators; 404 for others)",
          params: UserParams,
          response: { 200: z.array(UserEmail), ...errorAnswers(401, 404) },
        },
      },
      (request) => service.listEmails(request.actor, request.params.userId),
    );

    app.post(
      '/accounts/users/:userId/emails',
      {
        schema: {
          tags,
          summary: 'Add an (unverified) e-mail address from a session (403 with an API key); 409 when the user has it already',
          params: UserParams,
          body: AddEmailRequest,
          response: { 200: UserEmail, ...errorAnswers(400, 401, 403, 404, 409) },
        },
      },
      (request) => service.addEmail(request.actor, request.params.userId, request.body.email),
    );

    app.delete(
      '/accounts/users/:userId/emails/:id',
      {
        schema: {
          tags,
          summary: 'Delete an e-mail address from a session (403 with an API key)',
          params: EmailParams,
          response: { 200: OkAnswer, ...errorAnswers(401, 403, 404) },
        },
      },
      async (request) => {
        await service.deleteEmail(request.actor, request.params.userId, request.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/accounts/users/:userId/emails/:id/verify',
      {
        schema: {
          tags,
          summary:
            'Mail a verification link (/-/verify-email/{token}) from a session (403 with an API key); 503 without mail settings, 502 when the mail server refuses',
          params: EmailParams,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404, 409, 502, 503) },
        },
      },
      async (request) => {
        await service.sendVerification(request.actor, request.params.userId, request.params.id, requester(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/accounts/verify-email',
      {
        schema: {
          tags,
          summary: 'Redeem a verification link: the address is verified; 404 unknown link, 410 used or expired',
          body: VerifyEmailRequest,
          response: { 200: VerifyEmailAnswer, ...errorAnswers(400, 404, 410) },
        },
      },
      (request) => service.verifyEmail(request.body.token),
    );

    app.post(
      '/accounts/forgot-password',
      {
        schema: {
          tags,
          summary: 'Mail a link to set a new password; the same answer whether or not the address is known; 429 when asked too often',
          body: ForgotPasswordRequest,
          response: { 200: OkAnswer, ...errorAnswers(400, 429, 503) },
        },
      },
      async (request) => {
        await service.forgotPassword(request.body.email, requester(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/accounts/set-password',
      {
        schema: {
          tags,
          summary: 'Set a password with a mailed link (forgot password, sign-up); signs out every device and deletes every API key; 404 unknown link, 410 used or expired',
          body: SetPasswordRequest,
          response: { 200: SetPasswordAnswer, ...errorAnswers(400, 404, 410) },
        },
      },
      (request) => service.setPassword(request.body.token, request.body.password),
    );
  };
}

function requester(request: FastifyRequest): Requester {
  return { ip: request.ip, origin: request.actor ? requestOrigin(request) : null };
}
