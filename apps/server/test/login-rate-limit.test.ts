import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from './harness.ts';

let t: TestApp;
afterEach(() => t?.close());

const WINDOW = 15 * 60_000;

/** An app whose clock the test moves, with small limits so a test needs few scrypt checks. */
async function limitedApp() {
  let now = Date.parse('2026-03-01T10:00:00Z');
  t = await createTestApp({
    now: () => new Date(now),
    loginLimits: { perUsername: 3, perIp: 5, windowMs: WINDOW },
  });
  await setupAdmin(t.app);
  const login = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `${API}/accounts/login`, payload: { username, password }, remoteAddress: ip });
  return { login, advance: (ms: number) => (now += ms) };
}

describe('login rate limit', () => {
  it('blocks a username after too many failures, even from other addresses, until the window passes', async () => {
    const { login, advance } = await limitedApp();
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await login('admin', 'wrong', ip)).statusCode).toBe(401);
    }
    const blocked = await login('admin', ADMIN.password, '10.0.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    // Other accounts are not affected.
    expect((await login('someone', 'wrong', '10.0.0.4')).statusCode).toBe(401);

    advance(WINDOW - 60_000);
    expect((await login('admin', ADMIN.password, '10.0.0.4')).json().message).toContain('wait 1 minute and');
    advance(60_001);
    expect((await login('admin', ADMIN.password, '10.0.0.4')).statusCode).toBe(200);
  });

  it('resets the username count after a successful login', async () => {
    const { login } = await limitedApp();
    expect((await login('admin', 'wrong')).statusCode).toBe(401);
    expect((await login('admin', 'wrong')).statusCode).toBe(401);
    expect((await login('admin', ADMIN.password)).statusCode).toBe(200);
    expect((await login('admin', 'wrong', '10.0.0.9')).statusCode).toBe(401);
    expect((await login('admin', 'wrong', '10.0.0.9')).statusCode).toBe(401);
    // Two failures since the success: still below the limit of three.
    expect((await login('admin', ADMIN.password, '10.0.0.9')).statusCode).toBe(200);
  });

  it('blocks an address that tries many usernames, but not other addresses', async () => {
    const { login } = await limitedApp();
    for (let i = 0; i < 5; i++) {
      expect((await login(`user${i}`, 'wrong', '10.0.0.66')).statusCode).toBe(401);
    }
    expect((await login('admin', ADMIN.password, '10.0.0.66')).statusCode).toBe(429);
    expect((await login('admin', ADMIN.password, '10.0.0.7')).statusCode).toBe(200);
  });
});
