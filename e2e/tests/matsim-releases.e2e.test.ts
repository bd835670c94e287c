/**
 * MATSim releases (issue 24): the setup wizard's failed download offers Retry and Skip instead of "Setup failed";
 * Settings > MATSim Releases uploads a release zip for an offline installation and lists it, downloads by version
 * with progress, and refuses to delete a release a job template uses.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { zipBytes } from '../../packages/contract/test/zip-bytes.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { openPage, wizardToLicencePanel } from '../support/session.ts';

/** A tiny zip shaped like MATSim's release zips: matsim-{version}/matsim-{version}.jar and its libs folder. */
const fakeRelease = (version: string) =>
  zipBytes([
    { name: `matsim-${version}/matsim-${version}.jar`, content: 'not really a jar' },
    { name: `matsim-${version}/libs/guice-7.0.0.jar`, content: 'not really a library' },
  ]);

/** MATSim's download site, switched off (as without internet) or on. */
let online = false;
let releases: Server;
let urlTemplate: string;
let browser: Browser;

beforeAll(async () => {
  releases = createServer((req, res) => {
    const [, version, file] = (req.url ?? '').split('/');
    if (!online) return res.writeHead(503).end('offline');
    if (file === 'matsim.zip' && version) {
      const body = fakeRelease(version);
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length });
      return res.end(body);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => releases.listen(0, '127.0.0.1', resolve));
  urlTemplate = `http://127.0.0.1:${(releases.address() as AddressInfo).port}/{version}/matsim.zip`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => releases.close(() => resolve()));
});

/** The wizard up to Set up Corridor with the community licence and the engine download chosen. */
async function setUpWithDownload(page: Page, username: string) {
  await wizardToLicencePanel(page, username);
  await page.getByText('Free community licence').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Download the MATSim engine now').check();
  await page.getByRole('button', { name: 'Set up Corridor' }).click();
}

describe('the setup wizard without internet', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { MATSIM_RELEASE_URL: urlTemplate } });
  });
  afterAll(() => server?.stop());

  test('a failed download says setup itself succeeded and offers Retry, which works once online', async () => {
    online = false;
    const { page } = await openPage(browser, server.url);
    await setUpWithDownload(page, 'offline');

    await page.getByRole('heading', { name: 'MATSim download failed' }).waitFor();
    await page.getByText('Corridor itself is set up: the administrator account and the licence are in place.').waitFor();
    await page.getByText('Could not download MATSim 2025.0: the download server answered HTTP 503', { exact: false }).waitFor();
    expect(await page.getByText('Setup failed').count()).toBe(0);
    expect(await page.getByText('Delete the data directory').count()).toBe(0);

    online = true;
    await page.getByRole('button', { name: 'Retry download' }).click();
    await page.getByRole('heading', { name: 'Setup complete' }).waitFor();
    expect(existsSync(join(server.dataDir, 'engines', 'matsim-2025.0.zip'))).toBe(true);
  });
});

describe('Settings > MATSim Releases', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { MATSIM_RELEASE_URL: urlTemplate } });
  });
  afterAll(() => server?.stop());

  test('after Skip, a release zip is uploaded with progress and listed; download by version; a used release is not deleted', async () => {
    online = false;
    const { page } = await openPage(browser, server.url);
    await setUpWithDownload(page, 'skipper');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('heading', { name: 'Setup complete' }).waitFor();
    await page.getByText('MATSim was not downloaded.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Go to Corridor' }).click();
    await page.getByRole('heading', { name: 'Hello, skipper!' }).waitFor();

    // The settings home links the page.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'MATSim Releases' }).click();
    await page.getByRole('heading', { name: 'MATSim Releases', level: 2 }).waitFor();
    const row = (version: string) => page.locator(`tr[data-version="${version}"]`);
    await row('2024.0').getByText('Not on the server').waitFor();
    // The default Standard MATSim template uses 2025.0.
    await row('2025.0').getByRole('link', { name: 'Standard MATSim Controller' }).waitFor();

    // Something that is not a release is refused with what was expected.
    const notes = join(server.dataDir, 'notes.zip');
    writeFileSync(notes, zipBytes([{ name: 'notes.txt', content: 'hello' }]));
    await page.locator('input[type=file]').setInputFiles(notes);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('notes.zip was not added: notes.zip is not a MATSim release', { exact: false }).waitFor();

    // The offline installation uploads the 2024.0 release zip; it is listed with its size.
    const zip = join(server.dataDir, 'matsim-2024.0-release.zip');
    writeFileSync(zip, fakeRelease('2024.0'));
    await page.locator('input[type=file]').setInputFiles(zip);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('MATSim 2024.0 (', { exact: false }).waitFor();
    await row('2024.0').getByText('On the server').waitFor();
    await row('2024.0').getByText(`${fakeRelease('2024.0').length} B`).waitFor();
    expect(existsSync(join(server.dataDir, 'engines', 'matsim-2024.0.zip'))).toBe(true);

    // Online again: 2025.0 is downloaded by version from the page.
    online = true;
    await page.getByRole('button', { name: 'Download MATSim 2025.0' }).click();
    await row('2025.0').getByText('On the server').waitFor();

    // 2025.0 is used by the Standard MATSim template: Delete says so and keeps it; 2024.0 is unused and goes.
    await page.getByRole('button', { name: 'Delete MATSim 2025.0' }).click();
    await page.getByText('MATSim 2025.0 is used by the job template "Standard MATSim Controller".', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Delete MATSim 2024.0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete MATSim 2024.0' });
    await dialog.getByLabel('Yes, delete this release').check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('MATSim 2024.0 was deleted.').waitFor();
    await row('2024.0').getByText('Not on the server').waitFor();
    expect(existsSync(join(server.dataDir, 'engines', 'matsim-2025.0.zip'))).toBe(true);
  });
});
