// The map editor's first-hour polish (issue 25) in real Chromium: it opens fitted to the network without an empty
// tab pane; Add Link at the starting zoom joins existing nodes (snap target shown); the link panel commits on Tab
// and on a click elsewhere, Escape puts the value back, an invalid number commits nothing; the changeset's
// modification list reverts one saved modification as a new one; search finds a deleted link with its flag.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, byTag, createDemoScenario, json } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'polish-1' });

type Position = [number, number];
interface Answer {
  features: { geometry: { type: string; coordinates: Position | Position[] }; properties: { id?: string; links?: { id: string; fromId: string; toId: string }[] } }[];
}

/** World pixels of a position at a zoom (MapLibre's 512 px tiles, Web Mercator). */
function world([lng, lat]: Position, zoom: number): Position {
  const size = 512 * 2 ** zoom;
  return [((lng + 180) / 360) * size, ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * size];
}

/** The camera the address holds (?c=lat,lng,zoom). */
function cameraOf(page: Page): { lat: number; lng: number; zoom: number } | undefined {
  const value = new URL(page.url()).searchParams.get('c');
  if (!value) return undefined;
  const [lat, lng, zoom] = value.split(',').map(Number);
  return { lat: lat!, lng: lng!, zoom: zoom! };
}

describe('map editor polish (issue 25)', () => {
  test('fit to the network, snapping at the starting zoom, panel commit on Tab/blur/Escape, revert of a saved modification, search for a deleted link', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ada', 'polish-1');
    const { files } = await createDemoScenario(page, 'ada', 'polish-city', 'Polish City');
    const network = byTag(files, 'network_v');
    const query = () => page.request.post(`${API}/datasets/network/${network.id}/query`, { data: { type: 'Data', filters: {} } });
    await expect.poll(async () => (await query()).status(), { timeout: 60_000, interval: 500 }).toBe(200);
    const answer = await json<Answer>(await query());
    const nodes = answer.features
      .filter((feature) => feature.geometry.type === 'Point')
      .map((feature) => ({ id: String(feature.properties.id), at: feature.geometry.coordinates as Position }));
    expect(nodes.length).toBeGreaterThan(4);
    const links = answer.features.flatMap((feature) => feature.properties.links ?? []);
    const pairs = answer.features.filter((feature) => feature.geometry.type === 'LineString').length;

    // Opened without a camera: fitted to the network's extent (the address then holds the fitted camera), every
    // link drawn, and no empty "Drag a tab here" pane next to the preview.
    await page.goto('/ada/polish-city/editor');
    const map = page.getByTestId('editor-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBe(pairs);
    await expect.poll(() => cameraOf(page) !== undefined, { timeout: 10_000 }).toBe(true);
    const box = (await map.boundingBox())!;
    const fitted = cameraOf(page)!;
    const xs = nodes.map((node) => world(node.at, fitted.zoom)[0]);
    const ys = nodes.map((node) => world(node.at, fitted.zoom)[1]);
    const [spanX, spanY] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
    // Fitted: the extent fills most of the map one way and fits the other way (40 px padding).
    expect(spanX <= box.width && spanY <= box.height, `${spanX}×${spanY} in ${box.width}×${box.height}`).toBe(true);
    expect(Math.max(spanX / box.width, spanY / box.height)).toBeGreaterThan(0.6);
    expect(await page.getByTestId('editor-pane-right').count()).toBe(0);
    expect(await page.getByText('Drag a tab here, or move it with its menu').count()).toBe(0);

    // At zoom 12 (nodes are not drawn below 14) on node A: Add Link from near A to near B joins both, adds no node.
    const a = nodes[Math.floor(nodes.length / 2)]!;
    // B: the nearest node on screen that no link joins to A yet (a diagonal neighbour), at least 40 px away.
    const linked = new Set(links.flatMap((link) => (link.fromId === a.id ? [link.toId] : link.toId === a.id ? [link.fromId] : [])));
    const pixelDistance = (node: { at: Position }) => {
      const [x0, y0] = world(a.at, 12);
      const [x, y] = world(node.at, 12);
      return Math.hypot(x - x0, y - y0);
    };
    const b = nodes
      .filter((node) => node !== a && !linked.has(node.id) && pixelDistance(node) > 40)
      .sort((p, q) => pixelDistance(p) - pixelDistance(q))[0]!;
    expect(pixelDistance(b)).toBeLessThan(300);
    await page.goto(`/ada/polish-city/editor?c=${a.at[1].toFixed(6)},${a.at[0].toFixed(6)},12`);
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(cameraOf(page)!.zoom).toBe(12);
    const centre: Position = [box.x + box.width / 2, box.y + box.height / 2];
    const screen = (at: Position): Position => {
      const [x0, y0] = world(a.at, 12);
      const [x, y] = world(at, 12);
      return [centre[0] + x - x0, centre[1] + y - y0];
    };
    const [ax, ay] = screen(a.at);
    const [bx, by] = screen(b.at);
    await map.click({ position: { x: 5, y: box.height - 5 } });
    await page.keyboard.press('l');
    await page.mouse.move(ax + 6, ay - 5);
    await expect.poll(() => map.getAttribute('data-snap-node')).toBe(a.id);
    await expect.poll(() => page.getByRole('status').filter({ hasText: `Connects to node ${a.id}` }).count()).toBe(1);
    await page.mouse.click(ax + 6, ay - 5);
    await page.mouse.move(bx - 5, by + 6);
    await expect.poll(() => map.getAttribute('data-snap-node')).toBe(b.id);
    await page.mouse.click(bx - 5, by + 6);
    await page.getByRole('toolbar', { name: 'Map tools' }).getByRole('button', { name: 'Done', exact: true }).click();
    const list = page.getByTestId('modification-list');
    const items = list.locator('li');
    await expect.poll(() => items.count()).toBe(1);
    // One link between the two existing nodes: no node was added (it would make the modification a group).
    const added = (await items.first().textContent())!;
    expect(added).toMatch(/^Added link \S+Unsaved/);
    const newLink = /^Added link (\S+?)Unsaved/.exec(added)![1]!;

    // The link panel (the chain's last link is selected): Tab commits the capacity and moves on; Escape puts the
    // freespeed typed there back; Lanes commits on a click elsewhere.
    const linkTitle = page.getByRole('heading', { name: `Link ${newLink}` });
    await linkTitle.waitFor();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Capacity (veh/hour)').fill('900');
    await page.keyboard.press('Tab');
    await expect.poll(() => items.first().textContent()).toBe(`Link ${newLink}: Capacity 600 → 900Unsaved${'Revert this one'}`);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.closest('[data-link-field]')?.getAttribute('data-link-field'))).toBe('freespeed');
    await page.keyboard.type('20');
    expect(await field('Freespeed (m/s)').inputValue()).toBe('20');
    await page.keyboard.press('Escape');
    await expect.poll(() => field('Freespeed (m/s)').inputValue()).toBe('13.89');
    await field('Lanes').fill('2');
    await linkTitle.click();
    await expect.poll(() => items.first().textContent()).toBe(`Link ${newLink}: Lanes 1 → 2Unsaved${'Revert this one'}`);
    expect(await items.count()).toBe(3);
    // An invalid number keeps its error and commits nothing; Escape gives the link's value back.
    await field('Capacity (veh/hour)').fill('-5');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByText('Must be 0 or more').count()).toBe(1);
    expect(await items.count()).toBe(3);
    await page.keyboard.press('Escape');
    await expect.poll(() => field('Capacity (veh/hour)').inputValue()).toBe('900');
    expect(await page.getByText('Must be 0 or more').count()).toBe(0);
    // The length of the drawn link is shown with at most 2 decimals.
    expect(await field('Length (m)').inputValue()).toMatch(/^\d+(\.\d{1,2})?$/);

    // The network table (both directions of a grid link at A): a cell commits on Tab; Escape puts the value back.
    const tools = page.getByRole('toolbar', { name: 'Map tools' });
    await tools.getByRole('button', { name: 'Select', exact: true }).click();
    const neighbour = nodes.find((node) => node.id === [...linked][0])!;
    const [nx, ny] = screen(neighbour.at);
    await page.mouse.click((ax + nx) / 2, (ay + ny) / 2);
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Capacity' }) });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    const cell = table.locator('tbody tr').first().locator('td[data-column="capacity"]');
    const before = (await cell.textContent())!;
    await cell.getByRole('button').click();
    await cell.getByRole('textbox').fill('777');
    await page.keyboard.press('Tab');
    await expect.poll(() => cell.textContent()).toBe('777');
    await expect.poll(() => items.first().textContent()).toMatch(new RegExp(`^Link \\S+: Capacity ${before} → 777Unsaved`));
    await cell.getByRole('button').click();
    await cell.getByRole('textbox').fill('555');
    await page.keyboard.press('Escape');
    await expect.poll(() => cell.textContent()).toBe('777');
    expect(await items.count()).toBe(4);

    // A grid link deleted (imported as JSON, no plan-use dialog in the way), then everything saved.
    const deleted = links.find((link) => link.fromId !== a.id && link.toId !== a.id && link.fromId !== b.id && link.toId !== b.id)!;
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import changes' });
    await importDialog.getByLabel('Changeset JSON').fill(JSON.stringify({ modifications: [{ type: 'network/deleteLink', id: deleted.id }] }));
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => items.first().textContent()).toBe(`Deleted link ${deleted.id}Unsaved${'Revert this one'}`);
    await sidebar.getByRole('button', { name: 'Save', exact: true }).click();
    const saveDialog = page.getByRole('dialog');
    await saveDialog.getByLabel('Changeset name').fill('Polish');
    await saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/[?&]id=\d+/);
    await expect.poll(() => list.locator('li[data-stage="saved"]').count()).toBe(5);

    // The search finds the deleted link with its flag; choosing it shows its panel (deleted, with the revert).
    await saveDialog.waitFor({ state: 'hidden' });
    const search = page.getByPlaceholder('Node or link id');
    await search.fill(deleted.id);
    const option = page.getByRole('option').filter({ hasText: new RegExp(`^${deleted.id}deleted$`) });
    await expect.poll(() => page.getByRole('option').allTextContents()).toContain(`${deleted.id}deleted`);
    await option.click();
    await page.getByRole('heading', { name: `Link ${deleted.id}` }).waitFor();
    await page.getByText('This link is deleted.', { exact: false }).waitFor();

    // The capacity change cannot be reverted alone (the link changed again later); the deletion can: reverting it
    // adds a new unsaved modification that re-adds the link, and the saved one is marked reverted.
    const capacityRevert = list.getByRole('button', { name: `Revert: Link ${newLink}: Capacity 600 → 900` });
    expect(await capacityRevert.isDisabled()).toBe(true);
    expect(await capacityRevert.locator('xpath=..').getAttribute('data-reason')).toBe(`Link ${newLink} was changed again later: revert the later change first.`);
    await list.getByRole('button', { name: `Revert: Deleted link ${deleted.id}` }).click();
    await expect.poll(() => items.first().textContent()).toBe(`Added link ${deleted.id}Unsaved${'Revert this one'}`);
    expect(await list.locator('li[data-stage="saved"]').count()).toBe(5);
    await expect.poll(() => list.locator('li', { hasText: `Deleted link ${deleted.id}` }).textContent()).toContain('Reverted');
    await expect.poll(() => page.getByText('This link is deleted.', { exact: false }).count()).toBe(0);
    await search.fill(deleted.id);
    await expect.poll(() => page.getByRole('option').allTextContents()).toContain(`${deleted.id}added`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
