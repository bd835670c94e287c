import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { issueVendorLicence } from '../support/licence-keys.ts';
import { startReleaseServer, type ReleaseServer } from '../support/release-server.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openPage } from '../support/session.ts';

let server: RunningServer;
let releases: ReleaseServer;
let browser: Browser;
const vendor = issueVendorLicence('Jane Doe', 'ACME Mobility');

beforeAll(async () => {
  releases = await startReleaseServer();
  [server, browser] = await Promise.all([
    startServer({ env: { LICENSE_PUBLIC_KEY: vendor.publicKeyPath, MATSIM_RELEASE_URL: releases.urlTemplate } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await releases?.close();
});

describe('setup with a licence file and the engine download', () => {
  test('the file is checked, stored, and MATSim lands in DATA_DIR/engines', async () => {
    const { page } = await openPage(browser, server.url);
    await page.goto('/setup');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Username').fill('lin');
    await page.getByLabel('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabel('Repeat password').fill('s3cret-pass');
    await page.getByRole('button', { name: 'Next' }).click();

    // A licence file is checked as soon as it is chosen and shown as a card.
    await page.getByText('Licence file', { exact: true }).first().click();
    await page.locator('input[type=file]').setInputFiles(vendor.licenceFile);
    await page.getByText('ACME Mobility').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Download 2024.0 with progress.
    await page.getByLabel('Download the MATSim engine now').check();
    await page.getByLabel('Engine version').click();
    await page.getByRole('option', { name: '2024.0' }).click();
    await page.getByRole('button', { name: 'Set up Corridor' }).click();
    await page.getByRole('heading', { name: 'Setup complete' }).waitFor();

    const downloaded = readFileSync(join(server.dataDir, 'engines', 'matsim-2024.0.zip'));
    expect(downloaded.equals(releases.body)).toBe(true);

    const licences = await page.evaluate(async () => (await fetch('/api/v1/corridor/licenses')).json());
    expect(licences).toHaveLength(1);
    expect(licences[0]).toMatchObject({ name: 'Jane Doe', organisation: 'ACME Mobility', features: { commercial: true } });
  });
});
