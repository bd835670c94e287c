// The map editor's other tools in real Chromium (issue 13), beside map-editor.e2e.test.ts: the lasso's Reset, the
// table's histogram (bins, brush, Keep Only Brushed, Clear Filter), view mode, Import JSON with the spec's errors,
// undo/redo with the platform's modifier, and the guard when leaving with unsaved changes; then (issue 27) the
// import of another saved changeset by picking it, with what the network refuses listed as apply errors.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, byTag, createDemoScenario, json } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'tools-1' });

interface LinkEntry {
  id: string;
  capacity: number;
}
interface Answer {
  features: { geometry: { type: string; coordinates: [number, number] | [number, number][] }; properties: { links?: LinkEntry[] } }[];
}

/** Clicks at offsets from the map's centre. */
async function mapClicks(page: Page) {
  const box = (await page.getByTestId('editor-map').boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  return { box, click: (dx: number, dy: number) => page.mouse.click(cx + dx, cy + dy) };
}

describe('map editor tools', () => {
  test('lasso Reset, histogram bins/brush/keep/clear, view mode, Import JSON, platform undo keys, leave guard, import by id with apply errors', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ada', 'tools-1');
    const { id: scenarioId, files } = await createDemoScenario(page, 'ada', 'tools-city', 'Tools City');
    const network = byTag(files, 'network_v');
    const query = () => page.request.post(`${API}/datasets/network/${network.id}/query`, { data: { type: 'Data', filters: {} } });
    await expect.poll(async () => (await query()).status(), { timeout: 60_000, interval: 500 }).toBe(200);
    const answer = await json<Answer>(await query());
    const links = answer.features.flatMap((feature) => feature.properties.links ?? []);
    // The map draws one segment per node pair (both directions on it).
    const pairs = answer.features.filter((feature) => feature.geometry.type === 'LineString').length;
    const points = answer.features.filter((f) => f.geometry.type === 'Point').map((f) => f.geometry.coordinates as [number, number]);
    const mid = (values: number[]) => (Math.min(...values) + Math.max(...values)) / 2;
    const capacities = links.map((link) => link.capacity);
    const lowCapacity = links.filter((link) => link.capacity < mid(capacities)).length;
    expect(lowCapacity).toBeGreaterThan(0);
    expect(lowCapacity).toBeLessThan(links.length);

    // Zoom 12 on the grid's middle: the whole 5 km grid is in view (about 420 px).
    const editorAt = `/ada/tools-city/editor?c=${mid(points.map((p) => p[1])).toFixed(6)},${mid(points.map((p) => p[0])).toFixed(6)},12`;
    await page.goto(editorAt);
    const map = page.getByTestId('editor-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBe(pairs);
    const { box, click } = await mapClicks(page);
    const toolbar = page.getByRole('toolbar', { name: 'Map tools' });
    const count = page.getByText(/^\d+ links?( · \d+ in the brush)?$/);

    // Lasso: Reset drops the points drawn so far (and goes away); a new lasso around the grid selects every link.
    await map.click({ position: { x: 5, y: box.height - 5 } });
    await page.keyboard.press('o');
    await click(-250, -200);
    await click(250, -200);
    const reset = toolbar.getByRole('button', { name: 'Reset', exact: true });
    await reset.click();
    await expect.poll(() => reset.count()).toBe(0);
    await expect.poll(() => count.count()).toBe(0);
    const [w, h] = [box.width / 2 - 30, box.height / 2 - 30];
    for (const [x, y] of [[-w, -h + 50], [w, -h + 50], [w, h], [-w, h], [-w + 1, -h + 51]] as const) await click(x, y);
    await expect.poll(() => count.textContent()).toBe(`${links.length} links`);

    // Histogram of capacity: other bin counts draw other bars.
    const chart = page.getByTestId('link-histogram');
    await chart.scrollIntoViewIfNeeded();
    const bins = page.getByRole('radiogroup', { name: 'Bins' }).or(page.getByLabel('Bins', { exact: true })).first();
    const picture = async () => {
      await page.waitForTimeout(400); // ECharts' redraw animation
      return chart.screenshot();
    };
    const twenty = await picture();
    for (const value of ['50', '100']) {
      await bins.getByText(value, { exact: true }).click();
      expect((await picture()).equals(twenty), `${value} bins look like 20`).toBe(false);
    }
    await bins.getByText('20', { exact: true }).click();

    // Brush the lower half of the capacity range: the table says how many are in the brush; Clear Filter drops it.
    const keepOnly = page.getByRole('button', { name: 'Keep Only Brushed' });
    const clearFilter = page.getByRole('button', { name: 'Clear Filter', exact: true });
    expect([await keepOnly.isDisabled(), await clearFilter.isDisabled()]).toEqual([true, true]);
    const brush = async () => {
      const area = (await chart.boundingBox())!;
      const y = area.y + area.height / 2;
      await page.mouse.move(area.x + 42, y);
      await page.mouse.down();
      for (let step = 1; step <= 6; step++) await page.mouse.move(area.x + 42 + ((area.width / 2 - 42) * step) / 6, y);
      await page.mouse.up();
    };
    await brush();
    await expect.poll(() => count.textContent()).toBe(`${links.length} links · ${lowCapacity} in the brush`);
    await clearFilter.click();
    await expect.poll(() => count.textContent()).toBe(`${links.length} links`);
    expect(await keepOnly.isDisabled()).toBe(true);
    // Brushed again, Keep Only Brushed narrows the selection to those links.
    await brush();
    await expect.poll(() => keepOnly.isDisabled()).toBe(false);
    await keepOnly.click();
    await expect.poll(() => count.textContent()).toBe(`${lowCapacity} links`);

    // View mode: the table's cells and bulk actions are read-only; edit mode brings them back.
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Capacity' }) });
    const editableCells = table.locator('tbody td[data-column="capacity"] button');
    await expect.poll(() => editableCells.count()).toBeGreaterThan(0);
    const editMode = page.getByRole('switch', { name: 'Edit mode' });
    await editMode.uncheck({ force: true });
    await expect.poll(() => editableCells.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit all' }).count()).toBe(0);
    expect(await table.locator('tbody td[data-column="capacity"]').count()).toBeGreaterThan(0);
    await editMode.check({ force: true });
    await expect.poll(() => editableCells.count()).toBeGreaterThan(0);

    // Import JSON: a bad modification is refused with the spec's text, nothing changes; a good one applies.
    const sidebar = page.getByRole('complementary');
    const unsaved = page.getByTestId('summary-network-unsaved');
    const [first, second] = links;
    const importJson = async (text: string) => {
      await sidebar.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import changes' });
      await dialog.getByLabel('Changeset JSON').fill(text);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      return dialog;
    };
    const good = { type: 'network/updateLink', id: first!.id, changes: { capacity: 4321 } };
    let dialog = await importJson(JSON.stringify({ modifications: [good, { type: 'network/widenRoad', id: second!.id }] }));
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Unknown Modification Type');
    await dialog.getByLabel('Changeset JSON').fill(JSON.stringify({ modifications: [good, { type: 'network/updateLink', changes: { capacity: 1 } }] }));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Invalid JSON format for changeset');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await unsaved.textContent()).toBe('Unsaved000');
    dialog = await importJson(JSON.stringify({ modifications: [good] }));
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => unsaved.textContent()).toBe('Unsaved010');
    // The imported capacity is the link's: the search selects it and its panel shows 4321.
    await page.keyboard.press('v');
    await page.getByPlaceholder('Node or link id').fill(first!.id);
    await page.getByRole('option', { name: first!.id, exact: true }).click();
    await expect.poll(() => page.getByLabel('Capacity (veh/hour)', { exact: true }).inputValue()).toBe('4321');

    // Undo/redo take the platform's modifier (Meta on macOS, Ctrl elsewhere); the other one does nothing.
    const mac = await page.evaluate(() => /mac|iphone|ipad/i.test((navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform));
    const [mod, other] = mac ? ['Meta', 'Control'] : ['Control', 'Meta'];
    await map.click({ position: { x: 5, y: box.height - 5 } });
    await page.keyboard.press(`${other}+z`);
    await page.waitForTimeout(300);
    expect(await unsaved.textContent()).toBe('Unsaved010');
    await page.keyboard.press(`${mod}+z`);
    await expect.poll(() => unsaved.textContent()).toBe('Unsaved000');
    await page.keyboard.press(`${other}+Shift+z`);
    await page.waitForTimeout(300);
    expect(await unsaved.textContent()).toBe('Unsaved000');
    await page.keyboard.press(`${mod}+Shift+z`);
    await expect.poll(() => unsaved.textContent()).toBe('Unsaved010');

    // Leaving with the unsaved change asks first: Stay keeps the editor, Leave goes.
    const runsLink = page.getByRole('navigation').getByRole('link', { name: 'Runs', exact: true });
    await runsLink.click();
    const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect.poll(() => leave.textContent()).toContain('You have unsaved changes. Leave the editor and lose them?');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/ada/tools-city/editor');
    expect(await unsaved.textContent()).toBe('Unsaved010');
    await runsLink.click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/runs');

    // Import by id (issue 27): two saved changesets; the empty one says so, the other's modifications become
    // unsaved ones of the new changeset, and the one the network refuses is listed as an apply error.
    const saveChangeset = (name: string, modifications: unknown[]) =>
      page.request.post(`${API}/datasets/datasets/${scenarioId}/changesets/`, { data: { id: -1, name, modifications } });
    expect((await saveChangeset('Closures', [{ type: 'network/deleteLink', id: second!.id }, { type: 'network/deleteLink', id: 'no-such-link' }])).status()).toBe(200);
    expect((await saveChangeset('Empty', [])).status()).toBe(200);
    await page.goto(editorAt);
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBe(pairs);
    expect(await page.getByTestId('apply-errors').count()).toBe(0);
    await sidebar.getByRole('button', { name: 'Import', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Import changes' });
    await dialog.getByRole('tab', { name: 'Saved changeset' }).click();
    await expect.poll(() => dialog.getByRole('listitem').filter({ hasText: 'Empty' }).textContent()).toContain('No modifications: nothing to import');
    expect(await dialog.getByRole('button', { name: 'Import Empty' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Import Closures' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => unsaved.textContent()).toBe('Unsaved001');
    const applyErrors = page.getByTestId('apply-errors');
    await expect.poll(() => applyErrors.textContent()).toBe('1 modification could not be applied to the loaded networkLink no-such-link is not loaded or was deleted');
    expect(pageErrors).toEqual([]);
  }, 150_000);
});
