import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { issueVendorLicence } from '../support/licence-keys.ts';
import { startReleaseServer, type ReleaseServer } from '../support/release-server.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openPage, wizardToLicencePanel } from '../support/session.ts';

let browser: Browser;
let releases: ReleaseServer;
const vendor = issueVendorLicence('Jane Doe', 'ACME Mobility');

beforeAll(async () => {
  [browser, releases] = await Promise.all([launchBrowser(), startReleaseServer()]);
});
afterAll(async () => {
  await browser?.close();
  await releases?.close();
  vendor.remove();
});

/** Panels 1–2, leaving the wizard on the licence panel. */
async function toLicencePanel(page: Page, username: string) {
  await wizardToLicencePanel(page, username);
  await page.getByText('Licence file', { exact: true }).first().click();
}

/** Chooses the vendor licence file, waits for its card and goes on to the engine panel. */
async function useVendorLicenceFile(page: Page) {
  await page.locator('input[type=file]').setInputFiles(vendor.licenceFile);
  await page.getByText('ACME Mobility').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
}

describe('setup with a licence file and the engine download', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { LICENSE_PUBLIC_KEY: vendor.publicKeyPath, MATSIM_RELEASE_URL: releases.urlTemplate } });
  });
  afterAll(() => server?.stop());

  test('a broken file is refused, a good one stored, and MATSim lands in DATA_DIR/engines', async () => {
    const { page } = await openPage(browser, server.url);
    await toLicencePanel(page, 'lin');

    // A file that is not a licence gets the spec's message; the wizard does not go on.
    const broken = join(server.dataDir, 'broken.license');
    writeFileSync(broken, 'this is not a licence');
    await page.locator('input[type=file]').setInputFiles(broken);
    await page.getByText('There was an error with the licence file.').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('You need to have a valid licence in order to continue.').waitFor();

    // The real file is checked as soon as it is chosen and shown as a card.
    await useVendorLicenceFile(page);

    // Download 2024.0, not the default version.
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
