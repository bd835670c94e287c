import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openPage, setupAdmin, signIn } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await setupAdmin(server.url, 'grace', 'hopper-42');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A runner connecting with a token through the runner protocol, as `npx corridor-runner` does. */
async function connectRunner(token: string, name: string): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/jobs/runner/connect`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      capabilities: ['engine', 'java21'],
      totalResources: { cpuCores: 8, ramInGb: 32 },
      availableResources: { cpuCores: 6, ramInGb: 24.5 },
    }),
  });
  if (!res.ok) throw new Error(`connect failed: ${res.status} ${await res.text()}`);
}

const row = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

describe('settings: runners and job templates', () => {
  test('an admin adds a runner token, sees its runner connect, reads how to start one and deletes the token', async () => {
    const { page } = await openPage(browser, server.url);
    await signIn(page, 'grace', 'hopper-42');

    // Settings home: the admin sees all four cards.
    await page.goto('/settings');
    for (const card of ['User Management', 'Jobs & Runners', 'Other', 'Monitoring']) await page.getByRole('heading', { name: card }).waitFor();
    await page.getByRole('link', { name: 'Runners' }).click();
    await page.waitForURL('**/settings/runners');
    await page.getByRole('heading', { name: 'Runners', level: 2 }).waitFor();

    // The embedded runner the server starts: its token is marked and cannot be deleted, its runner is connected.
    const embedded = row(page, 'Runner tokens', 'Embedded runner');
    await embedded.getByText('embedded', { exact: true }).waitFor();
    expect(await embedded.getByRole('button').count()).toBe(0);
    await row(page, 'Active runners', 'Embedded runner').waitFor({ timeout: 20_000 });

    // The add row: the IPv4 placeholder is the browser's host, a bad range is refused with the server text.
    const add = page.getByRole('form', { name: 'Add a runner token' });
    expect(await add.getByLabel('IPv4 range').getAttribute('placeholder')).toBe('127.0.0.1/8');
    expect(await add.getByLabel('IPv6 range').getAttribute('placeholder')).toBe('::1/128');
    await add.getByLabel('Description').fill('Lab machine');
    await add.getByLabel('IPv4 range').fill('not a range');
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('alert').filter({ hasText: 'Runner could not be added.' }).waitFor();

    await add.getByLabel('IPv4 range').fill('127.0.0.1/32');
    await add.getByRole('button', { name: 'Add' }).click();
    const tokenRow = row(page, 'Runner tokens', 'Lab machine');
    await tokenRow.waitFor();
    expect(await add.getByLabel('Description').inputValue()).toBe('');
    const token = (await tokenRow.locator('code').textContent()) ?? '';
    expect(token.length).toBeGreaterThan(20);
    await expect.poll(() => tokenRow.getByRole('cell').nth(4).textContent()).toBe('0');

    // A runner connects with the token: it is listed with its resources (the page refreshes every 10 s).
    await connectRunner(token, 'lab-runner-1');
    const runnerRow = row(page, 'Active runners', 'lab-runner-1');
    await runnerRow.waitFor({ timeout: 15_000 });
    expect(await runnerRow.textContent()).toContain('engine, java21');
    expect(await runnerRow.getByRole('cell').nth(3).textContent()).toBe('6 / 8');
    expect(await runnerRow.getByRole('cell').nth(4).textContent()).toBe('24.5 / 32');
    expect(await tokenRow.getByRole('cell').nth(4).textContent()).toBe('1');

    // "Download runner" explains how to start a runner against this server with the token.
    await page.getByRole('button', { name: 'Download runner' }).click();
    const panel = page.getByRole('dialog', { name: 'Run a runner' });
    await panel.getByText(`npx corridor-runner --server ${server.url} --token ${token}`).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Delete: a confirmation dialog with the checkbox; the token and its runner are gone.
    await tokenRow.getByRole('button', { name: 'Delete runner token Lab machine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Runner Token' });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Yes, I want to delete this runner token.').check();
    await confirm.click();
    await tokenRow.waitFor({ state: 'detached' });
    await runnerRow.waitFor({ state: 'detached' });
  });

  test('an admin creates a job template, makes it the default, and deletes it', async () => {
    const { page } = await openPage(browser, server.url);
    await signIn(page, 'grace', 'hopper-42');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Job Templates' }).click();
    await page.waitForURL('**/settings/job-templates');
    const builtIn = row(page, 'Job Templates', 'Built-in engine');
    await builtIn.getByText('Default', { exact: true }).waitFor();

    // A new template: the name is required; picking a command template fills the command.
    await page.getByRole('link', { name: 'Add a Job Template' }).click();
    await page.waitForURL('**/settings/job-templates/new');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Please enter a name for the job template').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Nightly engine');
    await page.getByRole('textbox', { name: 'Description' }).fill('The engine for nightly runs');
    await page.getByRole('combobox', { name: 'Command template' }).click();
    await page.getByRole('option', { name: 'Built-in engine' }).click();
    expect(await page.getByRole('textbox', { name: 'Job command' }).inputValue()).toBe('$ENGINE $CONFIG $ARGS');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(/\/settings\/job-templates\/\d+$/);
    const saved = page.getByRole('button', { name: 'Saved ✔' });
    await saved.waitFor();
    expect(await saved.isDisabled()).toBe(true);

    // Editing shows Save; a wildcard in the command is refused before anything is sent.
    await page.getByRole('textbox', { name: 'Job command' }).fill('$ENGINE $CONFIG *.xml');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Wildcards are not supported in the job command.').waitFor();
    await page.getByRole('textbox', { name: 'Job command' }).fill('$ENGINE $CONFIG $ARGS');
    await saved.waitFor();

    // Set as Default moves the Default label.
    await page.getByRole('link', { name: 'Job Templates' }).click();
    const nightly = row(page, 'Job Templates', 'Nightly engine');
    await nightly.getByText('The engine for nightly runs').waitFor();
    await nightly.getByRole('button', { name: 'Set Nightly engine as default' }).click();
    await nightly.getByText('Default', { exact: true }).waitFor();
    await builtIn.getByRole('button', { name: 'Set Built-in engine as default' }).waitFor();
    await page.reload();
    await nightly.getByText('Default', { exact: true }).waitFor();

    // Back to the built-in engine, then delete the new template with its confirmation.
    await builtIn.getByRole('button', { name: 'Set Built-in engine as default' }).click();
    await builtIn.getByText('Default', { exact: true }).waitFor();
    await nightly.getByRole('link', { name: 'Nightly engine' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Job Template' });
    await dialog.getByLabel('Yes, I want to delete this job template.').check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/settings/job-templates');
    await builtIn.waitFor();
    await nightly.waitFor({ state: 'detached' });
  });
});
