import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_POLICY, type LoginPolicy } from '../src/security/login-limiter.ts';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from './harness.ts';

let t: TestApp;
afterEach(() => t?.close());

/**
 * An app whose clock the test moves. The default policy unless a test says otherwise; the account delay is
 * shortened so dozens of attempts on one account do not make the test slow (the limiter tests check it).
 */
async function limitedApp(policy: Partial<LoginPolicy> = {}, env: Record<string, string> = {}) {
  let now = Date.parse('2026-03-01T10:00:00Z');
  t = await createTestApp({
    now: () => new Date(now),
    loginPolicy: { ...LOGIN_POLICY, accountDelayMs: 1, ...policy },
    env,
  });
  await setupAdmin(t.app);
  const login = (username: string, password: string, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/accounts/login`,
      payload: { username, password },
      remoteAddress: ip,
      headers,
    });
  return { login, advance: (ms: number) => (now += ms) };
}

// Dozens of real scrypt checks per test: allow for a busy machine.
describe('login rate limit', { timeout: 120_000 }, () => {
  it('signs in with the right password after 50 failures by others, from their address and from another', async () => {
    const { login } = await limitedApp();
    // Ten colleagues behind the same proxy address mistype five times each.
    for (let user = 0; user < 10; user++) {
      for (let i = 0; i < LOGIN_POLICY.pairFreeFailures; i++) {
        expect((await login(`colleague${user}`, 'wrong', '10.0.0.66')).statusCode).toBe(401);
      }
    }
    expect((await login('admin', ADMIN.password, '10.0.0.66')).statusCode).toBe(200);
    expect((await login('admin', ADMIN.password, '10.0.0.7')).statusCode).toBe(200);
  });

  it('signs in with the right password after 30 failures for the same username from other addresses', async () => {
    const { login } = await limitedApp();
    for (let i = 0; i < 30; i++) {
      expect((await login('admin', 'wrong', `192.0.2.${i}`)).statusCode).toBe(401);
    }
    expect((await login('admin', ADMIN.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to an address that guesses many usernames, not to other addresses', async () => {
    const { login } = await limitedApp();
    for (let i = 0; i < LOGIN_POLICY.addressUsernames; i++) {
      expect((await login(`user${i}`, 'wrong', '10.0.0.66')).statusCode).toBe(401);
    }
    const sprayer = await login('admin', ADMIN.password, '10.0.0.66');
    expect(sprayer.statusCode).toBe(429);
    expect(sprayer.headers['retry-after']).toBe(String(LOGIN_POLICY.windowMs / 1000));
    expect(sprayer.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    });
    expect((await login('admin', ADMIN.password, '10.0.0.7')).statusCode).toBe(200);
  });

  it('makes one (username, address) pair wait longer after each failure, then lets the right password in', async () => {
    const { login, advance } = await limitedApp();
    for (let i = 0; i < LOGIN_POLICY.pairFreeFailures; i++) {
      expect((await login('admin', 'wrong', '10.0.0.5')).statusCode).toBe(401);
    }
    const waits: string[] = [];
    for (let round = 0; round < 3; round++) {
      const held = await login('admin', ADMIN.password, '10.0.0.5');
      expect(held.statusCode).toBe(429);
      const seconds = String(held.headers['retry-after']);
      waits.push(seconds);
      expect(held.json().message).toBe(`Too many failed sign-in attempts. Please wait ${seconds} seconds and try again.`);
      advance(Number(seconds) * 1000);
      expect((await login('admin', 'wrong', '10.0.0.5')).statusCode).toBe(401);
    }
    expect(waits).toEqual(['2', '4', '8']);
    // Meanwhile the same account signs in from elsewhere.
    expect((await login('admin', ADMIN.password, '10.0.0.6')).statusCode).toBe(200);
    advance(16_000);
    expect((await login('admin', ADMIN.password, '10.0.0.5')).statusCode).toBe(200);
    // The success cleared the pair.
    expect((await login('admin', 'wrong', '10.0.0.5')).statusCode).toBe(401);
    expect((await login('admin', ADMIN.password, '10.0.0.5')).statusCode).toBe(200);
  });

  describe('client address behind a reverse proxy', () => {
    const policy = { addressUsernames: 3 };
    /** Three usernames fail through the proxy 10.0.0.1 for the client 203.0.113.9 (per X-Forwarded-For). */
    async function sprayThroughProxy(env: Record<string, string>) {
      const { login } = await limitedApp(policy, env);
      const via = (ip: string, client: string) => ({ ip, headers: { 'x-forwarded-for': client } });
      const attempt = (username: string, password: string, from: { ip: string; headers: Record<string, string> }) =>
        login(username, password, from.ip, from.headers).then((r) => r.statusCode);
      for (const name of ['a1', 'a2', 'a3']) {
        expect(await attempt(name, 'wrong', via('10.0.0.1', '203.0.113.9'))).toBe(401);
      }
      return { attempt, via };
    }

    it('ignores X-Forwarded-For without TRUST_PROXY: everyone behind the proxy is one address', async () => {
      const { attempt, via } = await sprayThroughProxy({});
      expect(await attempt('admin', ADMIN.password, via('10.0.0.1', '198.51.100.7'))).toBe(429);
    });

    it('takes the client address from X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
      const { attempt, via } = await sprayThroughProxy({ TRUST_PROXY: '10.0.0.1/32' });
      expect(await attempt('admin', ADMIN.password, via('10.0.0.1', '203.0.113.9'))).toBe(429);
      expect(await attempt('admin', ADMIN.password, via('10.0.0.1', '198.51.100.7'))).toBe(200);
      // A client that is not the proxy cannot choose its address with the header.
      expect(await attempt('b1', 'wrong', via('10.9.9.9', '1.1.1.1'))).toBe(401);
      expect(await attempt('b2', 'wrong', via('10.9.9.9', '1.1.1.2'))).toBe(401);
      expect(await attempt('b3', 'wrong', via('10.9.9.9', '1.1.1.3'))).toBe(401);
      expect(await attempt('admin', ADMIN.password, via('10.9.9.9', '1.1.1.4'))).toBe(429);
    });
  });
});
