// The visualizer in real Chromium with software WebGL (issue 15): a finished demo run as data source, play and see
// the clock advance and the vehicles move (the map's pixels change between frames), colour the links by link
// volume, download the PNG (it has drawn pixels), reload the address and get the same view (sources, time, camera,
// colouring). Neither uncaught errors nor console.error messages may occur.
import type { DataSourceOptions } from '@corridor/contract';
import type { Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { API, byTag, createDemoScenario, json, scheduleDemoRun, waitForRunTables } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'visualizer-1' });
const RUN_TIMEOUT_MS = 180_000;
/** newwest's network: the only output of the run without events. */
const NETWORK = fileURLToPath(new URL('../../../shared/data/output-newwest-2024/output_network.xml.gz', import.meta.url));
/** More than the embedded runner has, so only the runner this test plays can claim the job. */
const HUGE = { cpuCores: 512, ramInGb: 65_536 };

/**
 * A finished run whose outputs have no events file, made as the server tests make it: this test plays a runner
 * through the runner protocol (register, connect, claim, started, outputs, finish) on the demo scenario.
 */
async function finishedRunWithoutEvents(page: Page, scenario: Awaited<ReturnType<typeof createDemoScenario>>, name: string): Promise<number> {
  const { token } = await json<{ token: string }>(await page.request.post(`${API}/jobs/runners`, { data: { description: 'played', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' } }));
  const runner: Record<string, string> = { authorization: `Bearer ${token}` };
  const hello = { name: 'played', capabilities: ['engine'], totalResources: HUGE, availableResources: HUGE, jobs: [] };
  runner['x-runner-id'] = (await json<{ runnerId: string }>(await page.request.post(`${API}/jobs/runner/connect`, { data: hello, headers: runner }))).runnerId;
  const { id: jobId, datasetId } = await json<{ id: number; datasetId: number }>(
    await page.request.post(`${API}/jobs/jobs`, {
      data: {
        type: 'matsim',
        name,
        group: scenario.groupId,
        files: (['config', 'network', 'population'] as const).map((role) => ({ file: byTag(scenario.files, `${role}_v`).id, name: byTag(scenario.files, `${role}_v`).name, role })),
        scenarioId: scenario.id,
        description: '',
        changesets: [],
        memory: '1g',
        programArgs: '',
        matsimRunId: 'no-events',
        resourceRequirements: HUGE,
      },
    }),
  );
  const claim = await json<{ job: { jobId: number } | null }>(
    await page.request.post(`${API}/jobs/runner/claim`, { data: { claimId: `claim-${Date.now()}`, availableResources: HUGE }, headers: runner }),
  );
  expect(claim.job?.jobId).toBe(jobId);
  const ok = async (response: Awaited<ReturnType<Page['request']['post']>>) => expect(response.ok(), `${response.url()}: ${response.status()}`).toBe(true);
  await ok(await page.request.post(`${API}/jobs/runner/jobs/${jobId}/started`, { headers: runner }));
  const network = await readFile(NETWORK);
  await ok(await page.request.post(`${API}/jobs/runner/jobs/${jobId}/outputs?path=output_network.xml.gz`, { data: network, headers: { ...runner, 'content-type': 'application/octet-stream' } }));
  await ok(await page.request.post(`${API}/jobs/runner/jobs/${jobId}/finish`, { data: { status: 'FINISHED', exitCode: 0 }, headers: runner }));
  return datasetId;
}

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

/** The PNG's part right of the map canvas: its width, pixels unlike its background, distinct colours there. */
async function legendArea(page: Page, png: Buffer, mapWidth: number): Promise<{ width: number; ink: number; colours: number }> {
  return page.evaluate(
    async ({ base64, from }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const width = image.width - from;
      if (width <= 0) return { width, ink: 0, colours: 0 };
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(from, 0, width, image.height);
      const counts = new Map<number, number>();
      for (let i = 0; i < data.length; i += 4) {
        const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const colours = [...counts.values()].filter((count) => count >= 20).length;
      return { width, ink: data.length / 4 - Math.max(...counts.values()), colours };
    },
    { base64: png.toString('base64'), from: mapWidth },
  );
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
    await page.getByRole('option', { name: 'link-volume', exact: true }).click();
    await settings.getByRole('region', { name: 'Link Volumes' }).waitFor();
    await expect.poll(async () => (await mapPixels(page)).equals(uncoloured), { timeout: 20_000 }).toBe(false);

    // A filter on the analysis (mode != car): the server is asked with it, and no link has cars, so the colours change.
    const volumes = settings.getByRole('region', { name: 'Link Volumes' });
    const byVolume = await mapPixels(page);
    const filtered = page.waitForRequest((request) => request.url().endsWith(`/analysis/${runId}/link-volume`) && (request.postData() ?? '').includes('"filters"'));
    await volumes.getByRole('button', { name: 'Add filter' }).click();
    await volumes.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: '!=', exact: true }).click();
    await volumes.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: 'car', exact: true }).click();
    expect(JSON.parse((await filtered).postData()!).filters).toEqual([{ name: 'mode', operator: '!=', value: 'car' }]);
    await expect.poll(async () => (await mapPixels(page)).equals(byVolume), { timeout: 20_000 }).toBe(false);
    await volumes.getByRole('button', { name: 'Remove filter' }).click();

    // Download PNG: a PNG with drawn pixels (network and vehicles over the background).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const file = await (await download).path();
    const png = await readFile(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await drawnPixels(page, png)).toBeGreaterThan(500);
    // The PNG carries a legend beside the map (issue 25): wider than the map's canvas, and the legend strip has ink
    // (the run's name, the time and the link volume colours) on its plain background.
    const canvasWidth = await page.evaluate(() => document.querySelector<HTMLCanvasElement>('[data-testid="visualizer-map"] canvas')!.width);
    const legend = await legendArea(page, png, canvasWidth);
    expect(legend.width).toBeGreaterThan(100);
    expect(legend.ink).toBeGreaterThan(2000);
    expect(legend.colours).toBeGreaterThan(5);

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

    // A second finished run without events: as a data source it says "No vehicle data." — a state, not an error.
    const emptyRunId = await finishedRunWithoutEvents(page, scenario, 'Quiet Run');
    const emptyOptions = async () => {
      const response = await page.request.get(`${API}/datasets/analysis/${emptyRunId}/options`);
      return response.ok() ? ((await response.json()) as DataSourceOptions).vehicleData.status : `HTTP ${response.status()}`;
    };
    await expect.poll(emptyOptions, { timeout: 60_000, interval: 1000 }).toBe('NONE');
    await page.reload();
    await page.getByRole('combobox', { name: 'Add data source' }).click();
    await page.getByRole('option', { name: 'Quiet Run' }).click();
    await page.getByText('Data Source 2 – Quiet Run').waitFor();
    const none = page.getByTestId('vehicle-data-status').and(page.locator('[data-status="NONE"]'));
    await none.waitFor({ timeout: 30_000 });
    expect(await none.textContent()).toBe('No vehicle data.');
    expect(await page.getByTestId('vehicle-data-status').and(page.locator('[data-status="FAILED"]')).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);

    // A link naming a data source the view does not have shows the spec's error.
    const broken = new URL(url);
    broken.searchParams.set('v', JSON.stringify({ s: [], l: [{ type: 'network', id: 'l1', visible: true, dataSource: 's9' }], a: null, n: 2 }));
    await page.goto(broken.pathname + broken.search);
    await page.getByRole('alert').getByText('Cannot find data source with id: s9').waitFor();

    // Leaving while it plays (issue 25): the Runs page shows, and its address keeps none of the visualizer's query —
    // neither at once nor after the visualizer's writers would have written again.
    await page.goto(url);
    await page.getByText('Data Source 1 – Vis Run').waitFor();
    await expect.poll(async () => Number(await map.getAttribute('data-vehicles-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Play' }).click();
    const playing = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 10_000 }).not.toBe(playing);
    await page.waitForTimeout(1500);
    const leaving = Date.now();
    await page.getByRole('navigation').getByRole('link', { name: 'Runs' }).click();
    await page.getByRole('heading', { name: 'Runs', exact: true }).waitFor({ timeout: 10_000 });
    console.log(`left the playing visualizer for Runs in ${Date.now() - leaving} ms`);
    await page.getByText('Vis Run').first().waitFor();
    const runsUrl = new URL(page.url());
    expect(runsUrl.pathname).toBe('/ada/runs');
    expect(runsUrl.search).toBe('');
    await page.waitForTimeout(2000);
    expect(new URL(page.url()).pathname).toBe('/ada/runs');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByTestId('visualizer-map').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, RUN_TIMEOUT_MS + 240_000);
});
