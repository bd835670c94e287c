/**
 * Mail end to end (issue 16): the SMTP settings page's Test Connection against a real SMTP server (success and a
 * refused password), then Save; an address added in the profile verified through the link of the mail it receives;
 * forgot password → the mailed link → a new password → sign in with it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'grace', password: 'hopper-42' });
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

describe('mail', () => {
  test('SMTP settings: Test Connection succeeds, fails with the server text for a wrong password, then Save Settings', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'grace', 'hopper-42');
    await page.goto('/settings/smtp');
    // Spec 3 §9: port 465 with SSL and authentication on by default.
    await expect.poll(() => page.getByLabel('Port').inputValue()).toBe('465');
    expect(await page.getByLabel('Use SSL').isChecked()).toBe(true);
    expect(await page.getByLabel('Use authentication').isChecked()).toBe(true);

    await page.getByLabel('Sender address').fill('corridor@example.org');
    await page.getByLabel('SMTP server').fill('127.0.0.1');
    await page.getByLabel('User name').fill(smtp.user);
    await page.getByLabel('Password', { exact: true }).fill(smtp.password);
    await page.getByLabel('Use SSL').uncheck();
    await page.getByLabel('Port').fill(String(smtp.port));
    await page.getByLabel('Test recipient').fill('ops@example.org');
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByText("We've sent a test message to the specified address.").waitFor();
    expect((await smtp.nextMail('ops@example.org')).subject).toBe('Corridor: test message');

    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByText('We could not send a test message.').waitFor();
    await page.getByText(/535.*Invalid username or password/).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(smtp.password);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved').waitFor();
    // After a reload the password is not shown, only that one is stored.
    await page.reload();
    await expect.poll(() => page.getByLabel('SMTP server').inputValue()).toBe('127.0.0.1');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('placeholder')).toContain('A password is stored');
  });

  test('an address added in the profile is verified by opening the link of its mail', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'grace', 'hopper-42');
    await page.goto('/profile/emails');
    await page.getByLabel('New email address').fill('grace@example.org');
    await page.getByRole('button', { name: 'Add' }).click();
    const row = page.getByRole('row', { name: /grace@example\.org/ });
    await row.getByRole('button', { name: 'Verify now!' }).click();
    await page.getByText('We have sent an email to the address to verify it.').waitFor();

    const link = linkIn(await smtp.nextMail('grace@example.org'), '/-/verify-email/');
    expect(link.startsWith(`${env.server.url}/-/verify-email/`)).toBe(true);
    await page.goto(link);
    await page.getByText('The address grace@example.org is verified.').waitFor();
    await page.getByRole('link', { name: 'Go to my email addresses' }).click();
    await row.waitFor();
    // Validated shows a date instead of the link.
    expect(await row.getByRole('button', { name: 'Verify now!' }).count()).toBe(0);
    expect(await row.textContent()).toMatch(/\d{4}|\d{1,2}\/\d{1,2}/);

    // The link works once.
    await page.goto(link);
    await page.getByText('This link has been used already.').waitFor();
  });

  test('forgot password mails a link; the new password signs in', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/-/forgot-password');
    await page.getByLabel('Email address').fill('grace@example.org');
    await page.getByRole('button', { name: 'Send Link' }).click();
    await page.getByText('Check your mailbox').waitFor();

    const link = linkIn(await smtp.nextMail('grace@example.org'), '/-/set-password/');
    await page.goto(link);
    await page.getByLabel('New password').fill('new-secret-7');
    await page.getByLabel('Repeat the password').fill('other-secret');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('The two passwords do not match.').waitFor();
    await page.getByLabel('Repeat the password').fill('new-secret-7');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('You can now sign in as grace with the new password.').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL('**/login');
    await signIn(page, 'grace', 'new-secret-7');
  });
});
