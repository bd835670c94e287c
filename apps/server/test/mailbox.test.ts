/**
 * Issue 23 finding 9, through HTTP with the real SMTP test server: an address is exactly one plain mailbox wherever
 * one is taken (profile and administrators' e-mail addresses, forgot password, sign-up, the SMTP sender and test
 * recipient); a list, a display name or a quoted local part is refused with 400, nothing is stored and nothing sent;
 * the mailer delivers to exactly the stored string, and refuses one stored before the rule.
 */
import { MAIL_MESSAGES } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { emails as emailRows } from '../src/db/schema.ts';
import { appWithMail, deliveredSince, mailServerPerTest, messageOf, settle, verifiedAddress, type MailApp } from './mail-fixtures.ts';
import type { TestSmtpServer } from './smtp-server.ts';
import { addUser } from './workspace-helpers.ts';

const HOSTILE = ['bcc,victim@x.example', '<victim@x.example>', '"victim"@x.example', 'Me <me@example.org>', 'me@example.org;victim@x.example'];

let smtp: TestSmtpServer;
let app: MailApp;
mailServerPerTest((server) => (smtp = server), () => app);

/** Everything delivered so far (envelope recipients), once a mail sent last has arrived. */
async function deliveredAfterAll(): Promise<string[]> {
  await settle(app, smtp);
  return deliveredSince(smtp);
}

async function refused(response: Promise<{ statusCode: number; json(): unknown }>, message: string = MAIL_MESSAGES.invalidEmail): Promise<void> {
  const answer = await response;
  expect([answer.statusCode, (answer.json() as { message?: string }).message]).toEqual([400, message]);
}

describe('one plain mailbox wherever an address is taken', () => {
  it.each(HOSTILE)('%s is refused with 400 everywhere, nothing stored and nothing sent', async (address) => {
    app = await appWithMail(smtp);
    const mike = await addUser(app.t.app, app.admin.cookie, 'mike');
    const emails = `/accounts/users/${mike.userId}/emails`;
    await app.call(app.admin, 'PUT', '/corridor/features', { accountsSignup: true });

    await refused(app.call(mike, 'POST', emails, { email: address }));
    await refused(app.call(app.admin, 'POST', emails, { email: address }));
    await refused(app.call(null, 'POST', '/accounts/forgot-password', { email: address }));
    const signup = await app.call(null, 'POST', '/accounts/signup', { username: 'eve', email: address });
    expect([signup.statusCode, signup.json()]).toEqual([400, { ok: false, invalidUsername: false, invalidEmail: true }]);
    await refused(app.call(app.admin, 'POST', '/corridor/testsmtp', { email: address, settings: {} }));
    await refused(app.call(app.admin, 'POST', '/corridor/testsmtp', { email: 'ops@example.org', settings: { emailSenderAddress: address } }), MAIL_MESSAGES.invalidSender);
    await refused(app.call(app.admin, 'PUT', '/corridor/settings', { emailSenderAddress: address }), MAIL_MESSAGES.invalidSender);

    expect(await app.t.database.db.select().from(emailRows)).toEqual([]);
    expect((await app.call(app.admin, 'GET', '/accounts/users?search=eve')).json()).toMatchObject({ users: [] });
    expect((await app.call(app.admin, 'GET', '/corridor/settings')).json()).toMatchObject({ emailSenderAddress: 'corridor@example.org' });
    expect(await deliveredAfterAll()).toEqual([]);
  });

  it('delivers to exactly the stored address; one stored before the rule is refused, not delivered elsewhere', async () => {
    app = await appWithMail(smtp);
    const mike = await addUser(app.t.app, app.admin.cookie, 'mike');
    const emails = `/accounts/users/${mike.userId}/emails`;
    await verifiedAddress(app, smtp, mike, "o'brien+tag@example.org");
    expect(smtp.received.map((mail) => mail.rcptTo)).toEqual([["o'brien+tag@example.org"]]);

    // A row from before the rule: "Verify now!" answers 400 and mails no one.
    const [legacy] = await app.t.database.db.insert(emailRows).values({ userId: mike.userId, email: 'bcc,victim@x.example' }).returning();
    const verify = await app.call(mike, 'POST', `${emails}/${legacy!.id}/verify`);
    expect([verify.statusCode, messageOf(verify)]).toEqual([400, MAIL_MESSAGES.invalidEmail]);
    expect(await deliveredAfterAll()).toEqual(["o'brien+tag@example.org"]);
  });
});
