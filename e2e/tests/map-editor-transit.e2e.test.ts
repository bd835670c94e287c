// Public transport in the map editor (issue 28), on MATSim's pt-tutorial in an Atlantis scenario: find a stop, the
// §5 id messages, add a stop, create a line, add stops to its route, a time profile, departures duplicated ×5, the
// network route; save, reload, all there; deleting a stop used by a route shrinks the route. That a run gets the
// changeset's schedule is proven through the API (apps/server/test/run-changesets.test.ts), not again here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, onTestFailed, test } from 'vitest';
import { API, json, type ScenarioFile } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'transit-1' });
const data = (file: string) => fileURLToPath(new URL(`../../../shared/data/pt-tutorial/${file}`, import.meta.url));

type Position = [number, number];
interface TransitData {
  stops: { id: string; coordinates: Position }[];
}
interface Modification {
  type: string;
  stop?: { id: string };
  modifications?: Modification[];
}

const ZOOM = 13;

/** World pixels of a position at a zoom (MapLibre's 512 px world tiles, Web Mercator). */
function pixels([lng, lat]: Position, zoom: number): Position {
  const world = 512 * 2 ** zoom;
  return [((lng + 180) / 360) * world, ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * world];
}

async function upload(page: Page, scenarioId: number, name: string): Promise<ScenarioFile> {
  const { files } = await json<{ files: ScenarioFile[] }>(
    await page.request.post(`${API}/datasets/files`, { multipart: { 'files[]': { name, mimeType: 'application/xml', buffer: readFileSync(data(name)) } } }),
  );
  await json(await page.request.post(`${API}/datasets/datasets/${scenarioId}/files/${files[0]!.id}`));
  return files[0]!;
}

describe('map editor: public transport', () => {
  test('find, add and delete stops with the id rules; a new line with stops, time profile, departures ×5 and network route; saved and reopened', { timeout: 240_000 }, async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    onTestFailed(async () => void (await page.screenshot({ path: '/tmp/map-editor-transit-failed.png' })));
    await signIn(page, 'ada', 'transit-1');
    const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'ada' } }));
    const { id: scenarioId } = await json<{ id: number }>(
      await page.request.post(`${API}/datasets/datasets`, { data: { groupId, key: 'pt', name: 'PT Tutorial', type: 'scenario', template: 'empty', attributes: { __crs: 'Atlantis' } } }),
    );
    await upload(page, scenarioId, 'multimodalnetwork.xml');
    const schedule = await upload(page, scenarioId, 'transitschedule.xml');
    const processed = async () =>
      (await json<{ attributes: { networkPostProcessingJob?: { status: string } } }>(await page.request.get(`${API}/datasets/datasets/${scenarioId}`))).attributes.networkPostProcessingJob?.status;
    await expect.poll(processed, { timeout: 90_000, interval: 500 }).toBe('FINISHED');
    const { stops } = await json<TransitData>(await page.request.get(`${API}/datasets/files/${schedule.id}/transit`));
    const at = (id: string) => stops.find((stop) => stop.id === id)!.coordinates;

    // The camera between stops 1 and 3; every stop is on screen at zoom 13.
    const centre: Position = [(at('1')[0] + at('3')[0]) / 2, (at('1')[1] + at('2a')[1]) / 2];
    const map = page.getByTestId('editor-map');
    const open = async () => {
      await page.goto(`/ada/pt/editor?c=${centre[1].toFixed(6)},${centre[0].toFixed(6)},${ZOOM}`);
      await page.getByRole('heading', { name: 'Scenario Editor' }).waitFor({ timeout: 20_000 });
      await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
      // 2a and 2b stand 20 m apart: four stop groups.
      await expect.poll(() => map.getAttribute('data-stops-drawn'), { timeout: 30_000 }).toBe('4');
      await map.click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Shift+T');
    };
    await open();
    const box = (await map.boundingBox())!;
    // The camera as the address has it once the map stands still (a selection may have flown it elsewhere).
    const camera = async () => {
      let last = '';
      await expect.poll(async () => {
        const now = new URL(page.url()).searchParams.get('c') ?? '';
        const settled = now === last;
        last = now;
        return settled;
      }, { timeout: 10_000, interval: 400 }).toBe(true);
      const [lat, lng, zoom] = last.split(',').map(Number) as [number, number, number];
      return { centre: [lng, lat] as Position, zoom };
    };
    const clickAt = async (position: Position) => {
      const { centre: now, zoom } = await camera();
      const [x, y] = pixels(position, zoom);
      const [cx, cy] = pixels(now, zoom);
      await page.mouse.click(box.x + box.width / 2 + x - cx, box.y + box.height / 2 + y - cy);
    };
    const toolbar = page.getByRole('toolbar', { name: 'Map tools' });
    const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });

    // Shift+T: the Public Transport group with its tools.
    await expect.poll(() => tool('Add Stop').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => tool('Select').getAttribute('aria-pressed')).toBe('true');

    // The search finds stop 2a; its card; the id rules of §5 (Escape puts the id back).
    const search = toolbar.getByLabel('Search stops and lines');
    await search.fill('2a');
    await page.getByRole('option', { name: '2a', exact: true }).click();
    const card = page.getByTestId('stop-card-2a');
    await card.waitFor();
    const idField = card.getByRole('textbox', { name: 'Id', exact: true });
    await idField.fill(' ');
    await card.getByText('Stop Id must not be empty').waitFor();
    await idField.fill('2b');
    await card.getByText('Stop Id must be unique').waitFor();
    await idField.press('Escape');
    await expect.poll(() => idField.inputValue()).toBe('2a');
    // Its Lines card: Blue Line, routes 1to3 and 3to1 with their stop counts.
    await card.getByRole('button', { name: /Line Blue Line/ }).click();
    await card.getByRole('cell', { name: '1to3', exact: true }).waitFor();
    // The search flew to stop 2a at zoom 14: back to the whole tutorial (nothing was changed yet).
    await open();

    // Add Stop (S) on the empty map below stop 1: a new stop "Stop-<8 characters>", selected.
    await page.keyboard.press('s');
    await expect.poll(() => tool('Add Stop').getAttribute('aria-pressed')).toBe('true');
    const newPlace: Position = [at('1')[0], at('1')[1] - 0.006];
    await clickAt(newPlace);
    const newCard = page.locator('[data-testid^="stop-card-"]').first();
    await expect.poll(() => newCard.getByRole('heading').textContent()).toMatch(/^Stop-[0-9a-f]{8}$/);
    const newStop = (await newCard.getByRole('heading').textContent())!.slice('Stop-'.length);
    await expect.poll(() => map.getAttribute('data-stops-drawn')).toBe('5');

    // Create New Line: its tab opens with its one route serving the new stop.
    await newCard.getByRole('button', { name: 'Create New Line' }).click();
    const lineTab = page.getByRole('tab', { name: /^Line / });
    await lineTab.waitFor();
    const linePanel = page.locator('[data-testid^="line-tab-"]');
    const routes = linePanel.getByLabel('Route', { exact: true });
    await expect.poll(() => routes.inputValue()).not.toBe('');

    // Edit the route: clicks on stops 3 and 2a add them at its end.
    await linePanel.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => tool('Edit').getAttribute('aria-pressed')).toBe('true');
    await clickAt(at('3'));
    await clickAt(at('2a'));
    const profile = page.getByRole('table', { name: 'Time Profile' });
    await expect.poll(() => profile.locator('tbody tr').count()).toBe(3);

    // Time profile: the second stop arrives after 5 minutes (HH:MM:SS accepted).
    const arrival = page.getByRole('textbox', { name: /^Arrival offset of stop 3 \(row 2\)/ });
    await arrival.fill('00:05:00');
    await arrival.press('Enter');

    // Departures: one added, duplicated five times.
    await page.getByRole('tab', { name: 'Departures' }).click();
    await page.getByRole('button', { name: 'Add departure' }).click();
    const departureRows = page.getByRole('table', { name: 'Departures' }).locator('tbody tr');
    await expect.poll(() => departureRows.count()).toBe(1);
    await page.getByRole('button', { name: /^Duplicate departure / }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Repetitions' }).fill('5');
    await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect.poll(() => departureRows.count()).toBe(6);

    // Network route: Add mode, the first link chosen on the map (link 12 from node 1 to node 2).
    await toolbar.getByRole('button', { name: 'Edit network route' }).click();
    await page.getByRole('tab', { name: 'Network Route' }).click();
    await page.getByText('Add', { exact: true }).click();
    const [n1, n2] = [at('1'), at('2a')];
    await clickAt([(n1[0] * 2 + n2[0]) / 3, (n1[1] * 2 + n2[1]) / 3]);
    await page.getByRole('list', { name: 'Network Route' }).getByText(/^Link 1[12]/).first().waitFor();

    // Save into a changeset; a reload opens it with the stop, the line and its departures.
    await page.getByRole('complementary').getByRole('button', { name: 'Save', exact: true }).click();
    const save = page.getByRole('dialog');
    await save.getByLabel('Changeset name').fill('New line');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/[?&]id=\d+/);
    const changesetId = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await json<{ id: number; modifications: Modification[] }[]>(await page.request.get(`${API}/datasets/datasets/${scenarioId}/changesets`));
    const types = saved.find((c) => c.id === changesetId)!.modifications.map((m) => m.type);
    expect(types).toEqual(expect.arrayContaining(['transitStop/add', 'transitLine/add', 'route/addStop', 'route/updateStop', 'route/updateDepartures', 'networkRoute/addLink']));
    await page.reload();
    await expect.poll(() => page.getByTestId('changeset-name').textContent(), { timeout: 30_000 }).toBe('New line');
    await expect.poll(() => map.getAttribute('data-stops-drawn'), { timeout: 30_000 }).toBe('5');
    await map.click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+T');
    await search.fill(newStop);
    await page.getByRole('option', { name: new RegExp(newStop) }).click();
    await page.getByTestId(`stop-card-${newStop}`).getByRole('button', { name: /^Open line / }).click();
    await page.getByRole('tab', { name: 'Departures' }).click();
    await expect.poll(() => departureRows.count()).toBe(6);

    // Deleting stop 2a (asked first) removes it from route 1to3 of Blue Line: 2 stops left there.
    await search.fill('2a');
    // The selection brings the Preview tab forward (the line tab was in front).
    await page.getByRole('option', { name: '2a', exact: true }).click();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleting the stop will remove it from any route in which it is used. Do you really want to delete this stop?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => map.getAttribute('data-stops-drawn')).toBe('4');
    await search.fill('Blue');
    await page.getByRole('option', { name: 'Blue Line' }).click();
    await page.getByRole('tab', { name: 'Line Blue Line' }).waitFor();
    await routes.click();
    await page.getByRole('option', { name: /1to3/ }).getByText(/2 stops/).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
