// The visualizer in real Chromium with software WebGL (issue 15): a finished demo run as data source, play and see
// the clock advance and the vehicles move (the map's pixels change between frames), colour the links by link
// volume, download the PNG (it has drawn pixels), reload the address and get the same view (sources, time, camera,
// colouring). Neither uncaught errors nor console.error messages may occur.
import type { DataSourceOptions } from '@corridor/contract';
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { API, createDemoScenario, json, scheduleDemoRun, waitForRunTables } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'visualizer-1' });
const RUN_TIMEOUT_MS = 180_000;

/** The map's pixels now (a screenshot of the map area). */
const mapPixels = (page: Page) => page.getByTestId('visualizer-map').screenshot();

/** Pixels of a PNG that differ from its most common colour (the background), counted in the page. */
async function drawnPixels(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const background = Math.max(...counts.values());
    return data.length / 4 - background;
  }, png.toString('base64'));
}

describe('visualizer', () => {
  test('plays a finished run, colours links by link volume, downloads a PNG and reopens the same view', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 1500, height: 950 });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ada', 'visualizer-1');
    // From here on (before signing in, the session probe's 401 logs a harmless "Failed to load resource").
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`);
    });
    const scenario = await createDemoScenario(page, 'ada', 'vis-city', 'Vis City');
    const runId = await scheduleDemoRun(page, scenario, { name: 'Vis Run', matsimRunId: 'vis-run', programArgs: '--config:controller.lastIteration=0' });
    await waitForRunTables(page, runId, RUN_TIMEOUT_MS);
    const options = async () => json<DataSourceOptions>(await page.request.get(`${API}/datasets/analysis/${runId}/options`));
    await expect.poll(async () => (await options()).vehicleData.status, { timeout: 120_000, interval: 1000 }).toBe('READY');
    const { vehicleData } = await options();
    // Start where vehicles drive: a few minutes after the first event.
    const start = Math.floor((vehicleData.firstEventTime ?? 0) + 300);

    await page.goto(`/ada/visualizer?t=${start}`);
    await page.getByRole('heading', { name: 'Visualizer' }).waitFor();
    const map = page.getByTestId('visualizer-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    // Full screen: the page takes the whole screen and gives it back.
    await page.getByRole('button', { name: 'Full screen' }).click();
    expect(await page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('[data-testid="visualizer-map"]')))).toBe(true);
    await page.getByRole('button', { name: 'Leave full screen' }).click();
    await page.getByRole('button', { name: 'Full screen' }).waitFor();

    // Add the run as data source: it is named after its position and the run, with its vehicle data ready.
    await page.getByRole('combobox', { name: 'Add data source' }).click();
    await page.getByRole('option', { name: 'Vis Run' }).click();
    await page.getByText('Data Source 1 – Vis Run').waitFor();
    await page.getByTestId('vehicle-data-status').and(page.locator('[data-status="READY"]')).waitFor({ timeout: 30_000 });
    const layers = page.getByRole('list', { name: 'Layers' });
    await layers.getByText('Network (Data Source 1)').waitFor();
    await layers.getByText('Vehicles (Data Source 1)').waitFor();
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(async () => Number(await map.getAttribute('data-vehicles-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);

    // Play at the default 30×: the clock advances and the picture changes between frames.
    expect(await page.getByRole('combobox', { name: 'Speed' }).inputValue()).toBe('30×');
    const clock = page.getByTestId('visualizer-clock');
    const before = await clock.textContent();
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).not.toBe(before);
    const first = await mapPixels(page);
    await page.waitForTimeout(1500);
    const second = await mapPixels(page);
    expect(first.equals(second)).toBe(false);
    await page.getByRole('button', { name: 'Stop' }).click();
    const stoppedAt = await clock.textContent();

    // Colour the links by link volume: the Link Volumes section appears and the lines change colour.
    await layers.getByText('Network (Data Source 1)').click();
    const settings = page.getByRole('region', { name: 'Layer settings' });
    const uncoloured = await mapPixels(page);
    await settings.getByRole('combobox', { name: 'Property' }).first().click();
    await page.getByRole('option', { name: 'link-volume' }).click();
    await settings.getByRole('region', { name: 'Link Volumes' }).waitFor();
    await expect.poll(async () => (await mapPixels(page)).equals(uncoloured), { timeout: 20_000 }).toBe(false);

    // Download PNG: a PNG with drawn pixels (network and vehicles over the background).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const file = await (await download).path();
    const png = await readFile(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await drawnPixels(page, png)).toBeGreaterThan(500);

    // The address holds the view: reloading shows the same sources, layers, time, camera and link volume colouring.
    await page.waitForTimeout(1200);
    const url = page.url();
    expect(url).toContain('link-volume');
    const camera = new URL(url).searchParams.get('c');
    expect(camera).toBeTruthy();
    await page.goto(url);
    await page.getByText('Data Source 1 – Vis Run').waitFor();
    await layers.getByText('Network (Data Source 1)').waitFor();
    await layers.getByText('Vehicles (Data Source 1)').waitFor();
    expect(await clock.textContent()).toBe(stoppedAt);
    await settings.getByRole('region', { name: 'Link Volumes' }).waitFor();
    expect(await settings.getByRole('combobox', { name: 'Property' }).first().inputValue()).toBe('link-volume');
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    // The map opens where it was: the camera it shows is the one the address brought (and the address keeps it).
    await expect.poll(() => map.getAttribute('data-camera'), { timeout: 10_000 }).toBe(camera);
    await page.waitForTimeout(1200);
    expect(new URL(page.url()).searchParams.get('c')).toBe(camera);

    // A link naming a data source the view does not have shows the spec's error.
    const broken = new URL(url);
    broken.searchParams.set('v', JSON.stringify({ s: [], l: [{ type: 'network', id: 'l1', visible: true, dataSource: 's9' }], a: null, n: 2 }));
    await page.goto(broken.pathname + broken.search);
    await page.getByRole('alert').getByText('Cannot find data source with id: s9').waitFor();
    expect(pageErrors).toEqual([]);
  }, RUN_TIMEOUT_MS + 240_000);
});
