/**
 * An app whose mail settings deliver to the tests' real SMTP server (smtp-server.ts), with the calls the account
 * security tests make: as a session, as an API key or anonymously; a verified address of a user; a user's API key;
 * one mail server per test; waiting until the mails sent so far have arrived.
 */
import { CreatedApiKey, type SettingsUpdate } from '@corridor/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, expect } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { linkIn, startSmtpServer, tokenOf, type TestSmtpServer } from './smtp-server.ts';
import type { Session } from './workspace-helpers.ts';

/** Who calls: a session (cookie), an API key (`Authorization: Bearer` only) or nobody. */
export type Caller = { cookie: string } | { key: string } | null;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface MailApp {
  t: TestApp;
  /** The administrator's session. */
  admin: { cookie: string };
  call(caller: Caller, method: Method, url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function appWithMail(smtp: TestSmtpServer, settings: SettingsUpdate = smtp.settings()): Promise<MailApp> {
  const t = await createTestApp();
  const admin = { cookie: await setupAdmin(t.app) };
  const call: MailApp['call'] = (caller, method, url, payload) => {
    const headers: Record<string, string> = {};
    if (caller && 'cookie' in caller) headers.cookie = caller.cookie;
    if (caller && 'key' in caller) headers.authorization = `Bearer ${caller.key}`;
    return t.app.inject({ method, url: `${API}${url}`, headers, payload });
  };
  expect((await call(admin, 'PUT', '/corridor/settings', settings)).statusCode).toBe(200);
  return { t, admin, call };
}

/** The user's session adds the address, has it mailed a verification link and opens it; answers the address id. */
export async function verifiedAddress(app: MailApp, smtp: TestSmtpServer, user: Session, email: string): Promise<number> {
  const added = await app.call(user, 'POST', `/accounts/users/${user.userId}/emails`, { email });
  expect(added.statusCode, added.body).toBe(200);
  const verify = await app.call(user, 'POST', `/accounts/users/${user.userId}/emails/${added.json().id}/verify`);
  expect(verify.statusCode, verify.body).toBe(200);
  const token = tokenOf(linkIn(await smtp.nextMail(email), '/-/verify-email/'));
  expect((await app.call(null, 'POST', '/accounts/verify-email', { token })).statusCode).toBe(200);
  return added.json().id;
}

/** A new API key of the user (made with their session); answers the full key for `Authorization: Bearer`. */
export async function apiKeyOf(app: MailApp, user: { cookie: string; userId: number }, description = 'script'): Promise<{ key: string }> {
  const created = await app.call(user, 'POST', `/accounts/users/${user.userId}/apikeys`, { description });
  expect(created.statusCode, created.body).toBe(200);
  return { key: CreatedApiKey.parse(created.json()).data.data };
}

/** The message of an error answer. */
export const messageOf = (response: LightMyRequestResponse) => (response.json() as { message?: string }).message;

/**
 * Starts a mail server before each test (handed to `use`) and closes it and the test's app after it, so that a mail
 * one test sends in the background never reaches the next.
 */
export function mailServerPerTest(use: (smtp: TestSmtpServer) => void, appOf: () => MailApp | undefined): void {
  let smtp: TestSmtpServer | undefined;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    use(smtp);
  });
  afterEach(async () => {
    await appOf()?.t.close();
    await smtp?.close();
  });
}

/**
 * Sends a test message to a fresh sentinel address and waits for it. Background mails queued before have usually
 * arrived by then, but they travel on their own connections and may come later: a mail a test expects is awaited by
 * name (nextMail); settle is for checking that nothing else came.
 */
export async function settle(app: MailApp, smtp: TestSmtpServer): Promise<void> {
  const sentinel = `sentinel-${smtp.received.length}@example.org`;
  expect((await app.call(app.admin, 'POST', '/corridor/testsmtp', { email: sentinel, settings: {} })).statusCode).toBe(200);
  await smtp.nextMail(sentinel);
}

/** Envelope recipients of the mails received from index `from` on, sentinels left out. */
export const deliveredSince = (smtp: TestSmtpServer, from = 0) =>
  smtp.received
    .slice(from)
    .flatMap((mail) => mail.rcptTo)
    .filter((to) => !to.startsWith('sentinel-'));
