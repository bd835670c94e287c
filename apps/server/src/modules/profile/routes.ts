/** /api/v1/accounts/users/{userId}/…: devices, password, API keys (spec 1 §7.1). HTTP only; rules in service.ts. */
import { ApiKey, AppearanceRequest, ChangePasswordRequest, CreateApiKeyRequest, CreatedApiKey, Device, ExactText, OkAnswer } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorAnswers, RowId } from '../../plugins/schemas.ts';
import type { ProfileService } from './service.ts';

const tags = ['profile'];
const UserParams = z.object({ userId: RowId });
const DeviceParams = UserParams.extend({ token: ExactText().min(1).max(100) });
const ApiKeyParams = UserParams.extend({ apikey: ExactText().min(1).max(100) });
const ok = { ok: true as const };
const base = '/accounts/users/:userId';

export function profileRoutes(profile: ProfileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${base}/logintokens`,
      {
        schema: {
          tags,
          summary: "A user's signed-in devices, `current` the caller's own (the user or an administrator; not with an API key)",
          params: UserParams,
          response: { 200: z.array(Device), ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => profile.devices(request.actor, request.params.userId),
    );

    app.delete(
      `${base}/logintokens/:token`,
      {
        schema: {
          tags,
          summary: 'Deauthorize a device: its session ends at once; 400 for the caller\'s own device (sign out instead)',
          params: DeviceParams,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await profile.deauthorize(request.actor, request.params.userId, request.params.token);
        return ok;
      },
    );

    app.post(
      `${base}/password`,
      {
        schema: {
          tags,
          summary:
            'Change the password from a session: your own with oldPW (other devices are signed out), or as an administrator another user\'s without it (all their devices are signed out); the user\'s API keys are deleted',
          params: UserParams,
          body: ChangePasswordRequest,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await profile.changePassword(request.actor, request.params.userId, request.body);
        return ok;
      },
    );

    app.put(
      `${base}/appearance`,
      {
        schema: {
          tags,
          summary: "Your own language (My Profile > Appearance): kept with the account, answered as `language` by validate and login",
          params: UserParams,
          body: AppearanceRequest,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403) },
        },
      },
      async (request) => {
        await profile.setLanguage(request.actor, request.params.userId, request.body.language);
        return ok;
      },
    );

    app.get(
      `${base}/apikeys`,
      {
        schema: {
          tags,
          summary: "A user's API keys: public id, description, last access (never the secret)",
          params: UserParams,
          response: { 200: z.array(ApiKey), ...errorAnswers(400, 401, 403, 404) },
        },
      },
      (request) => profile.apiKeys(request.actor, request.params.userId),
    );

    app.post(
      `${base}/apikeys`,
      {
        schema: {
          tags,
          summary: 'Create an API key for yourself; the full key is in data.data, shown this once (not with an API key)',
          params: UserParams,
          body: CreateApiKeyRequest,
          response: { 200: CreatedApiKey, ...errorAnswers(400, 401, 403) },
        },
      },
      (request) => profile.createApiKey(request.actor, request.params.userId, request.body.description),
    );

    app.delete(
      `${base}/apikeys/:apikey`,
      {
        schema: {
          tags,
          summary: 'Delete an API key: requests with it are refused at once',
          params: ApiKeyParams,
          response: { 200: OkAnswer, ...errorAnswers(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await profile.deleteApiKey(request.actor, request.params.userId, request.params.apikey);
        return ok;
      },
    );
  };
}
