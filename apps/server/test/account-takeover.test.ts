/**
 * Issue 23 finding 1, through HTTP with mails read from the real SMTP test server: an API key cannot take over its
 * account, nor an administrator's key anyone's. A key cannot add, verify or delete e-mail addresses nor change mail
 * settings; a password set through a reset link or changed ends the user's other sessions and deletes their API
 * keys; the user's verified addresses are told when an address is added or the password changes.
 */
import { PROFILE_MESSAGES } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './harness.ts';
import {
  apiKeyOf,
  appWithMail,
  deliveredSince,
  mailServerPerTest,
  messageOf,
  settle,
  verifiedAddress,
  type Caller,
  type MailApp,
  type Method,
} from './mail-fixtures.ts';
import { linkIn, tokenOf, type TestSmtpServer } from './smtp-server.ts';
import { addUser, signIn, type Session } from './workspace-helpers.ts';

let smtp: TestSmtpServer;
let app: MailApp;
mailServerPerTest((server) => (smtp = server), () => app);

const emails = (user: Session) => `/accounts/users/${user.userId}/emails`;
const validate = (caller: Caller) => app.call(caller, 'GET', '/accounts/validate');
const login = (username: string, password: string) => app.call(null, 'POST', '/accounts/login', { username, password });

/** 403 with the profile's "not with an API key" message. */
async function refusedForKey(caller: Caller, method: Method, url: string, payload?: object): Promise<void> {
  const response = await app.call(caller, method, url, payload);
  expect([response.statusCode, messageOf(response)], `${method} ${url}`).toEqual([403, PROFILE_MESSAGES.notWithApiKey]);
}

describe('the takeover chain with only user B\'s API key', () => {
  it('stops at its first step: the key cannot add an address; nothing is mailed to the thief and B keeps the account', async () => {
    app = await appWithMail(smtp);
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    await verifiedAddress(app, smtp, bob, 'bob@example.org');
    const key = await apiKeyOf(app, bob);
    const before = smtp.received.length;

    // 1. An address the attacker reads, added with the key.
    await refusedForKey(key, 'POST', emails(bob), { email: 'thief@evil.example' });
    expect((await app.call(bob, 'GET', emails(bob))).json()).toMatchObject([{ email: 'bob@example.org', verified: true }]);
    // 2. Even an unverified address B added himself cannot be mailed a link, nor an address deleted, with the key.
    const { id } = (await app.call(bob, 'POST', emails(bob), { email: 'bob@lab.example.org' })).json();
    await refusedForKey(key, 'POST', `${emails(bob)}/${id}/verify`);
    await refusedForKey(key, 'DELETE', `${emails(bob)}/${id}`);
    // 3. Forgot password for the thief's address mails nothing; 4. B is still signed in with his password.
    expect((await app.call(null, 'POST', '/accounts/forgot-password', { email: 'thief@evil.example' })).statusCode).toBe(200);
    await settle(app, smtp);
    expect(deliveredSince(smtp, before)).not.toContain('thief@evil.example');
    expect((await validate(bob)).statusCode).toBe(200);
    expect((await login('bob', 'password-1')).statusCode).toBe(200);
  });

  it("an administrator's key cannot add, verify or delete another user's addresses; an administrator's session can", async () => {
    app = await appWithMail(smtp);
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    const adminKey = await apiKeyOf(app, await signIn(app.t.app, ADMIN.username, ADMIN.password));

    await refusedForKey(adminKey, 'POST', emails(bob), { email: 'thief@evil.example' });
    const { id } = (await app.call(app.admin, 'POST', emails(bob), { email: 'bob@example.org' })).json();
    await refusedForKey(adminKey, 'POST', `${emails(bob)}/${id}/verify`);
    await refusedForKey(adminKey, 'DELETE', `${emails(bob)}/${id}`);
    // The key may still read them.
    expect((await app.call(adminKey, 'GET', emails(bob))).json()).toMatchObject([{ id, email: 'bob@example.org', verified: false }]);

    expect((await app.call(app.admin, 'POST', `${emails(bob)}/${id}/verify`)).statusCode).toBe(200);
    expect(linkIn(await smtp.nextMail('bob@example.org'), '/-/verify-email/')).toContain('/-/verify-email/');
    expect((await app.call(app.admin, 'DELETE', `${emails(bob)}/${id}`)).statusCode).toBe(200);
  });

  it("an administrator's key cannot change the mail settings or send the SMTP test, nor choose the mailed links' site", async () => {
    app = await appWithMail(smtp);
    const adminKey = await apiKeyOf(app, await signIn(app.t.app, ADMIN.username, ADMIN.password));
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    await verifiedAddress(app, smtp, bob, 'bob@example.org');

    for (const change of [{ emailSmtpServer: 'smtp.evil.example' }, { emailSenderAddress: 'thief@evil.example' }, { emailSmtpPort: 2525 }, { emailSmtpAuthPW: 'x' }]) {
      await refusedForKey(adminKey, 'PUT', '/corridor/settings', change);
    }
    await refusedForKey(adminKey, 'POST', '/corridor/testsmtp', { email: 'thief@evil.example', settings: { emailSmtpServer: 'smtp.evil.example' } });
    expect((await app.call(app.admin, 'GET', '/corridor/settings')).json()).toMatchObject({ emailSmtpServer: '127.0.0.1', emailSenderAddress: 'corridor@example.org' });

    // Other settings it may change, but its request's Host does not become the site of links mailed to others.
    const changed = await app.t.app.inject({
      method: 'PUT',
      url: '/api/v1/corridor/settings',
      headers: { authorization: `Bearer ${adminKey.key}`, host: 'evil.example' },
      payload: { accountsAutoAuthDomains: '' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await app.call(null, 'POST', '/accounts/forgot-password', { email: 'bob@example.org' })).statusCode).toBe(200);
    expect(linkIn(await smtp.nextMail('bob@example.org'), '/-/set-password/').startsWith('http://localhost/-/set-password/')).toBe(true);
  });
});

describe('a new password ends the other sessions and deletes the API keys', () => {
  it('set through a reset link: every session and key of the user gets 401', async () => {
    app = await appWithMail(smtp);
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    await verifiedAddress(app, smtp, bob, 'bob@example.org');
    const key = await apiKeyOf(app, bob);
    expect((await validate(key)).statusCode).toBe(200);

    expect((await app.call(null, 'POST', '/accounts/forgot-password', { email: 'bob@example.org' })).statusCode).toBe(200);
    const token = tokenOf(linkIn(await smtp.nextMail('bob@example.org'), '/-/set-password/'));
    expect((await app.call(null, 'POST', '/accounts/set-password', { token, password: 'recovered-1' })).statusCode).toBe(200);

    expect((await validate(bob)).statusCode).toBe(401);
    expect((await validate(key)).statusCode).toBe(401);
    const after = await signIn(app.t.app, 'bob', 'recovered-1');
    expect((await app.call(after, 'GET', `/accounts/users/${bob.userId}/apikeys`)).json()).toEqual([]);
  });

  it('changed by the user: the changing session stays, the other sessions and every key get 401', async () => {
    app = await appWithMail(smtp);
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    const phone = await signIn(app.t.app, 'bob', 'password-1');
    const key = await apiKeyOf(app, bob);

    const changed = await app.call(bob, 'POST', `/accounts/users/${bob.userId}/password`, { oldPW: 'password-1', newPW: 'changed-1' });
    expect(changed.statusCode).toBe(200);
    expect((await validate(bob)).statusCode).toBe(200);
    expect((await validate(phone)).statusCode).toBe(401);
    expect((await validate(key)).statusCode).toBe(401);
    expect((await app.call(bob, 'GET', `/accounts/users/${bob.userId}/apikeys`)).json()).toEqual([]);
  });

  it("overwritten by an administrator's session: all of the user's sessions and keys get 401; a key cannot overwrite", async () => {
    app = await appWithMail(smtp);
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    const key = await apiKeyOf(app, bob);
    const adminKey = await apiKeyOf(app, await signIn(app.t.app, ADMIN.username, ADMIN.password));

    await refusedForKey(adminKey, 'POST', `/accounts/users/${bob.userId}/password`, { newPW: 'taken-over' });
    expect((await validate(key)).statusCode).toBe(200);
    expect((await app.call(app.admin, 'POST', `/accounts/users/${bob.userId}/password`, { newPW: 'overwritten' })).statusCode).toBe(200);
    expect((await validate(bob)).statusCode).toBe(401);
    expect((await validate(key)).statusCode).toBe(401);
    // The administrator's own session and key are untouched.
    expect((await validate(app.admin)).statusCode).toBe(200);
    expect((await validate(adminKey)).statusCode).toBe(200);
  });
});

describe("notices to the user's verified addresses", () => {
  it('an added address is announced to the addresses verified before, not to itself nor to unverified ones', async () => {
    app = await appWithMail(smtp);
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    await verifiedAddress(app, smtp, bob, 'bob@example.org');
    await verifiedAddress(app, smtp, bob, 'bob@home.example.org');
    await app.call(bob, 'POST', emails(bob), { email: 'bob-unverified@example.org' });
    // Adding the second and third addresses told the ones verified by then; those notices are not this test's. They are
    // awaited by name: background mails may arrive in any order, also after a later sentinel.
    for (const to of ['bob@example.org', 'bob@example.org', 'bob@home.example.org']) await smtp.nextMail(to);
    smtp.skipReceived();
    const before = smtp.received.length;

    expect((await app.call(app.admin, 'POST', emails(bob), { email: 'bob@new.example.org' })).statusCode).toBe(200);
    const notice = await smtp.nextMail('bob@example.org');
    expect(notice.subject).toBe('Corridor: an email address was added to your account');
    expect(notice.text).toContain('"bob"');
    expect(notice.text).toContain('bob@new.example.org');
    await smtp.nextMail('bob@home.example.org');
    await settle(app, smtp);
    expect(deliveredSince(smtp, before).sort()).toEqual(['bob@example.org', 'bob@home.example.org']);
  });

  it('a changed password is announced to the verified addresses, whoever changed it and however', async () => {
    app = await appWithMail(smtp);
    const bob = await addUser(app.t.app, app.admin.cookie, 'bob');
    await verifiedAddress(app, smtp, bob, 'bob@example.org');
    await app.call(bob, 'POST', emails(bob), { email: 'bob-unverified@example.org' });
    // The notice of that address (background mails may arrive after a later sentinel, so it is awaited by name).
    expect((await smtp.nextMail('bob@example.org')).subject).toBe('Corridor: an email address was added to your account');
    smtp.skipReceived();
    const before = smtp.received.length;

    expect((await app.call(bob, 'POST', `/accounts/users/${bob.userId}/password`, { oldPW: 'password-1', newPW: 'changed-1' })).statusCode).toBe(200);
    const own = await smtp.nextMail('bob@example.org');
    expect(own.subject).toBe('Corridor: your password was changed');
    expect(own.text).toContain('"bob"');

    expect((await app.call(app.admin, 'POST', `/accounts/users/${bob.userId}/password`, { newPW: 'overwritten' })).statusCode).toBe(200);
    expect((await smtp.nextMail('bob@example.org')).text).toContain('an administrator');

    expect((await app.call(null, 'POST', '/accounts/forgot-password', { email: 'bob@example.org' })).statusCode).toBe(200);
    const token = tokenOf(linkIn(await smtp.nextMail('bob@example.org'), '/-/set-password/'));
    expect((await app.call(null, 'POST', '/accounts/set-password', { token, password: 'recovered-1' })).statusCode).toBe(200);
    expect((await smtp.nextMail('bob@example.org')).subject).toBe('Corridor: your password was changed');

    await settle(app, smtp);
    expect(deliveredSince(smtp, before)).toEqual(['bob@example.org', 'bob@example.org', 'bob@example.org', 'bob@example.org']);
  });
});
