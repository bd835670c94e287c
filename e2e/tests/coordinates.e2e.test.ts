// Coordinates (issue 24) in real Chromium: berlin-medium's files (network in Gauss-Krüger metres, config with
// global.coordinateSystem = GK4) uploaded into a scenario without a CRS — the scenario says where its CRS came
// from, the map editor and the visualizer open over Berlin; a wrong CRS shows the clear "do not fit" state with a
// link to where the CRS is set, never the router's error page.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, json } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'coordinates-1' });
const data = (file: string) => fileURLToPath(new URL(`../../../shared/data/${file}`, import.meta.url));
const CONFIG = data('berlin-medium/config.xml');
const NETWORK = data('berlin-medium/network.xml.gz');
const NOT_FIT = "These coordinates do not fit EPSG:4326 — choose the scenario's coordinate system.";

/** The camera the address holds (`?c=lat,lng,zoom`). */
function cameraOf(page: Page): { lat: number; lng: number } | null {
  const value = new URL(page.url()).searchParams.get('c');
  if (!value) return null;
  const [lat, lng] = value.split(',').map(Number);
  return { lat: lat!, lng: lng! };
}

const inBerlin = (camera: { lat: number; lng: number } | null) => !!camera && camera.lat > 52.2 && camera.lat < 52.8 && camera.lng > 13 && camera.lng < 13.8;

/** Neither the router's developer page nor an uncaught error. */
async function noErrorPage(page: Page) {
  expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
  expect(await page.getByText('Hey developer').count()).toBe(0);
}

async function chooseCrs(page: Page, query: string, option: RegExp) {
  await page.getByLabel('Coordinate reference system').fill(query);
  await page.getByRole('option', { name: option }).click();
}

describe('coordinates', () => {
  test('a GK4 scenario from files opens over Berlin in the map editor and the visualizer; a wrong CRS shows the clear state', { timeout: 300_000 }, async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ada', 'coordinates-1');
    const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'ada' } }));
    const { id: scenarioId } = await json<{ id: number }>(
      await page.request.post(`${API}/datasets/datasets`, { data: { groupId, key: 'berlin', name: 'Berlin', type: 'scenario', template: 'empty' } }),
    );

    // Upload the network and the config on the scenario page: the CRS is detected from the config and set.
    await page.goto('/ada/berlin');
    await page.getByTestId('scenario-crs').getByText('none').waitFor();
    await page.locator('input[type=file]').setInputFiles([NETWORK, CONFIG]);
    await page.getByTestId('scenario-crs').getByText('EPSG:31468 – DHDN / 3-degree Gauss-Kruger zone 4').waitFor({ timeout: 30_000 });
    await page.getByText('Detected from config.xml (global.coordinateSystem = GK4) and set, as the scenario had none.').waitFor();

    // The map editor opens over Berlin (the camera written to the address after a small pan).
    const processed = async () => (await json<{ attributes: { networkPostProcessingJob?: { status: string } } }>(await page.request.get(`${API}/datasets/datasets/${scenarioId}`))).attributes.networkPostProcessingJob?.status;
    await expect.poll(processed, { timeout: 90_000, interval: 500 }).toBe('FINISHED');
    await page.goto('/ada/berlin/editor');
    const map = page.getByTestId('editor-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 + 10, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => inBerlin(cameraOf(page)), { timeout: 10_000 }).toBe(true);

    // A run imported from the same files, without a CRS: output_config.xml gives it GK4; the visualizer fits Berlin.
    const { id: runId } = await json<{ id: number }>(await page.request.post(`${API}/datasets/datasets`, { data: { groupId, name: 'Berlin Run', description: '', type: 'run', attributes: {} } }));
    for (const [name, file] of [['output_config.xml', CONFIG], ['output_network.xml.gz', NETWORK]] as const) {
      const { files } = await json<{ files: { id: number }[] }>(await page.request.post(`${API}/datasets/files`, { multipart: { 'files[]': { name, mimeType: 'application/octet-stream', buffer: readFileSync(file) } } }));
      await json(await page.request.post(`${API}/datasets/datasets/${runId}/files/${files[0]!.id}`));
    }
    await json(await page.request.post(`${API}/datasets/datasets/${runId}/events`, { data: { timestamp: new Date().toISOString(), type: 'runImported', data: {} } }));
    const runState = async () => {
      const run = await json<{ run: { status: string | null } }>(await page.request.get(`${API}/datasets/run/${runId}`));
      const dataset = await json<{ attributes: { __crs?: string; networkPostProcessingJob?: { status: string } } }>(await page.request.get(`${API}/datasets/datasets/${runId}`));
      return `${run.run.status}/${dataset.attributes.__crs}/${dataset.attributes.networkPostProcessingJob?.status}`;
    };
    await expect.poll(runState, { timeout: 90_000, interval: 500 }).toBe('FINISHED/EPSG:31468/FINISHED');
    await page.goto('/ada/visualizer');
    const visualizer = page.getByTestId('visualizer-map');
    await expect.poll(() => visualizer.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await page.getByRole('combobox', { name: 'Add data source' }).click();
    await page.getByRole('option', { name: 'Berlin Run' }).click();
    await expect.poll(async () => Number(await visualizer.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    const camera = async () => {
      const value = await visualizer.getAttribute('data-camera');
      if (!value) return null;
      const [lat, lng] = value.split(',').map(Number);
      return { lat: lat!, lng: lng! };
    };
    await expect.poll(async () => inBerlin(await camera()), { timeout: 15_000 }).toBe(true);
    const visualizerUrl = page.url();

    // A wrong CRS for the scenario (degrees for metres): the editor shows the clear state and the way to fix it.
    await page.goto('/ada/berlin/edit/general');
    await expect.poll(() => page.getByLabel('Coordinate reference system').inputValue(), { timeout: 30_000 }).toContain('EPSG:31468');
    await chooseCrs(page, 'EPSG:4326', /^EPSG:4326 – WGS 84$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').first().waitFor();
    // The form now offers the detected CRS back.
    await page.getByText('config.xml names another one (global.coordinateSystem = GK4): EPSG:31468.').waitFor();
    await expect.poll(processed, { timeout: 90_000, interval: 500 }).toBe('FINISHED');
    await page.goto('/ada/berlin/editor');
    await page.getByTestId('crs-problem').getByText(NOT_FIT).waitFor({ timeout: 30_000 });
    await noErrorPage(page);
    expect(await page.getByTestId('editor-map').count()).toBe(0);
    await page.getByRole('link', { name: 'Set the coordinate system' }).click();
    await page.waitForURL('**/ada/berlin/edit/general');
    await page.getByRole('button', { name: 'Use EPSG:31468' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').first().waitFor();
    await expect.poll(processed, { timeout: 90_000, interval: 500 }).toBe('FINISHED');
    await page.goto('/ada/berlin/editor');
    await expect.poll(() => page.getByTestId('editor-map').getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');

    // A wrong CRS for the run: the visualizer shows the clear state with a link to the run's edit page.
    await page.goto(`/ada/runs/${runId}/edit`);
    // The field first shows the run's CRS: typing before it arrives would be replaced by it.
    await expect.poll(() => page.getByLabel('Coordinate reference system').inputValue(), { timeout: 30_000 }).toContain('EPSG:31468');
    await chooseCrs(page, 'EPSG:4326', /^EPSG:4326 – WGS 84$/);
    await page.getByRole('button', { name: 'Save coordinate system' }).click();
    const runJob = async () => (await json<{ attributes: { __crs?: string; networkPostProcessingJob?: { status: string } } }>(await page.request.get(`${API}/datasets/datasets/${runId}`))).attributes;
    await expect.poll(async () => (await runJob()).__crs, { timeout: 10_000 }).toBe('EPSG:4326');
    await expect.poll(async () => (await runJob()).networkPostProcessingJob?.status, { timeout: 90_000, interval: 500 }).toBe('FINISHED');
    await page.goto(visualizerUrl);
    await page.getByTestId('crs-problem').getByText(NOT_FIT).waitFor({ timeout: 30_000 });
    await noErrorPage(page);
    expect(await page.getByRole('link', { name: "Set the run's coordinate system" }).getAttribute('href')).toBe(`/ada/runs/${runId}/edit`);
    await page.getByTestId('crs-problem').getByText('Data source: Berlin Run').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  test('Import Run fills the CRS from output_config.xml, marks what is required and says what the button waits for', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url });
    const page = await context.newPage();
    await signIn(page, 'ada', 'coordinates-1');
    await page.goto('/ada/runs/add');
    const button = page.getByRole('button', { name: 'Import as Run' });
    expect(await button.isDisabled()).toBe(true);
    const blockers = page.getByTestId('import-blockers');
    await blockers.getByText('"Import as Run" needs: a coordinate system (output_config.xml names it as global.coordinateSystem), at least one file.').waitFor();
    // Name, CRS and Files carry the required mark.
    expect(await page.locator('.mantine-InputWrapper-required, .mantine-Input-required, [class*="required"]').count()).toBeGreaterThanOrEqual(3);

    // berlin-medium's config as output_config.xml: GK4, MATSim's name, becomes EPSG:31468.
    await page.locator('input[type=file]').setInputFiles([
      { name: 'output_config.xml', mimeType: 'application/xml', buffer: readFileSync(CONFIG) },
      { name: 'output_network.xml.gz', mimeType: 'application/gzip', buffer: readFileSync(NETWORK) },
    ]);
    await page.getByTestId('import-crs-detected').getByText('Filled in from output_config.xml (global.coordinateSystem = GK4).').waitFor();
    await expect.poll(() => page.getByLabel('Coordinate reference system').inputValue()).toMatch(/^EPSG:31468 – DHDN \/ 3-degree Gauss-Kruger zone 4/);
    await expect.poll(() => button.isDisabled()).toBe(false);
    expect(await blockers.count()).toBe(0);

    // The user's own choice is kept when another config comes.
    await page.getByLabel('Coordinate reference system').fill('EPSG:25833');
    await page.getByRole('option', { name: /^EPSG:25833 / }).click();
    await page.locator('input[type=file]').setInputFiles([{ name: 'output_config.xml', mimeType: 'application/xml', buffer: readFileSync(data('output-newwest-2024/output_config.xml')) }]);
    await page.waitForTimeout(500);
    expect(await page.getByLabel('Coordinate reference system').inputValue()).toMatch(/^EPSG:25833 /);
    await context.close();
  });
});
