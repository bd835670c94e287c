/**
 * The OpenAPI document names both ways to authenticate (issue 25): the session cookie and an API key as
 * `Authorization: Bearer {id}.{secret}`, required by every operation, so Swagger UI's Authorize button sends a key.
 */
import { CreatedApiKey } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';

let t: TestApp;
afterEach(() => t?.close());

describe('the OpenAPI document', () => {
  it('describes the session cookie and the Bearer API key, and the key works as described', async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ url: '/docs/json' })).json();
    expect(doc.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'corridor_session' },
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: '{id}.{secret}' }),
    });
    expect(doc.security).toEqual([{ session: [] }, { apiKey: [] }]);
    // /swagger-docs (ReDoc's and the help page's link) is the same document.
    expect((await t.app.inject({ url: '/swagger-docs' })).json().components.securitySchemes.apiKey.scheme).toBe('bearer');

    // What Swagger UI sends once a key is pasted into Authorize.
    const cookie = await setupAdmin(t.app);
    const me = (await t.app.inject({ url: `${API}/accounts/validate`, headers: { cookie } })).json();
    const created = await t.app.inject({ method: 'POST', url: `${API}/accounts/users/${me.userId}/apikeys`, headers: { cookie }, payload: { description: 'swagger' } });
    const key = CreatedApiKey.parse(created.json()).data.data;
    const withKey = await t.app.inject({ url: `${API}/accounts/validate`, headers: { authorization: `Bearer ${key}` } });
    expect([withKey.statusCode, withKey.json().username]).toEqual([200, me.username]);
  });
});
