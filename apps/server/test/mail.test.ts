/**
 * Mail through a real SMTP server (smtp-server.ts, its own process): the SMTP test connection, a user's e-mail
 * addresses and their verification link, forgot password and set password, and the sign-up mail with the domain and
 * authorization rules. Links are read from the delivered messages and redeemed as a user would.
 */
import { createServer } from 'node:net';
import { MAIL_MESSAGES, SECRET_MASK, type SettingsUpdate, splitSmtpFailure } from '@corridor/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountTokens } from '../src/db/schema.ts';
import { LOGIN_FAILED } from '../src/modules/accounts/service.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { linkIn, startSmtpServer, tokenOf, type TestSmtpServer } from './smtp-server.ts';
import { addUser, signIn, type Session } from './workspace-helpers.ts';

let smtp: TestSmtpServer;
let t: TestApp;
let admin: string;

// A mail server per test: a notice sent in the background by one test (an address added) never reaches the next.
beforeEach(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, options: { cookie?: string; payload?: object; ip?: string; host?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.host) headers.host = options.host;
  return t.app.inject({ method, url: `${API}${url}`, headers, payload: options.payload, remoteAddress: options.ip ?? '127.0.0.1' });
}

/** An app with an administrator whose mail settings deliver to the test's SMTP server. */
async function appWithMail(env: Record<string, string> = {}, settings: SettingsUpdate = smtp.settings()): Promise<void> {
  t = await createTestApp({ env });
  admin = await setupAdmin(t.app);
  expect((await call('PUT', '/corridor/settings', { cookie: admin, payload: settings })).statusCode).toBe(200);
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Adds the address to the user, has it mailed a verification link and opens it. */
async function verifiedAddress(user: Session, email: string): Promise<void> {
  const added = await call('POST', `/accounts/users/${user.userId}/emails`, { cookie: user.cookie, payload: { email } });
  expect(added.statusCode).toBe(200);
  expect((await call('POST', `/accounts/users/${user.userId}/emails/${added.json().id}/verify`, { cookie: user.cookie })).statusCode).toBe(200);
  const token = tokenOf(linkIn(await smtp.nextMail(email), '/-/verify-email/'));
  expect((await call('POST', '/accounts/verify-email', { payload: { token } })).statusCode).toBe(200);
}

const login = (username: string, password: string) => call('POST', '/accounts/login', { payload: { username, password } });

describe('SMTP test connection (spec 3 §2.13)', () => {
  it('sends a test message with the unsaved settings, the mask standing for the stored password', async () => {
    await appWithMail();
    const sent = await call('POST', '/corridor/testsmtp', { cookie: admin, payload: { email: 'ops@example.org', settings: smtp.settings({ emailSmtpAuthPW: SECRET_MASK }) } });
    expect(sent.statusCode).toBe(200);
    const mail = await smtp.nextMail('ops@example.org');
    expect(mail.subject).toBe('Corridor: test message');
    expect(mail.from).toBe('corridor@example.org');

    const user = await addUser(t.app, admin, 'mike');
    expect((await call('POST', '/corridor/testsmtp', { cookie: user.cookie, payload: { email: 'ops@example.org', settings: {} } })).statusCode).toBe(403);
    const invalid = await call('POST', '/corridor/testsmtp', { cookie: admin, payload: { email: 'ops', settings: {} } });
    expect(invalid.json()).toMatchObject({ statusCode: 400, message: MAIL_MESSAGES.invalidEmail });
  });

  it("answers 502 with the mail server's words for a wrong password, and the connection error for a closed port", async () => {
    await appWithMail();
    const wrong = await call('POST', '/corridor/testsmtp', { cookie: admin, payload: { email: 'ops@example.org', settings: { emailSmtpAuthPW: 'wrong' } } });
    expect(wrong.statusCode).toBe(502);
    expect(wrong.json().message).toMatch(/535.*Invalid username or password/);

    const port = await closedPort();
    const started = Date.now();
    const closed = await call('POST', '/corridor/testsmtp', { cookie: admin, payload: { email: 'ops@example.org', settings: { emailSmtpPort: port } } });
    expect(closed.statusCode).toBe(502);
    expect(closed.json().message).toContain('ECONNREFUSED');
    expect(closed.json().message).toMatch(new RegExp(`^Nothing listens on 127\\.0\\.0\\.1:${port}`));
    expect(Date.now() - started).toBeLessThan(10_000);
    // Use SSL against the plain port (issue 26): the hint first, OpenSSL's words after it.
    const tls = await call('POST', '/corridor/testsmtp', { cookie: admin, payload: { email: 'ops@example.org', settings: { emailSmtpUseSSL: true } } });
    expect(tls.statusCode).toBe(502);
    const { hint, detail } = splitSmtpFailure(tls.json().message);
    expect(hint).toBe(`The server does not speak SSL on port ${smtp.port}; turn off Use SSL (the connection is then upgraded by STARTTLS when the server offers it) or use port 465.`);
    expect(detail).toMatch(/wrong version number/i);
    // Nothing of the unsaved settings was stored.
    expect((await call('GET', '/corridor/settings', { cookie: admin })).json()).toMatchObject({ emailSmtpPort: smtp.port, emailSmtpAuthPW: SECRET_MASK });
  });
});

describe('e-mail addresses (spec 1 §2.18, §4 "Email")', () => {
  it('are added, listed, verified through the mailed link and deleted by the user and administrators only', async () => {
    await appWithMail();
    const mike = await addUser(t.app, admin, 'mike');
    const nora = await addUser(t.app, admin, 'nora');
    const emails = `/accounts/users/${mike.userId}/emails`;

    const added = await call('POST', emails, { cookie: mike.cookie, payload: { email: ' mike@example.org ' } });
    expect(added.statusCode).toBe(200);
    const entry = added.json();
    expect(entry).toMatchObject({ email: 'mike@example.org', verified: false, verifiedTimestamp: null });
    expect(Date.parse(entry.createdTimestamp)).not.toBeNaN();
    expect((await call('POST', emails, { cookie: mike.cookie, payload: { email: 'MIKE@example.org' } })).json().message).toBe(MAIL_MESSAGES.emailExists);
    expect((await call('POST', emails, { cookie: mike.cookie, payload: { email: 'not an address' } })).json().message).toBe(MAIL_MESSAGES.invalidEmail);
    expect((await call('POST', emails, { cookie: mike.cookie, payload: { email: '' } })).statusCode).toBe(400);

    // Another user gets 404 for every call; signed out 401; an administrator may.
    expect((await call('GET', emails, { cookie: nora.cookie })).statusCode).toBe(404);
    expect((await call('POST', emails, { cookie: nora.cookie, payload: { email: 'x@example.org' } })).statusCode).toBe(404);
    expect((await call('POST', `${emails}/${entry.id}/verify`, { cookie: nora.cookie })).statusCode).toBe(404);
    expect((await call('DELETE', `${emails}/${entry.id}`, { cookie: nora.cookie })).statusCode).toBe(404);
    expect((await call('GET', emails)).statusCode).toBe(401);
    expect((await call('GET', emails, { cookie: admin })).json()).toEqual([entry]);
    expect((await call('GET', '/accounts/users/999999/emails', { cookie: admin })).statusCode).toBe(404);

    // Verify now! → a mail with the link → opening it verifies the address, once.
    expect((await call('POST', `${emails}/${entry.id}/verify`, { cookie: mike.cookie })).statusCode).toBe(200);
    const mail = await smtp.nextMail('mike@example.org');
    expect(mail.subject).toBe('Corridor: please verify your email address');
    const link = linkIn(mail, '/-/verify-email/');
    // A signed-in user's request names the origin (inject's Host is localhost:80).
    expect(link).toMatch(/^http:\/\/localhost\/-\/verify-email\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    const [stored] = await t.database.db.select().from(accountTokens);
    expect(stored).toMatchObject({ purpose: 'verify-email', userId: mike.userId, emailId: entry.id, used: null });
    expect(stored!.tokenHash).not.toContain(token);

    const redeemed = await call('POST', '/accounts/verify-email', { payload: { token } });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toEqual({ email: 'mike@example.org' });
    const [verified] = (await call('GET', emails, { cookie: mike.cookie })).json();
    expect(verified).toMatchObject({ id: entry.id, verified: true });
    expect(Date.parse(verified.verifiedTimestamp)).not.toBeNaN();
    expect((await call('POST', '/accounts/verify-email', { payload: { token } })).json()).toMatchObject({ statusCode: 410, message: MAIL_MESSAGES.linkUsed });
    expect((await call('POST', '/accounts/verify-email', { payload: { token: 'no-such-token' } })).json()).toMatchObject({ statusCode: 404, message: MAIL_MESSAGES.linkInvalid });
    expect((await call('POST', `${emails}/${entry.id}/verify`, { cookie: mike.cookie })).json()).toMatchObject({ statusCode: 409, message: MAIL_MESSAGES.alreadyVerified });

    // An administrator deletes one of mike's addresses; mike deletes the other.
    const second = (await call('POST', emails, { cookie: admin, payload: { email: 'mike@lab.example.org' } })).json();
    expect((await call('DELETE', `${emails}/${second.id}`, { cookie: admin })).statusCode).toBe(200);
    expect((await call('DELETE', `${emails}/${entry.id}`, { cookie: mike.cookie })).statusCode).toBe(200);
    expect((await call('GET', emails, { cookie: mike.cookie })).json()).toEqual([]);
    expect((await call('DELETE', `${emails}/${entry.id}`, { cookie: mike.cookie })).json().message).toBe(MAIL_MESSAGES.emailNotFound);
  });

  it('cannot be verified while mail is not configured (503 with the reason)', async () => {
    t = await createTestApp();
    admin = await setupAdmin(t.app);
    const mike = await addUser(t.app, admin, 'mike');
    const { id } = (await call('POST', `/accounts/users/${mike.userId}/emails`, { cookie: mike.cookie, payload: { email: 'mike@example.org' } })).json();
    const refused = await call('POST', `/accounts/users/${mike.userId}/emails/${id}/verify`, { cookie: mike.cookie });
    expect(refused.json()).toMatchObject({ statusCode: 503, message: MAIL_MESSAGES.mailNotConfigured });
    expect((await call('POST', '/accounts/forgot-password', { payload: { email: 'mike@example.org' } })).statusCode).toBe(503);
    expect((await call('POST', '/accounts/forgot-password', { payload: { email: 'nobody@example.org' } })).statusCode).toBe(503);
  });
});

describe('forgot password and set password (spec 1 §2.5)', () => {
  it('mails a one-time link to a verified address; the new password signs in, the old one and every device no more', async () => {
    await appWithMail();
    const mike = await addUser(t.app, admin, 'mike');
    await verifiedAddress(mike, 'mike@example.org');

    const known = await call('POST', '/accounts/forgot-password', { payload: { email: 'MIKE@example.org' }, host: 'evil.example' });
    const unknown = await call('POST', '/accounts/forgot-password', { payload: { email: 'nobody@example.org' } });
    // The same answer whether or not the address is known.
    expect([known.statusCode, known.body]).toEqual([200, '{"ok":true}']);
    expect([unknown.statusCode, unknown.body]).toEqual([200, '{"ok":true}']);

    const mail = await smtp.nextMail('mike@example.org');
    expect(mail.subject).toBe('Corridor: set a new password');
    expect(mail.text).toContain('expires in 1 hour');
    const link = linkIn(mail, '/-/set-password/');
    // An anonymous request's Host header does not choose the link's site: the administrator's origin does.
    expect(link.startsWith('http://localhost/-/set-password/')).toBe(true);
    expect(smtp.received.some((m) => m.to.includes('nobody@example.org'))).toBe(false);

    const token = tokenOf(link);
    expect((await call('POST', '/accounts/set-password', { payload: { token, password: 'short' } })).json()).toMatchObject({ statusCode: 400, message: MAIL_MESSAGES.passwordTooShort });
    const set = await call('POST', '/accounts/set-password', { payload: { token, password: 'new-password' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ username: 'mike' });
    expect((await login('mike', 'new-password')).statusCode).toBe(200);
    expect((await login('mike', 'password-1')).json().message).toBe(LOGIN_FAILED);
    expect((await call('GET', '/accounts/validate', { cookie: mike.cookie })).statusCode).toBe(401);
    // Single use.
    expect((await call('POST', '/accounts/set-password', { payload: { token, password: 'third-password' } })).json()).toMatchObject({ statusCode: 410, message: MAIL_MESSAGES.linkUsed });
  });

  it('refuses an expired link, and a verification link as a password link', async () => {
    await appWithMail();
    const mike = await addUser(t.app, admin, 'mike');
    await verifiedAddress(mike, 'mike@example.org');
    await call('POST', '/accounts/forgot-password', { payload: { email: 'mike@example.org' } });
    const token = tokenOf(linkIn(await smtp.nextMail('mike@example.org'), '/-/set-password/'));
    // An hour and a bit later.
    await t.database.db.update(accountTokens).set({ expires: new Date(Date.now() - 60_000) }).where(eq(accountTokens.purpose, 'set-password'));
    expect((await call('POST', '/accounts/set-password', { payload: { token, password: 'new-password' } })).json()).toMatchObject({ statusCode: 410, message: MAIL_MESSAGES.linkExpired });
    expect((await login('mike', 'password-1')).statusCode).toBe(200);

    const { id } = (await call('POST', `/accounts/users/${mike.userId}/emails`, { cookie: mike.cookie, payload: { email: 'mike2@example.org' } })).json();
    await call('POST', `/accounts/users/${mike.userId}/emails/${id}/verify`, { cookie: mike.cookie });
    const verifyToken = tokenOf(linkIn(await smtp.nextMail('mike2@example.org'), '/-/verify-email/'));
    expect((await call('POST', '/accounts/set-password', { payload: { token: verifyToken, password: 'new-password' } })).statusCode).toBe(404);
  });

  it('is limited per address and per client (429 with Retry-After), for known and unknown addresses alike', async () => {
    await appWithMail();
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await call('POST', '/accounts/forgot-password', { payload: { email: 'target@example.org' }, ip })).statusCode).toBe(200);
    }
    const perAddress = await call('POST', '/accounts/forgot-password', { payload: { email: 'Target@example.org' }, ip: '10.0.0.4' });
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json().message).toBe(MAIL_MESSAGES.tooManyRequests);
    expect(Number(perAddress.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/accounts/forgot-password', { payload: { email: `n${i}@example.org` }, ip: '10.0.0.9' })).statusCode).toBe(200);
    }
    expect((await call('POST', '/accounts/forgot-password', { payload: { email: 'n20@example.org' }, ip: '10.0.0.9' })).statusCode).toBe(429);
    expect((await call('POST', '/accounts/forgot-password', { payload: { email: 'n20@example.org' }, ip: '10.0.0.10' })).statusCode).toBe(200);
  });
});

describe('sign-up mails a link to set the password (spec 1 §2.5)', () => {
  const signup = (username: string, email: string) => call('POST', '/accounts/signup', { payload: { username, email } });

  /** Opens the sign-up mail's link and sets the password; answers the mail. */
  async function setPasswordFromMail(email: string, password = 'my-password') {
    const mail = await smtp.nextMail(email);
    const set = await call('POST', '/accounts/set-password', { payload: { token: tokenOf(linkIn(mail, '/-/set-password/')), password } });
    expect(set.statusCode).toBe(200);
    return mail;
  }

  it('lets the new user sign in once the password is set; the address counts as verified; PUBLIC_URL starts the link', async () => {
    await appWithMail({ PUBLIC_URL: 'https://corridor.example.org' });
    await call('PUT', '/corridor/features', { cookie: admin, payload: { accountsSignup: true } });
    expect((await signup('carol', 'carol@example.org')).json()).toEqual({ ok: true, invalidUsername: false, invalidEmail: false, awaitingAuthorization: false, mailSent: true });
    expect((await login('carol', 'anything')).statusCode).toBe(401);

    const mail = await smtp.nextMail('carol@example.org');
    expect(mail.subject).toBe('Corridor: set your password');
    const link = linkIn(mail, '/-/set-password/');
    expect(link.startsWith('https://corridor.example.org/-/set-password/')).toBe(true);
    expect(mail.text).toContain('expires in 7 days');
    expect((await call('POST', '/accounts/set-password', { payload: { token: tokenOf(link), password: 'carols-password' } })).json()).toEqual({ username: 'carol' });
    const carol = await signIn(t.app, 'carol', 'carols-password');
    expect((await call('GET', `/accounts/users/${carol.userId}/emails`, { cookie: carol.cookie })).json()).toMatchObject([{ email: 'carol@example.org', verified: true }]);
  });

  it('keeps to the sign-up domains, and with authorization required blocks sign-in until an administrator activates', async () => {
    await appWithMail();
    await call('PUT', '/corridor/features', { cookie: admin, payload: { accountsSignup: true, accountsRequireAuthorization: true } });
    await call('PUT', '/corridor/settings', { cookie: admin, payload: { accountsSignupDomains: 'example.org, lab.example.org', accountsAutoAuthDomains: 'lab.example.org' } });

    expect((await signup('ada', 'ada@other.net')).json()).toEqual({ ok: false, invalidUsername: false, invalidEmail: true });
    expect((await signup('ada', 'ada@sub.example.org')).json()).toMatchObject({ ok: false, invalidEmail: true });

    // Not an auto-authorized domain: the account waits for an administrator, though its password can be set.
    expect((await signup('bob', 'bob@example.org')).json()).toMatchObject({ ok: true, awaitingAuthorization: true, mailSent: true });
    const mail = await setPasswordFromMail('bob@example.org', 'bobs-password');
    expect(mail.text).toContain('An administrator still has to activate your account');
    expect((await login('bob', 'bobs-password')).json().message).toBe(LOGIN_FAILED);
    const bob = await t.database.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.username, 'bob') });
    expect(bob?.state).toBe('blocked');
    const activated = await call('POST', '/accounts/users/batch', { cookie: admin, payload: { users: [bob!.id], action: 'setUserState', payload: { state: 'active' } } });
    expect(activated.statusCode).toBe(200);
    expect((await login('bob', 'bobs-password')).statusCode).toBe(200);

    // An auto-authorized domain signs in as soon as the password is set.
    expect((await signup('cy', 'cy@lab.example.org')).json()).toMatchObject({ ok: true, awaitingAuthorization: false, mailSent: true });
    const cyMail = await setPasswordFromMail('cy@lab.example.org', 'cys-password');
    expect(cyMail.text).not.toContain('activate');
    expect((await login('cy', 'cys-password')).statusCode).toBe(200);
  });
});
