/**
 * My Profile's security through HTTP (spec 1 §2.18, §7.1): devices and deauthorize, password change, API keys as
 * `Authorization: Bearer` for scripts — who may do what, and that a revoked device or key stops at its next call.
 */
import { createHash } from 'node:crypto';
import { CreatedApiKey, Device, PROFILE_MESSAGES, type ApiKey } from '@corridor/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVALID_API_KEY } from '../src/plugins/session.ts';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, createScenario, signIn, type Session } from './workspace-helpers.ts';

const CHROME_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let t: TestApp;
let clock: number;
let adminCookie: string;
let alice: Session;
let bob: Session;

beforeEach(async () => {
  clock = Date.parse('2025-03-01T10:00:00Z');
  t = await createTestApp({ now: () => new Date(clock) });
  adminCookie = await setupAdmin(t.app);
  alice = await addUser(t.app, adminCookie, 'alice');
  bob = await addUser(t.app, adminCookie, 'bob');
});
afterEach(() => t?.close());

type Auth = { cookie: string } | { key: string };
const headersOf = (auth: Auth): Record<string, string> => ('cookie' in auth ? { cookie: auth.cookie } : { authorization: `Bearer ${auth.key}` });

function call(auth: Auth | null, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url: `${API}${url}`, headers: { ...(auth ? headersOf(auth) : {}), ...headers }, payload });
}

const user = (session: Session) => `/accounts/users/${session.userId}`;
const message = (response: { json(): unknown }) => (response.json() as { message: string }).message;

async function createKey(session: Session, description: string): Promise<CreatedApiKey['data']> {
  const response = await call(session, 'POST', `${user(session)}/apikeys`, { description });
  expect(response.statusCode, response.body).toBe(200);
  return CreatedApiKey.parse(response.json()).data;
}

describe('devices', () => {
  it("lists the user's devices with the current one marked; a deauthorized device gets 401 on its next call", async () => {
    const laptop = await t.app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: { username: 'alice', password: 'password-1' }, headers: { 'user-agent': CHROME_ON_LINUX } });
    const laptopCookie = laptop.cookies.find((c) => c.name === 'corridor_session')!.value;
    const laptopToken = laptopCookie.split('.')[0]!;

    const listed = await call(alice, 'GET', `${user(alice)}/logintokens`);
    expect(listed.statusCode).toBe(200);
    const devices = Device.array().parse(listed.json());
    expect(devices).toHaveLength(2);
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    const other = devices.find((d) => !d.current)!;
    expect(other).toMatchObject({ token: laptopToken, description: 'Chrome on Linux' });
    expect(Date.parse(other.created)).toBeGreaterThan(0);
    expect(Date.parse(other.lastAccess)).toBeGreaterThan(0);
    // The list shows public ids only, never a secret of the cookie.
    expect(listed.body).not.toContain(laptopCookie.split('.')[1]);

    const current = devices.find((d) => d.current)!;
    const own = await call(alice, 'DELETE', `${user(alice)}/logintokens/${current.token}`);
    expect([own.statusCode, message(own)]).toEqual([400, PROFILE_MESSAGES.currentDevice]);

    expect((await call({ cookie: `corridor_session=${laptopCookie}` }, 'GET', '/accounts/validate')).statusCode).toBe(200);
    expect((await call(alice, 'DELETE', `${user(alice)}/logintokens/${laptopToken}`)).statusCode).toBe(200);
    expect((await call({ cookie: `corridor_session=${laptopCookie}` }, 'GET', '/accounts/validate')).statusCode).toBe(401);
    expect((await call({ cookie: `corridor_session=${laptopCookie}` }, 'GET', '/datasets/scenarios')).statusCode).toBe(401);
    expect((await call(alice, 'DELETE', `${user(alice)}/logintokens/${laptopToken}`)).statusCode).toBe(404);
    expect(Device.array().parse((await call(alice, 'GET', `${user(alice)}/logintokens`)).json())).toHaveLength(1);
  });

  it("refuses other users; an administrator sees and signs out another user's devices", async () => {
    const refused = await call(bob, 'GET', `${user(alice)}/logintokens`);
    expect([refused.statusCode, message(refused)]).toEqual([403, PROFILE_MESSAGES.notYourAccount]);
    expect((await call(null, 'GET', `${user(alice)}/logintokens`)).statusCode).toBe(401);

    const seen = Device.array().parse((await call({ cookie: adminCookie }, 'GET', `${user(alice)}/logintokens`)).json());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.current).toBe(false);
    expect((await call(bob, 'DELETE', `${user(alice)}/logintokens/${seen[0]!.token}`)).statusCode).toBe(403);
    expect((await call({ cookie: adminCookie }, 'DELETE', `${user(alice)}/logintokens/${seen[0]!.token}`)).statusCode).toBe(200);
    expect((await call(alice, 'GET', '/accounts/validate')).statusCode).toBe(401);
    expect((await call({ cookie: adminCookie }, 'GET', '/accounts/users/9999/logintokens')).statusCode).toBe(404);
  });
});

describe('password change', () => {
  const change = (auth: Auth, target: Session, body: object) => call(auth, 'POST', `${user(target)}/password`, body);

  it('needs the right old password and a long enough new one; signs in with the new one and ends the other sessions', async () => {
    const phone = await signIn(t.app, 'alice', 'password-1');

    const wrong = await change(alice, alice, { oldPW: 'not-it', newPW: 'new-password' });
    expect([wrong.statusCode, message(wrong)]).toEqual([400, PROFILE_MESSAGES.wrongOldPassword]);
    const missing = await change(alice, alice, { newPW: 'new-password' });
    expect([missing.statusCode, message(missing)]).toEqual([400, PROFILE_MESSAGES.oldPasswordRequired]);
    const short = await change(alice, alice, { oldPW: 'password-1', newPW: 'abc' });
    expect([short.statusCode, message(short)]).toEqual([400, 'The new password must have at least 6 characters.']);
    expect((await change(bob, alice, { oldPW: 'password-1', newPW: 'new-password' })).statusCode).toBe(403);
    expect((await change(alice, alice, { oldPW: 'password-1', newPW: 'new-password' })).statusCode).toBe(200);

    expect((await call(alice, 'GET', '/accounts/validate')).statusCode).toBe(200);
    expect((await call(phone, 'GET', '/accounts/validate')).statusCode).toBe(401);
    const old = await t.app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: { username: 'alice', password: 'password-1' } });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, 'alice', 'new-password');
  });

  it("an administrator overwrites another user's password without the old one (the one rule: at least 6 characters), signing them out", async () => {
    const short = await change({ cookie: adminCookie }, alice, { newPW: 'abcde' });
    expect([short.statusCode, message(short)]).toEqual([400, 'The new password must have at least 6 characters.']);
    expect((await change({ cookie: adminCookie }, alice, { newPW: 'abcdef' })).statusCode).toBe(200);
    expect((await call(alice, 'GET', '/accounts/validate')).statusCode).toBe(401);
    await signIn(t.app, 'alice', 'abcdef');
    expect((await call({ cookie: adminCookie }, 'GET', '/accounts/validate')).statusCode).toBe(200);
  });
});

describe('appearance', () => {
  it("keeps the user's language with the account: validate and login answer it, on every device (issue 25)", async () => {
    const language = async (session: Session) => (await call(session, 'GET', '/accounts/validate')).json().language;
    expect(await language(alice)).toBeNull();

    const saved = await call(alice, 'PUT', `${user(alice)}/appearance`, { language: 'de' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await language(alice)).toBe('de');
    const login = await t.app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: { username: 'alice', password: 'password-1' } });
    expect(login.json().language).toBe('de');
    expect(await language(bob)).toBeNull();

    expect((await call(alice, 'PUT', `${user(alice)}/appearance`, { language: 'fr' })).statusCode).toBe(400);
    expect((await call(bob, 'PUT', `${user(alice)}/appearance`, { language: 'en' })).statusCode).toBe(403);
    expect((await call({ cookie: adminCookie }, 'PUT', `${user(alice)}/appearance`, { language: 'en' })).statusCode).toBe(403);
    expect((await call(null, 'PUT', `${user(alice)}/appearance`, { language: 'en' })).statusCode).toBe(401);
    expect(await language(alice)).toBe('de');
  });
});

describe('API keys', () => {
  it('authenticate curl-style requests as their user until deleted; only a hash of the secret is stored', async () => {
    await createScenario(t.app, alice, { key: 'alice-s', name: 'Alice scenario' });
    await createScenario(t.app, bob, { key: 'bob-s', name: 'Bob scenario' });

    const created = await createKey(alice, 'Nightly script');
    expect(created.description).toBe('Nightly script');
    expect(created.lastAccess).toBeNull();
    const [publicId, secret] = created.data.split('.') as [string, string];
    expect(publicId).toBe(created.apikey);
    // 32 random bytes of secret.
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(32);

    const rows = (await t.database.db.execute(sql`select * from api_keys`)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows.rows)).not.toContain(secret);

    const listed = (await call(alice, 'GET', `${user(alice)}/apikeys`)).json() as ApiKey[];
    expect(listed).toEqual([{ apikey: publicId, description: 'Nightly script', created: created.created, lastAccess: null }]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const key = { key: created.data };
    const scenarios = await call(key, 'GET', '/datasets/scenarios');
    expect(scenarios.statusCode).toBe(200);
    const names = (scenarios.json() as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(['Alice scenario']);
    expect((await call(key, 'GET', '/accounts/validate')).json()).toMatchObject({ username: 'alice' });
    // A script's write has no Origin and passes the cross-site guard.
    expect((await call(key, 'POST', '/datasets/datasets', { groupId: alice.groupId, key: 'by-key', name: 'By key', description: '', type: 'scenario' })).statusCode).toBe(200);

    const keys = (await call(alice, 'GET', `${user(alice)}/apikeys`)).json() as ApiKey[];
    expect(keys[0]!.lastAccess).toBe(new Date(clock).toISOString());

    expect((await call(alice, 'DELETE', `${user(alice)}/apikeys/${publicId}`)).statusCode).toBe(200);
    const revoked = await call(key, 'GET', '/datasets/scenarios');
    expect([revoked.statusCode, message(revoked)]).toEqual([401, INVALID_API_KEY]);
    expect((await call(alice, 'DELETE', `${user(alice)}/apikeys/${publicId}`)).statusCode).toBe(404);
  });

  it('cannot change the password, create keys or see devices; reaches admin routes only for an administrator', async () => {
    const key = { key: (await createKey(alice, 'limited')).data };
    for (const [method, path, body] of [
      ['POST', `${user(alice)}/password`, { oldPW: 'password-1', newPW: 'new-password' }],
      ['POST', `${user(alice)}/apikeys`, { description: 'another' }],
      ['GET', `${user(alice)}/logintokens`, undefined],
    ] as const) {
      const response = await call(key, method, path, body);
      expect([response.statusCode, message(response)], `${method} ${path}`).toEqual([403, PROFILE_MESSAGES.notWithApiKey]);
    }
    await signIn(t.app, 'alice', 'password-1');
    // Listing and deleting its keys works with a key (a script may revoke itself).
    expect((await call(key, 'GET', `${user(alice)}/apikeys`)).statusCode).toBe(200);
    expect((await call(key, 'PUT', '/corridor/features', { accountsSignup: true })).statusCode).toBe(403);

    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const adminKey = { key: (await createKey(admin, 'ops')).data };
    expect((await call(adminKey, 'PUT', '/corridor/features', { accountsSignup: true })).statusCode).toBe(200);
    // Nobody creates keys for someone else, not even an administrator.
    const forOther = await call({ cookie: adminCookie }, 'POST', `${user(alice)}/apikeys`, { description: 'x' });
    expect([forOther.statusCode, message(forOther)]).toEqual([403, PROFILE_MESSAGES.onlyOwnKeys]);
    expect((await call(bob, 'GET', `${user(alice)}/apikeys`)).statusCode).toBe(403);
    expect((await call({ cookie: adminCookie }, 'GET', `${user(alice)}/apikeys`)).statusCode).toBe(200);
  });

  it('a malformed or unknown key is 401, not anonymous; a cookie request still meets the cross-site guard', async () => {
    for (const value of ['abc.def', 'AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', `${(await createKey(alice, 'k')).apikey}.wrong-secret-wrong-secret`]) {
      const response = await call({ key: value }, 'GET', '/corridor/features/enabled');
      expect([response.statusCode, message(response)], value).toEqual([401, INVALID_API_KEY]);
    }
    const foreign = await call(alice, 'POST', '/datasets/datasets', { groupId: alice.groupId, key: 'x', name: 'X', description: '', type: 'scenario' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
  });

  it('writes the last access at most once a minute', async () => {
    const created = await createKey(alice, 'loop');
    const lastAccess = async () => ((await call(alice, 'GET', `${user(alice)}/apikeys`)).json() as ApiKey[])[0]!.lastAccess;
    const first = new Date(clock).toISOString();
    await call({ key: created.data }, 'GET', '/datasets/scenarios');
    clock += 30_000;
    await call({ key: created.data }, 'GET', '/datasets/scenarios');
    expect(await lastAccess()).toBe(first);
    clock += 31_000;
    await call({ key: created.data }, 'GET', '/datasets/scenarios');
    expect(await lastAccess()).toBe(new Date(clock).toISOString());
  });
});

describe('a blocked user', () => {
  it('gets 401 at once with their session and with their API key', async () => {
    const key = { key: (await createKey(alice, 'before')).data };
    expect((await call(key, 'GET', '/datasets/scenarios')).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set state = 'blocked' where id = ${alice.userId}`);
    expect((await call(alice, 'GET', '/datasets/scenarios')).statusCode).toBe(401);
    expect((await call(key, 'GET', '/datasets/scenarios')).statusCode).toBe(401);
  });
});
