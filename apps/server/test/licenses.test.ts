import { generateKeyPairSync } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { LicensePayload } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountsRepository } from '../src/modules/accounts/repository.ts';
import { InstallationKeys } from '../src/modules/licenses/installation-keys.ts';
import { signLicense } from '../src/modules/licenses/token.ts';
import { hashPassword } from '../src/security/password.ts';
import { API, createTestApp, sessionCookieOf, setupAdmin, type TestApp } from './harness.ts';

let t: TestApp;
afterEach(() => t?.close());

const TODAY = '2026-06-15';
const vendor = generateKeyPairSync('ed25519');
const vendorPem = vendor.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const payload = (change: Partial<LicensePayload> = {}): LicensePayload => ({
  name: 'Test licence',
  organisation: 'Example Transport Lab',
  validFromDate: '2026-01-01',
  validUntilDate: '2026-12-31',
  creationDate: '2025-12-20T09:00:00.000Z',
  features: { commercial: true },
  limits: { runners: 4, tier: 'gold' },
  issuer: 'vendor',
  ...change,
});

async function app(withVendorKey = true) {
  t = await createTestApp({
    now: () => new Date(`${TODAY}T12:00:00Z`),
    env: withVendorKey ? { LICENSE_PUBLIC_KEY: vendorPem } : {},
  });
  return t.app;
}

const checkKey = (key: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/corridor/licenses/check/key`,
    headers: { 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) },
    payload: key,
  });

function multipart(content: string, cookie?: string) {
  const boundary = 'corridorboundary42';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="licence.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
    payload: body,
  };
}

describe('licence key checks', () => {
  it('accepts a valid vendor key and answers the licence', async () => {
    await app();
    const key = signLicense(payload(), vendor.privateKey);
    const response = await checkKey(`  ${key.slice(0, 40)}\n${key.slice(40)}  `); // pasted with a line break
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...payload(), key });
  });

  it('rejects wrong keys with the exact messages', async () => {
    await app();
    const good = signLicense(payload(), vendor.privateKey);
    const [body, signature] = good.split('.') as [string, string];
    const tamperedBody = Buffer.from(
      JSON.stringify({ ...payload(), limits: { runners: 400, tier: 'gold' } }),
    ).toString('base64url');
    const otherKey = generateKeyPairSync('ed25519').privateKey;

    const cases: [string, string][] = [
      ['', 'The licence key is malformed.'],
      ['ab', 'The licence key is malformed.'],
      ['not-a-key.at-all', 'The licence key is malformed.'],
      [`${body}.${signature}.extra`, 'The licence key is malformed.'],
      [`${Buffer.from('{"name":"x"}').toString('base64url')}.${signature}`, 'The licence key is malformed.'],
      [`${tamperedBody}.${signature}`, 'The licence signature is invalid.'],
      [signLicense(payload(), otherKey), 'The licence signature is invalid.'],
      [signLicense(payload({ validUntilDate: '2026-06-14' }), vendor.privateKey), 'The licence has expired.'],
      [signLicense(payload({ validFromDate: '2026-06-16' }), vendor.privateKey), 'The licence is not yet valid.'],
    ];
    for (const [key, message] of cases) {
      const response = await checkKey(key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json(), key).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
    // Both ends of the validity range are inclusive.
    const lastDay = signLicense(payload({ validUntilDate: TODAY }), vendor.privateKey);
    expect((await checkKey(lastDay)).statusCode).toBe(200);
  });

  it('refuses vendor keys when no licence public key is configured', async () => {
    await app(false);
    const response = await checkKey(signLicense(payload(), vendor.privateKey));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Only community licences can be used without a configured licence public key.',
    );
  });

  it('accepts the key as JSON {key} too', async () => {
    await app();
    const key = signLicense(payload(), vendor.privateKey);
    const response = await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses/check/key`, payload: { key } });
    expect(response.statusCode).toBe(200);
  });

  it('checks licence files, including empty and oversized ones', async () => {
    await app();
    const key = signLicense(payload(), vendor.privateKey);
    const ok = await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses/check`, ...multipart(`${key}\n`) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().key).toBe(key);

    const empty = await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses/check`, ...multipart(' \n') });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The licence file is empty.');

    const huge = await t.app.inject({
      method: 'POST',
      url: `${API}/corridor/licenses/check`,
      ...multipart('x'.repeat(70 * 1024)),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The licence file is too large (limit 64 KB).');

    const notMultipart = await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses/check`, payload: { key } });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('is open before setup and for administrators only afterwards', async () => {
    await app();
    const key = signLicense(payload(), vendor.privateKey);
    expect((await checkKey(key)).statusCode).toBe(200);

    const adminCookie = await setupAdmin(t.app);
    expect((await checkKey(key)).statusCode).toBe(401);
    expect((await checkKey(key, adminCookie)).statusCode).toBe(200);

    const accounts = new AccountsRepository(t.database.db);
    await accounts.createAccount({ username: 'bob', passwordHash: await hashPassword('bobs-password'), roles: [] });
    const bob = sessionCookieOf(
      await t.app.inject({
        method: 'POST',
        url: `${API}/accounts/login`,
        payload: { username: 'bob', password: 'bobs-password' },
      }),
    );
    const forbidden = await checkKey(key, bob);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Only an administrator can do this.');
    const upload = await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses/check`, ...multipart(key, bob) });
    expect(upload.statusCode).toBe(403);
  });
});

describe('stored licences', () => {
  it('adds, lists, refreshes and removes licences (administrators only)', async () => {
    await app();
    const cookie = await setupAdmin(t.app);
    const key = signLicense(payload(), vendor.privateKey);
    const post = (url: string, body: string, withCookie = true) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain', ...(withCookie ? { cookie } : {}) },
        payload: body,
      });

    expect((await post(`${API}/corridor/licenses/key`, key, false)).statusCode).toBe(401);
    const bad = await post(`${API}/corridor/licenses/key`, 'garbage');
    expect(bad.json().message).toBe('The licence key is malformed.');

    const added = await post(`${API}/corridor/licenses/key`, key);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ ...payload(), key });
    // Adding the same key again keeps one entry; a file upload stores like a key.
    await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses`, ...multipart(key, cookie) });

    const list = await t.app.inject({ url: `${API}/corridor/licenses`, headers: { cookie } });
    expect(list.json()).toEqual([{ ...payload(), key }]);
    expect((await t.app.inject({ url: `${API}/corridor/licenses` })).statusCode).toBe(401);

    const query = `key=${encodeURIComponent(key)}`;
    const refreshed = await t.app.inject({ method: 'POST', url: `${API}/corridor/licenses/refresh?${query}`, headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: `${API}/corridor/licenses?${query}`, headers: { cookie } });
    expect(removed.json()).toEqual({ ok: true });
    const again = await t.app.inject({ method: 'DELETE', url: `${API}/corridor/licenses?${query}`, headers: { cookie } });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/corridor/licenses`, headers: { cookie } })).json()).toEqual([]);
  });

  it('issues a community licence signed by the installation key, stores and lists it', async () => {
    await app(false);
    const cookie = await setupAdmin(t.app);
    const issued = await t.app.inject({
      method: 'POST',
      url: `${API}/corridor/licenses/community`,
      headers: { cookie },
      payload: { name: 'Ada Lovelace', organisation: 'Analytical Engines' },
    });
    expect(issued.statusCode).toBe(200);
    const licence = issued.json();
    expect(licence).toMatchObject({
      name: 'Ada Lovelace',
      organisation: 'Analytical Engines',
      validFromDate: TODAY,
      validUntilDate: '2027-06-15',
      features: { commercial: false },
      issuer: 'community',
    });

    const list = await t.app.inject({ url: `${API}/corridor/licenses`, headers: { cookie } });
    expect(list.json()).toEqual([licence]);
    // It verifies with this installation's key even without LICENSE_PUBLIC_KEY.
    expect((await checkKey(licence.key, cookie)).statusCode).toBe(200);

    const privateKey = await stat(path.join(t.config.dataDir, 'keys', 'community-private.pem'));
    expect(privateKey.mode & 0o777).toBe(0o600);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${API}/corridor/licenses/community`,
      payload: { name: 'x', organisation: 'y' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a community licence that claims commercial use', async () => {
    await app();
    const cookie = await setupAdmin(t.app);
    // The server never signs such a licence; sign one with the installation's key directly.
    const { privateKey } = await new InstallationKeys(t.config.dataDir).get();
    const key = signLicense(payload({ issuer: 'community', features: { commercial: true } }), privateKey);
    const response = await checkKey(key, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A community licence cannot be used commercially.');
  });
});
