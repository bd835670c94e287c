import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, API, createTestApp, sessionCookieOf, setupAdmin, type TestApp } from './harness.ts';

describe('HTTP security and error shapes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload: unknown = { username: 'x', password: 'y' }) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('rejects state-changing requests from a foreign Origin', async () => {
    const response = await post(`${API}/accounts/login`, { origin: 'https://evil.example', host: 'localhost:8080' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Cross-origin request rejected.' });
    const nullOrigin = await post(`${API}/accounts/setup`, { origin: 'null', host: 'localhost:8080' }, ADMIN);
    expect(nullOrigin.statusCode).toBe(403);
    // Nothing happened: the server is still not set up.
    expect((await t.app.inject({ url: `${API}/accounts/validate` })).statusCode).toBe(400);
  });

  it('accepts the same origin, and requests without Origin', async () => {
    const same = await post(`${API}/accounts/login`, { origin: 'http://localhost:8080', host: 'localhost:8080' });
    expect(same.statusCode).toBe(401); // reached the login logic
    const none = await post(`${API}/accounts/login`, { host: 'localhost:8080' });
    expect(none.statusCode).toBe(401);
    // Safe methods are never blocked.
    const get = await t.app.inject({ url: `${API}/health`, headers: { origin: 'https://evil.example' } });
    expect(get.statusCode).toBe(200);
  });

  it('answers 413 with a clear message for a body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x', password: 'y'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large (limit 1 MB).',
    });
  });

  it('answers JSON errors for unknown API routes, bad JSON and validation failures', async () => {
    const unknown = await t.app.inject({ url: `${API}/no/such/thing` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /api/v1/no/such/thing not found.' });
    const unknownPost = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(unknownPost.statusCode).toBe(404);
    expect(unknownPost.json().error).toBe('Not Found');

    const badJson = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(Object.keys(badJson.json()).sort()).toEqual(['error', 'message', 'statusCode']);

    const missing = await post(`${API}/accounts/login`, {}, { username: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Invalid request: body\/password: /);
  });

  it('sends security headers and echoes request ids', async () => {
    const response = await t.app.inject({ url: `${API}/health`, headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();

    const generated = await t.app.inject({ url: `${API}/health`, headers: { 'x-request-id': 'bad id\n' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document and Swagger UI', async () => {
    const json = await t.app.inject({ url: '/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.paths['/api/v1/accounts/login'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/corridor/licenses/check/key',
        '/api/v1/jobs/setup',
        '/api/v1/datasets/datasets/{id}',
        '/api/v1/datasets/files/{id}/as/{format}',
        '/api/v1/accounts/groups/{id}/users/{userId}/role',
      ]),
    );
    const ui = await t.app.inject({ url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('explains a missing web app build instead of answering a blank page', async () => {
    const response = await t.app.inject({ url: '/login' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('Web app not built: run npm run build:web');
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'corridor-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Corridor</title>');
    await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for app routes and keeps API 404s as JSON', async () => {
    const index = await t.app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Corridor</title>');
    expect(index.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const route = await t.app.inject({ url: '/alice/runs/42' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Corridor</title>');

    expect((await t.app.inject({ url: '/assets/missing-9999.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: `${API}/missing` });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});

describe('behind a proxy (PUBLIC_URL set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://corridor.example.org' } });
  });
  afterAll(() => t.close());

  it("judges Origin against PUBLIC_URL, not the proxied Host, and turns on https-only headers", async () => {
    const login = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/accounts/login`,
        headers: { origin, host: 'localhost:8080' },
        payload: { username: 'x', password: 'y' },
      });
    expect((await login('https://corridor.example.org')).statusCode).toBe(401);
    expect((await login('http://localhost:8080')).statusCode).toBe(403);

    const response = await t.app.inject({ url: `${API}/health` });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe('sign-out from another site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setupAdmin(t.app);
  });
  afterAll(() => t.close());

  const signIn = async () =>
    sessionCookieOf(await t.app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: ADMIN }));
  const status = async (url: string, cookie: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ url: `${API}${url}`, headers: { cookie, host: 'localhost:8080', ...headers } })).statusCode;

  it('refuses a cross-site GET /accounts/logout and keeps the session; the same origin signs out', async () => {
    const cookie = await signIn();
    const foreign = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' }, // a sibling subdomain is another origin too
    ];
    for (const headers of foreign) {
      const response = await t.app.inject({ url: `${API}/accounts/logout`, headers: { cookie, host: 'localhost:8080', ...headers } });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().message).toBe('Cross-origin request rejected.');
      expect(response.cookies).toEqual([]);
      expect(await status('/accounts/validate', cookie)).toBe(200);
    }
    // Foreign-site POSTs are refused by Sec-Fetch-Site alone as well.
    const post = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/login`,
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: ADMIN,
    });
    expect(post.statusCode).toBe(403);

    // The web app's own fetch: same-origin, no Origin on a GET.
    expect(await status('/accounts/logout', cookie, { 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await status('/accounts/validate', cookie)).toBe(401);
  });

  it('signs out with the own Origin, a typed-in address (Sec-Fetch-Site: none) and without browser headers', async () => {
    const allowed: Record<string, string>[] = [{ origin: 'http://localhost:8080' }, { 'sec-fetch-site': 'none' }, {}];
    for (const headers of allowed) {
      const cookie = await signIn();
      expect(await status('/accounts/logout', cookie, headers), JSON.stringify(headers)).toBe(200);
      expect(await status('/accounts/validate', cookie)).toBe(401);
    }
  });
});
