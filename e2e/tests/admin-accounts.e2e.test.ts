/**
 * Administration (issue 16, spec 3 §2.10, §2.11, §2.15): an administrator adds and blocks a user who is signed in in
 * another browser (that session ends on its next call), changes the registration settings, adds a member in the
 * groups dialog (the team's own settings page shows it), adds and removes a licence, and saves the server import settings.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { issueVendorLicence } from '../support/licence-keys.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openPage, setupAdmin, signIn } from '../support/session.ts';

const ADMIN = { username: 'ada', password: 'lovelace-42' };
const vendor = issueVendorLicence('Jane Doe', 'ACME Mobility');
let server: RunningServer;
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ env: { LICENSE_PUBLIC_KEY: vendor.publicKeyPath } }), launchBrowser()]);
  await setupAdmin(server.url, ADMIN.username, ADMIN.password);
  admin = (await openPage(browser, server.url)).page;
  await signIn(admin, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  vendor.remove();
});

const userRow = (page: Page, name: string) => page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: name });

describe('administration', () => {
  test('an administrator adds a user, blocks them while they are signed in elsewhere, and activates them again', async () => {
    await admin.goto('/settings/accounts');
    const add = admin.getByRole('form', { name: 'Add a user' });
    await add.getByLabel('Username').fill('linus');
    await add.getByLabel('Password', { exact: true }).fill('torvalds-1');
    await add.getByRole('button', { name: 'Add User' }).click();
    await admin.getByText('The user linus was added.').waitFor();
    await userRow(admin, 'linus').getByText('active').waitFor();

    const linus = (await openPage(browser, server.url)).page;
    await signIn(linus, 'linus', 'torvalds-1');

    await userRow(admin, 'linus').getByRole('checkbox', { name: 'Select linus' }).check();
    await admin.getByRole('button', { name: 'Block', exact: true }).click();
    await userRow(admin, 'linus').getByText('blocked').waitFor();

    // Linus's next call is refused and the app signs him out.
    await linus.getByRole('navigation').getByRole('link', { name: 'Runs', exact: true }).click();
    await linus.waitForURL('**/login');
    await linus.getByRole('button', { name: 'Sign In' }).waitFor();

    await userRow(admin, 'linus').getByRole('checkbox', { name: 'Select linus' }).check();
    await admin.getByRole('button', { name: 'Activate' }).click();
    await userRow(admin, 'linus').getByText('active').waitFor();
    // Active again, he signs in and is back where his session ended.
    await linus.getByLabel('Username').fill('linus');
    await linus.getByLabel('Password', { exact: true }).fill('torvalds-1');
    await linus.getByRole('button', { name: 'Sign In' }).click();
    await linus.waitForURL('**/linus/runs');
  });

  test('the registration settings are saved only after a change, and the mail warning links to the mail settings', async () => {
    await admin.goto('/settings/accounts');
    const form = admin.getByRole('form', { name: 'Registration' });
    const save = form.getByRole('button', { name: 'Save' });
    await admin.getByRole('link', { name: 'Configure the mail server' }).waitFor();
    await admin.getByText('Email-Settings are not configured.').waitFor();
    await save.and(admin.locator('[disabled]')).waitFor();

    await form.getByLabel('Allow users to sign up').check();
    await form.getByLabel('Allowed e-mail domains for sign-up').fill('example.org');
    await form.getByLabel('Offer language selection (English/German)').uncheck();
    await save.and(admin.locator(':not([disabled])')).waitFor();
    await save.click();
    await form.getByText('Settings saved').waitFor();
    await save.and(admin.locator('[disabled]')).waitFor();

    await admin.reload();
    await form.getByLabel('Allow users to sign up').and(admin.locator(':checked')).waitFor();
    await form.getByLabel('Allowed e-mail domains for sign-up').and(admin.locator('[value="example.org"]')).waitFor();
    await form.getByLabel('Offer language selection (English/German)').and(admin.locator(':not(:checked)')).waitFor();

    // The administrator's own row has no password form: the profile's form asks for the old password.
    await admin.getByRole('button', { name: 'Details of ada' }).click();
    const dialog = admin.getByRole('dialog', { name: 'User ada' });
    await dialog.getByRole('tab', { name: 'Password' }).click();
    await dialog.getByRole('link', { name: 'your profile' }).click();
    await admin.waitForURL('**/profile/security');
  });

  test('the groups dialog adds a member and makes them owner; the team settings page shows the same', async () => {
    await admin.goto('/settings/groups');
    await admin.getByLabel('Group name').fill('mobility-lab');
    await admin.getByRole('button', { name: 'Add Group' }).click();
    await admin.getByRole('button', { name: 'Edit mobility-lab' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Group mobility-lab' });
    await dialog.getByRole('tab', { name: 'Users' }).click();
    await dialog.getByLabel('Username').fill('linus');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByRole('button', { name: 'Make linus owner' }).click();
    await dialog.getByRole('button', { name: 'Make linus member' }).waitFor();
    await admin.keyboard.press('Escape');
    await admin.getByRole('table', { name: 'Groups' }).getByRole('row').filter({ hasText: 'mobility-lab' }).getByText('2', { exact: true }).waitFor();

    await admin.goto('/mobility-lab/settings/members');
    await admin.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: 'linus' }).getByText('Owner', { exact: false }).waitFor();
  });

  test('a licence key is checked, added, shown with its holder, and removed', async () => {
    await admin.goto('/settings/licenses');
    await admin.getByText('No licences are stored.').waitFor();
    const key = admin.getByLabel('Licence key');
    await key.fill('abc ');
    await admin.getByRole('button', { name: 'Check Licence Key' }).click();
    await admin.getByText('A licence key has at least 5 characters.').waitFor();

    await key.fill(`  ${vendor.key}\n`);
    await admin.getByRole('button', { name: 'Check Licence Key' }).click();
    await admin.getByRole('button', { name: 'Add Licence' }).click();
    await admin.getByText('The licence was added.').waitFor();
    await admin.getByText('ACME Mobility').waitFor();
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await admin.getByText('The licence is valid.').waitFor();

    await admin.getByRole('button', { name: 'Remove' }).click();
    await admin.getByText('No licences are stored.').waitFor();
  });

  test('the server import settings save the root directory, then enable the feature', async () => {
    const runs = await mkdtemp(path.join(tmpdir(), 'corridor-e2e-runs-'));
    await admin.goto('/settings/server-import');
    await admin.getByText('Potential Security Risk').waitFor();
    await admin.getByLabel("Enable importing Runs from the server's file system").check();
    // A folder that does not exist is refused with the reason (issue 26).
    await admin.getByLabel('Root Directory for Runs on Server').fill(`${runs}-missing`);
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await admin.getByRole('alert').getByText(`The folder ${runs}-missing does not exist on the server.`).waitFor();
    await admin.getByLabel('Root Directory for Runs on Server').fill(runs);
    await admin.getByRole('button', { name: 'Save Settings' }).click();
    await admin.getByRole('button', { name: 'Settings saved' }).waitFor();
    const features = await admin.evaluate(async () => (await fetch('/api/v1/corridor/features/enabled')).json());
    if (features.runImportFromServer !== true) throw new Error(`runImportFromServer is ${features.runImportFromServer}`);
    await admin.reload();
    await admin.getByLabel('Root Directory for Runs on Server').and(admin.locator(`[value="${runs}"]`)).waitFor();
    await admin.getByLabel("Enable importing Runs from the server's file system").and(admin.locator(':checked')).waitFor();
    await rm(runs, { recursive: true, force: true });
  });
});
