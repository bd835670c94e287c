import { SessionUser } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountsRepository } from '../src/modules/accounts/repository.ts';
import { hashPassword } from '../src/security/password.ts';
import { ADMIN, API, createTestApp, sessionCookieOf, setupAdmin, type TestApp } from './harness.ts';

let t: TestApp;
afterEach(() => t?.close());

describe('session: validate, setup, logout', () => {
  it('walks validate 400 → setup → validate 200 → logout → 401', async () => {
    t = await createTestApp();
    const before = await t.app.inject({ url: `${API}/accounts/validate` });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Corridor has not been set up yet.',
    });

    const setup = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/setup`,
      payload: ADMIN,
      headers: { 'user-agent': 'Vitest Browser/1.0' },
    });
    expect(setup.statusCode).toBe(200);
    const user = SessionUser.parse(setup.json());
    expect(user).toMatchObject({ username: 'admin', roles: ['admin'], groupName: 'admin' });
    expect(user.teams).toEqual([{ groupId: user.groupId, groupName: 'admin', role: 'owner' }]);
    const cookie = sessionCookieOf(setup);

    const validate = await t.app.inject({ url: `${API}/accounts/validate`, headers: { cookie } });
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toEqual(user);

    const logout = await t.app.inject({ url: `${API}/accounts/logout`, headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
    const cleared = logout.cookies.find((c) => c.name === 'corridor_session');
    expect(cleared?.value).toBe('');

    // The old cookie is dead on the server too, not only in the browser.
    const after = await t.app.inject({ url: `${API}/accounts/validate`, headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('You need to sign in.');
  });

  it('refuses setup once an administrator exists', async () => {
    t = await createTestApp();
    await setupAdmin(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/setup`,
      payload: { username: 'mallory', password: 'another-password' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Corridor is already set up: an administrator exists.');
  });

  it('validates the setup form', async () => {
    t = await createTestApp();
    const short = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/setup`,
      payload: { username: 'admin', password: '12345' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^Invalid request: body\/password: /);
    const badName = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/setup`,
      payload: { username: 'a b', password: '123456' },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toMatch(/username/);
  });

  it('signs in with the right password and names the device after the User-Agent', async () => {
    t = await createTestApp();
    await setupAdmin(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/login`,
      payload: { username: 'ADMIN', password: ADMIN.password },
      headers: { 'user-agent': 'Firefox on a test bench' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: 'admin', roles: ['admin'] });
    const rows = await t.database.db.query.loginTokens.findMany();
    expect(rows.map((r) => r.description)).toContain('Firefox on a test bench');
  });

  it('answers a failed login with the spec message', async () => {
    t = await createTestApp();
    await setupAdmin(t.app);
    for (const payload of [
      { username: 'admin', password: 'wrong-password' },
      { username: 'nobody', password: 'whatever' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: `${API}/accounts/login`, payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Username or password could not be verified.',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('sets the session cookie httpOnly, SameSite=Lax, Path=/ and not Secure over http', async () => {
    t = await createTestApp();
    const setup = await t.app.inject({ method: 'POST', url: `${API}/accounts/setup`, payload: ADMIN });
    const header = String(setup.headers['set-cookie']);
    expect(header).toMatch(/^corridor_session=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+;/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://corridor.example.org' } });
    const setup = await t.app.inject({ method: 'POST', url: `${API}/accounts/setup`, payload: ADMIN });
    expect(String(setup.headers['set-cookie'])).toContain('Secure');
  });

  it('ignores forged and malformed session cookies', async () => {
    t = await createTestApp();
    const cookie = await setupAdmin(t.app);
    const [token] = cookie.replace('corridor_session=', '').split('.');
    for (const forged of [`corridor_session=${token}.${'A'.repeat(43)}`, 'corridor_session=garbage']) {
      const response = await t.app.inject({ url: `${API}/accounts/validate`, headers: { cookie: forged } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('groups/find', () => {
  it('answers 401 signed out, 404 for unknown groups, 401 for non-members and the group for members', async () => {
    t = await createTestApp();
    const adminCookie = await setupAdmin(t.app);
    const find = (name: string, cookie?: string) =>
      t.app.inject({ url: `${API}/accounts/groups/find?name=${name}`, headers: cookie ? { cookie } : {} });

    expect((await find('admin')).statusCode).toBe(401);
    const unknown = await find('nowhere', adminCookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Group not found.');
    const own = await find('admin', adminCookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ id: expect.any(Number), name: 'admin' });

    // A second, ordinary user (no UI for that yet, so straight through the repository).
    const accounts = new AccountsRepository(t.database.db);
    await accounts.createAccount({ username: 'bob', passwordHash: await hashPassword('bobs-password'), roles: [] });
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/accounts/login`,
      payload: { username: 'bob', password: 'bobs-password' },
    });
    const bobCookie = sessionCookieOf(login);
    const foreign = await find('admin', bobCookie);
    expect(foreign.statusCode).toBe(401);
    expect((await find('bob', bobCookie)).statusCode).toBe(200);
    // Administrators may look at every group.
    expect((await find('bob', adminCookie)).statusCode).toBe(200);

    const missingName = await t.app.inject({ url: `${API}/accounts/groups/find`, headers: { cookie: adminCookie } });
    expect(missingName.statusCode).toBe(400);
  });
});

describe('names of pages', () => {
  it('setup refuses a username that is a top-level page of the app', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: `${API}/accounts/setup`, payload: { username: 'settings', password: 'secret-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('is the name of a page of Corridor');
  });
});
