import { DEFAULT_FEATURES } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';

let t: TestApp;
afterEach(() => t?.close());

const signup = (payload: object) => t.app.inject({ method: 'POST', url: `${API}/accounts/signup`, payload });
const putFeatures = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${API}/corridor/features`, payload, headers: cookie ? { cookie } : {} });

describe('features', () => {
  it('serves the defaults publicly and lets only administrators read and change them', async () => {
    t = await createTestApp();
    const enabled = await t.app.inject({ url: `${API}/corridor/features/enabled` });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toEqual(DEFAULT_FEATURES);

    expect((await t.app.inject({ url: `${API}/corridor/features` })).statusCode).toBe(401);
    expect((await putFeatures(undefined, { accountsSignup: true })).statusCode).toBe(401);

    const cookie = await setupAdmin(t.app);
    const read = await t.app.inject({ url: `${API}/corridor/features`, headers: { cookie } });
    expect(read.json()).toEqual(DEFAULT_FEATURES);

    const changed = await putFeatures(cookie, { accountsSignup: true, i18n: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...DEFAULT_FEATURES, accountsSignup: true, i18n: false });
    // Partial updates leave the other stored flags alone.
    const again = await putFeatures(cookie, { runImportFromServer: true });
    expect(again.json()).toEqual({ ...DEFAULT_FEATURES, accountsSignup: true, i18n: false, runImportFromServer: true });
    expect((await t.app.inject({ url: `${API}/corridor/features/enabled` })).json()).toEqual(again.json());

    const invalid = await putFeatures(cookie, { accountsSignup: 'yes' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('body/accountsSignup');
  });
});

describe('signup', () => {
  it('is refused while the feature accountsSignup is off', async () => {
    t = await createTestApp();
    await setupAdmin(t.app);
    const response = await signup({ username: 'carol', email: 'carol@example.org' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Sign-up is not possible on this instance.',
    });
  });

  it('creates the account with personal group and unverified email once an administrator enables it', async () => {
    t = await createTestApp();
    const cookie = await setupAdmin(t.app);
    expect((await putFeatures(cookie, { accountsSignup: true })).statusCode).toBe(200);

    const response = await signup({ username: 'carol', email: ' carol@example.org ' });
    expect(response.statusCode).toBe(200);
    // No mail settings: no set-password mail could go out, and the answer says so.
    expect(response.json()).toEqual({ ok: true, invalidUsername: false, invalidEmail: false, awaitingAuthorization: false, mailSent: false });

    const user = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'carol') });
    expect(user).toMatchObject({ passwordHash: null, roles: [], state: 'active' });
    const email = await t.database.db.query.emails.findFirst({ where: (e, { eq }) => eq(e.userId, user!.id) });
    expect(email).toMatchObject({ email: 'carol@example.org', verified: false, verifiedTimestamp: null });
    const group = await t.database.db.query.groups.findFirst({ where: (g, { eq }) => eq(g.name, 'carol') });
    expect(group?.personal).toBe(true);

    // No password yet, so the new account cannot sign in.
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/login`,
      payload: { username: 'carol', password: 'anything' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('says when the account waits for an administrator, with authorization required and no mail settings', async () => {
    t = await createTestApp();
    const cookie = await setupAdmin(t.app);
    await putFeatures(cookie, { accountsSignup: true, accountsRequireAuthorization: true });

    const response = await signup({ username: 'dora', email: 'dora@example.org' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, invalidUsername: false, invalidEmail: false, awaitingAuthorization: true, mailSent: false });
    const user = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'dora') });
    expect(user?.state).toBe('blocked');
  });

  it('flags an invalid or taken username and an invalid email', async () => {
    t = await createTestApp();
    const cookie = await setupAdmin(t.app);
    await putFeatures(cookie, { accountsSignup: true });

    const cases: [object, boolean, boolean][] = [
      [{ username: 'x', email: 'x@example.org' }, true, false], // too short
      [{ username: 'no spaces', email: 'a@example.org' }, true, false],
      [{ username: 'Admin', email: 'a@example.org' }, true, false], // taken (case-insensitive)
      [{ username: 'dave', email: 'dave.example.org' }, false, true],
      [{ username: '', email: '' }, true, true],
    ];
    for (const [payload, invalidUsername, invalidEmail] of cases) {
      const response = await signup(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ ok: false, invalidUsername, invalidEmail });
    }
  });

  it('treats existing group names as taken', async () => {
    t = await createTestApp();
    const cookie = await setupAdmin(t.app);
    await putFeatures(cookie, { accountsSignup: true });
    expect((await signup({ username: 'erin', email: 'erin@example.org' })).statusCode).toBe(200);
    const clash = await signup({ username: 'ERIN', email: 'other@example.org' });
    expect(clash.json()).toEqual({ ok: false, invalidUsername: true, invalidEmail: false });
  });
});
