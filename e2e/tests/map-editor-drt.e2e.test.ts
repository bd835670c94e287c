// DRT in the map editor (issue 29), on MATSim's drt-mielec in an Atlantis scenario: generate 10 vehicles and 10 stops
// inside a drawn area, the file chooser locked while its group is unsaved, the overwrite warning, save as new files;
// draw a service area and save it as area.gpkg; the new files in the scenario with their tags. That every generated
// item lies inside the area on a link of the mode, and what the written files hold, is proven through the API
// (apps/server/test/drt-generate.test.ts, drt-save.test.ts), not again here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, onTestFailed, test } from 'vitest';
import { API, json, type ScenarioFile } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'drt-mielec-1' });
const data = (file: string) => fileURLToPath(new URL(`../../../shared/data/drt-mielec/${file}`, import.meta.url));

async function upload(page: Page, scenarioId: number, name: string): Promise<ScenarioFile> {
  const { files } = await json<{ files: ScenarioFile[] }>(
    await page.request.post(`${API}/datasets/files`, { multipart: { 'files[]': { name, mimeType: 'application/xml', buffer: readFileSync(data(name)) } } }),
  );
  await json(await page.request.post(`${API}/datasets/datasets/${scenarioId}/files/${files[0]!.id}`));
  return files[0]!;
}

describe('map editor: DRT', () => {
  test('generate vehicles and stops in a drawn area, the locked file chooser, the overwrite warning, save as new files; a service area saved as area.gpkg', { timeout: 240_000 }, async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    onTestFailed(async () => void (await page.screenshot({ path: '/tmp/map-editor-drt-failed.png' })));
    await signIn(page, 'ada', 'drt-mielec-1');
    const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'ada' } }));
    const { id: scenarioId } = await json<{ id: number }>(
      await page.request.post(`${API}/datasets/datasets`, { data: { groupId, key: 'mielec', name: 'Mielec', type: 'scenario', template: 'empty', attributes: { __crs: 'Atlantis' } } }),
    );
    const network = await upload(page, scenarioId, 'network.xml');
    await upload(page, scenarioId, 'vehicles-10-cap-4.xml');
    const processed = async () =>
      (await json<{ attributes: { networkPostProcessingJob?: { status: string } } }>(await page.request.get(`${API}/datasets/datasets/${scenarioId}`))).attributes.networkPostProcessingJob?.status;
    await expect.poll(processed, { timeout: 90_000, interval: 500 }).toBe('FINISHED');
    const info = await json<{ centerLat: number; centerLon: number }>(await page.request.get(`${API}/datasets/files/${network.id}/d/network-info/info.json`));

    await page.goto(`/ada/mielec/editor?c=${info.centerLat.toFixed(6)},${info.centerLon.toFixed(6)},13`);
    await page.getByRole('heading', { name: 'Scenario Editor' }).waitFor({ timeout: 20_000 });
    const map = page.getByTestId('editor-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    const box = (await map.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    /** Clicks a closed polygon of ±dx, ±dy pixels around the map's centre (the last click on the first corner). */
    const drawArea = async (dx: number, dy: number) => {
      const corners = [[-dx, -dy], [dx, -dy], [dx, dy], [-dx, dy], [-dx, -dy]] as const;
      for (const [x, y] of corners) await page.mouse.click(cx + x, cy + y);
    };

    // The DRT layer on, Shift+D: the DRT group with its tools and the DRT tab; the base fleet's 10 vehicles drawn.
    await page.getByRole('complementary').getByRole('switch', { name: 'DRT' }).check();
    await map.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+D');
    const toolbar = page.getByRole('toolbar', { name: 'Map tools' });
    await expect.poll(() => toolbar.getByRole('button', { name: 'Select Vehicle', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('tab', { name: 'DRT', exact: true }).click();
    const fleet = page.getByTestId('drt-fleet-card');
    const stops = page.getByTestId('drt-stops-card');
    await expect.poll(() => fleet.getByTestId('drt-fleet-card-total').textContent(), { timeout: 30_000 }).toBe('10');
    await expect.poll(async () => Number(await map.getAttribute('data-drt-vehicle-markers'))).toBeGreaterThan(0);

    // Generate Vehicles in Area: the info, the area drawn and closed on its first corner, Generate: 20 vehicles.
    await fleet.getByRole('button', { name: 'Generate Vehicles in Area' }).click();
    await fleet.getByText('Click on the map to draw the area where vehicles should be generated. Close the shape by clicking on the first point again.').waitFor();
    await drawArea(160, 110);
    await fleet.getByText('Area selected. You can redraw the area by clicking on the map again.').waitFor();
    await fleet.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => fleet.getByTestId('drt-fleet-card-total').textContent(), { timeout: 30_000 }).toBe('20');

    // The vehicle file cannot be changed while the fleet is unsaved: the chooser says why.
    await fleet.getByTestId('drt-locked').hover();
    await page.getByRole('tooltip', { name: 'Save or discard changes before selecting a new file' }).waitFor();

    // Generate Stops in Area (the tab's stops mode): 10 stops.
    await stops.getByRole('button', { name: 'Generate Stops in Area' }).click();
    await stops.getByText('Click on the map to draw the area where stops should be generated. Close the shape by clicking on the first point again.').waitFor();
    await drawArea(160, 110);
    await stops.getByText('Area selected. You can redraw the area by clicking on the map again.').waitFor();
    await stops.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => stops.getByTestId('drt-stops-card-total').textContent(), { timeout: 30_000 }).toBe('10');
    await expect.poll(() => map.getAttribute('data-drt-stops')).toBe('10');

    // Save: the fleet may overwrite its base file (the warning), the stops only go to a new file.
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const warning = dialog.getByText('One or more groups are set to overwrite existing files. This operation cannot be undone.');
    const vehiclesOption = dialog.getByLabel('Save option for DRT vehicles');
    await vehiclesOption.click();
    await page.getByRole('option', { name: 'Overwrite existing' }).click();
    await warning.waitFor();
    await vehiclesOption.click();
    await page.getByRole('option', { name: 'As new file' }).click();
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => dialog.getByLabel('New file name for DRT vehicles').inputValue()).toBe('vehicles-10-cap-4_copy.xml');
    await expect.poll(() => dialog.getByLabel('New file name for DRT stops').inputValue()).toBe('drt_stops.xml');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // The groups now stand on the new files: unlocked, same totals.
    await expect.poll(() => fleet.getByTestId('drt-locked').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => fleet.getByTestId('drt-file-vehicles').inputValue(), { timeout: 30_000 }).toBe('vehicles-10-cap-4_copy.xml');
    await expect.poll(() => fleet.getByTestId('drt-fleet-card-total').textContent(), { timeout: 30_000 }).toBe('20');
    await expect.poll(() => stops.getByTestId('drt-stops-card-total').textContent(), { timeout: 30_000 }).toBe('10');

    // Service area mode: Add Area, a polygon closed on its first corner, saved as area.gpkg.
    await page.getByTestId('drt-tab').getByText('Service area', { exact: true }).click();
    const areaCard = page.getByTestId('drt-service-area-card');
    await areaCard.getByRole('button', { name: 'Add Area' }).click();
    await drawArea(120, 80);
    await expect.poll(() => areaCard.getByTestId('drt-service-area-card-total').textContent()).toBe('1 area');
    await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.getByLabel('New file name for DRT service area').inputValue()).toBe('area.gpkg');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The scenario lists the three new files with their data types.
    await page.goto('/ada/mielec');
    const files = page.getByRole('table', { name: 'Files' });
    for (const [name, tag] of [['vehicles-10-cap-4_copy.xml', 'dvrp_vehicles_v1'], ['drt_stops.xml', 'transitSchedule_v2'], ['area.gpkg', 'geopackage']] as const) {
      await files.getByRole('row').filter({ hasText: name }).filter({ hasText: tag }).first().waitFor({ timeout: 20_000 });
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
