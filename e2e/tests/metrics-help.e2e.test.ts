/**
 * Monitoring in the browser (spec 3 §2.17, §2.18): the Metrics Dashboard draws a sampled series and keeps a preset
 * across a reload (overwrite warning included); System Information shows the version and the database; the help
 * page's four documentation links open pages served by this server, with no request leaving it.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { setupAdmin, signIn } from '../support/session.ts';

const ADMIN = { username: 'mary', password: 'somerville-1' };
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Samples every second instead of every minute, so that the dashboard has values at once.
  [server, browser] = await Promise.all([startServer({ env: { METRICS_SAMPLE_MS: '1000' } }), launchBrowser()]);
  await setupAdmin(server.url, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in context that records every request going anywhere but this server. */
async function adminContext(): Promise<{ context: BrowserContext; external: string[] }> {
  const context = await browser.newContext({ baseURL: server.url });
  const external: string[] = [];
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (!['data:', 'blob:'].includes(protocol) && hostname !== '127.0.0.1' && hostname !== 'localhost') external.push(request.url());
  });
  await signIn(await context.newPage(), ADMIN.username, ADMIN.password);
  return { context, external };
}

describe('monitoring pages', () => {
  test('the metrics dashboard draws a chosen series and keeps a saved preset across a reload', async () => {
    const { context, external } = await adminContext();
    const page = await context.newPage();
    await page.goto('/admin/metrics');
    await page.getByRole('heading', { name: 'Metrics Dashboard' }).waitFor();
    await expect.poll(() => page.getByLabel('Time range').inputValue(), { timeout: 15_000 }).toBe('Last 6 hours');
    await page.getByText('Choose one or more data series to draw.').waitFor();

    // The server samples its meters every second here; the page lists what was sampled when it loaded.
    await expect
      .poll(() => page.evaluate(async () => (await (await fetch('/api/v1/metrics/meters')).text()).includes('"corridor_job_queue_length"')), { timeout: 20_000 })
      .toBe(true);
    await page.reload();
    // Nothing to save before a series is chosen.
    await page.getByLabel('Preset name').fill('Empty');
    expect(await page.getByRole('button', { name: 'Save preset' }).isDisabled()).toBe(true);
    const picker = page.getByRole('combobox', { name: 'Data series' });
    await picker.click();
    await picker.fill('corridor_job_queue_length');
    await page.getByRole('option', { name: 'corridor_job_queue_length' }).click();
    await page.keyboard.press('Escape');

    const figure = page.getByRole('figure', { name: 'Metrics chart' });
    await figure.locator('canvas').first().waitFor();
    // ECharts' own description of what it drew names the series.
    await expect.poll(() => figure.locator('[aria-label*="corridor_job_queue_length"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.getByLabel('Time range').click();
    await page.getByRole('option', { name: 'Last hour' }).click();
    await page.getByLabel('Preset name').fill('Queue watch');
    await page.getByRole('button', { name: 'Save preset' }).click();
    await page.getByRole('status').filter({ hasText: 'Preset "Queue watch" saved.' }).waitFor();

    await page.reload();
    const presets = page.getByRole('table', { name: 'Presets' });
    await presets.getByRole('cell', { name: 'Queue watch', exact: true }).waitFor();
    await presets.getByText('Last hour, 1 series').waitFor();

    // Loading it brings back the series and the time range after the reload.
    await page.getByRole('button', { name: 'Load preset Queue watch' }).click();
    await expect.poll(() => page.getByLabel('Time range').inputValue(), { timeout: 15_000 }).toBe('Last hour');
    await expect.poll(() => figure.locator('[aria-label*="corridor_job_queue_length"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The same name again (any case): a warning first, then the preset is replaced.
    await page.getByLabel('Time range').click();
    await page.getByRole('option', { name: 'Last 6 hours' }).click();
    await page.getByLabel('Preset name').fill('queue watch');
    await page.getByRole('button', { name: 'Save preset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Overwrite preset?' });
    await dialog.getByText('A preset named "Queue watch" already exists. Saving replaces it.').waitFor();
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await page.getByRole('status').filter({ hasText: 'Preset "queue watch" saved.' }).waitFor();
    await presets.getByRole('cell', { name: 'queue watch', exact: true }).waitFor();
    await presets.getByText('Last 6 hours, 1 series').waitFor();
    expect(await presets.getByRole('row').count()).toBe(1);

    // A preset deleted elsewhere meanwhile: a red message, and it leaves the list.
    const [saved] = await page.evaluate(async () => (await (await fetch('/api/v1/metrics/charts')).json()) as { id: number }[]);
    expect(await page.evaluate(async (id) => (await fetch(`/api/v1/metrics/charts/${id}`, { method: 'DELETE' })).status, saved!.id)).toBe(200);
    await page.getByRole('button', { name: 'Delete preset queue watch' }).click();
    await page.getByRole('alert').filter({ hasText: 'Preset "queue watch" could not be deleted: The preset could not be found.' }).waitFor();
    await page.getByText('No presets saved yet.').waitFor();

    await page.getByLabel('Preset name').fill('Spare');
    await page.getByRole('button', { name: 'Save preset' }).click();
    await page.getByRole('button', { name: 'Delete preset Spare' }).click();
    await page.getByText('No presets saved yet.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(external).toEqual([]);
    await context.close();
  });

  test('System Information shows the version and the database', async () => {
    const { context } = await adminContext();
    const page = await context.newPage();
    await page.goto('/settings/sysinfo');
    const server = page.getByRole('region', { name: 'Server' });
    await server.getByRole('row', { name: /^Version \d+\.\d+\.\d+/ }).waitFor();
    await page.getByRole('region', { name: 'Database' }).getByRole('row', { name: 'Kind PGlite (embedded)' }).waitFor();
    await page.getByRole('region', { name: 'Storage' }).getByRole('row', { name: /^Used by Corridor \d/ }).waitFor();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await server.waitFor();
    await context.close();
  });

  test("the help page's four documentation links open pages served by this server", async () => {
    const { context, external } = await adminContext();
    const page = await context.newPage();
    await page.goto('/help');
    await page.getByText(/^Version \d+\.\d+\.\d+/).waitFor();
    await page.getByText(/^Built on /).waitFor();
    // No file server: no SFTP or WebDAV block.
    expect(await page.getByText(/SFTP|WebDAV/).count()).toBe(0);

    const opens: [string, string, (tab: import('playwright-core').Page) => Promise<unknown>][] = [
      ['API documentation (Swagger UI)', '/docs', (tab) => tab.locator('.swagger-ui .info .title', { hasText: 'Corridor API' }).waitFor()],
      ['API reference (ReDoc)', '/redoc', (tab) => tab.locator('#redoc h1', { hasText: 'Corridor API' }).waitFor({ timeout: 20_000 })],
      ['Swagger UI', '/swagger', (tab) => tab.locator('.swagger-ui .info', { hasText: 'Corridor API' }).getByRole('link', { name: /\/swagger\/json$/ }).waitFor()],
      ['OpenAPI document (JSON)', '/swagger-docs', async (tab) => expect(JSON.parse((await tab.locator('body').textContent()) ?? '')).toMatchObject({ info: { title: 'Corridor API' } })],
    ];
    for (const [name, href, check] of opens) {
      const link = page.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      await check(tab);
      expect(new URL(tab.url()).pathname.startsWith(href)).toBe(true);
      await tab.close();
    }
    expect(external).toEqual([]);
    await context.close();
  });
});
