/** /api/v1/corridor/testsmtp: the mail settings page's Test Connection (administrators). */
import { OkAnswer, PRODUCT, TestSmtpRequest } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { MailService } from './service.ts';

export function mailRoutes(mail: MailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      `/${PRODUCT}/testsmtp`,
      {
        schema: {
          tags: ['settings'],
          summary: "Send a test message with the given (unsaved) mail settings (an administrator's session, not an API key); 502 carries the mail server's answer",
          body: TestSmtpRequest,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 502) },
        },
      },
      async (request) => {
        await mail.test(request.actor, request.body);
        return { ok: true as const };
      },
    );
  };
}
