// The map editor in real Chromium (issue 13): draw, move, lasso, edit in the table, undo/redo, save, reopen, the
// keyboard shortcuts; then the saved changeset in a run (Compare Runs row) and in an export (the zip's network).
import { readNetwork, readPopulation } from '@corridor/matsim';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, byTag, createDemoScenario, json, scheduleDemoRun, waitForRunTables } from '../support/api.ts';
import { downloadRunFile, unzip } from '../support/files.ts';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'editor-1' });

type Position = [number, number];
interface Modification {
  type: string;
  id?: string;
  node?: { id: string };
  modifications?: Modification[];
}

/** Page pixels of a position at zoom 16 (MapLibre's 512 px world tiles, Web Mercator). */
function pixels([lng, lat]: Position): Position {
  const world = 512 * 2 ** 16;
  return [((lng + 180) / 360) * world, ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * world];
}

/** The map's centre in page pixels, and a click/drag at an offset from it. */
async function mapFrame(page: Page) {
  const box = (await page.getByTestId('editor-map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return {
    click: (dx: number, dy: number) => page.mouse.click(cx + dx, cy + dy),
    move: (dx: number, dy: number) => page.mouse.move(cx + dx, cy + dy),
    async drag(from: [number, number], to: [number, number]) {
      await page.mouse.move(cx + from[0], cy + from[1]);
      await page.mouse.down();
      for (let step = 1; step <= 8; step++) {
        await page.mouse.move(cx + from[0] + ((to[0] - from[0]) * step) / 8, cy + from[1] + ((to[1] - from[1]) * step) / 8);
      }
      await page.mouse.up();
    },
  };
}

const pressed = (button: Locator) => button.getAttribute('aria-pressed');

describe('map editor', () => {
  test('draws, moves, lassoes and bulk-edits links; undo/redo; saves, reloads and reopens; the changeset reaches a run and an export', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ada', 'editor-1');
    const { id: scenarioId, groupId, files } = await createDemoScenario(page, 'ada', 'editor-city', 'Editor City');
    const network = byTag(files, 'network_v');
    // Network post-processing runs after the upload: the editor opens once the network answers queries.
    const query = () => page.request.post(`${API}/datasets/network/${network.id}/query`, { data: { type: 'Data', filters: {} } });
    await expect.poll(async () => (await query()).status(), { timeout: 60_000, interval: 500 }).toBe(200);
    const answer = await json<{ features: { geometry: { type: string; coordinates: Position | Position[] }; properties: { links?: { id: string }[] } }[] }>(await query());
    const nodes = answer.features.filter((feature) => feature.geometry.type === 'Point');
    const originalLinkCount = answer.features.reduce((sum, feature) => sum + (feature.properties.links?.length ?? 0), 0);
    const originalLinkIds = new Set(answer.features.flatMap((feature) => feature.properties.links?.map((link) => link.id) ?? []));
    const centre = nodes[0]!.geometry.coordinates as Position;
    const [lng, lat] = centre;
    // A grid link at the centre node: its direction on screen, for a click on it 180 px from the centre.
    const gridLink = answer.features.find(
      (feature) => feature.geometry.type === 'LineString' && (feature.geometry.coordinates as Position[]).some(([x, y]) => x === lng && y === lat),
    )!;
    const neighbour = (gridLink.geometry.coordinates as Position[]).find(([x, y]) => x !== lng || y !== lat)!;
    const [dx, dy] = [pixels(neighbour)[0] - pixels(centre)[0], pixels(neighbour)[1] - pixels(centre)[1]];
    const onGridLink: Position = [(180 * dx) / Math.hypot(dx, dy), (180 * dy) / Math.hypot(dx, dy)];

    // Zoom 16 on a grid node: grid links run through the centre, the 1 km neighbours are off screen.
    await page.goto(`/ada/editor-city/editor?c=${lat.toFixed(6)},${lng.toFixed(6)},16`);
    await page.getByRole('heading', { name: 'Scenario Editor' }).waitFor();
    const map = page.getByTestId('editor-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    const drawnBefore = Number(await map.getAttribute('data-links-drawn'));
    const toolbar = page.getByRole('toolbar', { name: 'Map tools' });
    const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });

    // Keyboard shortcuts V/N/L/M/O and Escape switch the tools.
    await map.click({ position: { x: 5, y: 5 } });
    for (const [key, name] of [['n', 'Add Node'], ['l', 'Add Link'], ['m', 'Move Node'], ['o', 'Lasso'], ['v', 'Select'], ['n', 'Add Node']] as const) {
      await page.keyboard.press(key);
      await expect.poll(() => pressed(tool(name))).toBe('true');
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => pressed(tool('Select'))).toBe('true');

    // Two new nodes and a link between them, then a second link (a chain), Done.
    const frame = await mapFrame(page);
    const drawn = async () => Number(await map.getAttribute('data-links-drawn'));
    const nodeTitle = page.getByRole('heading', { name: /^Node / });

    // Add Node (N) on the empty map: a new node, selected; no link changes.
    await page.keyboard.press('n');
    await frame.click(-300, -150);
    await expect.poll(() => nodeTitle.textContent()).toMatch(/^Node \S+$/);
    const freeNode = (await nodeTitle.textContent())!.replace(/^Node /, '');
    expect(await drawn()).toBe(drawnBefore);
    // Add Node on a grid link splits it (both directions): each link becomes two halves meeting at the new node.
    await frame.click(...onGridLink);
    await expect.poll(async () => (await nodeTitle.textContent())?.replace(/^Node /, '')).not.toBe(freeNode);
    const splitNode = (await nodeTitle.textContent())!.replace(/^Node /, '');
    await expect.poll(drawn).toBeGreaterThan(drawnBefore);
    // With the Select tool, the grid link between the centre and the new node is a new link (a half).
    await page.keyboard.press('v');
    const linkTitle = page.getByRole('heading', { name: /^Link / });
    await frame.click(onGridLink[0] / 2, onGridLink[1] / 2);
    // One link's panel, or the table when the click took both directions.
    const selectedIds = async () =>
      (await linkTitle.count())
        ? [(await linkTitle.textContent())!.replace(/^Link /, '')]
        : page.getByRole('table').locator('tbody td[data-column="id"]').allTextContents();
    await expect.poll(selectedIds).not.toEqual([]);
    const halves = await selectedIds();
    expect(halves.filter((id) => originalLinkIds.has(id)), halves.join()).toEqual([]);
    // The search finds both new nodes by id, flagged "added" (issue 25).
    const search = page.getByPlaceholder('Node or link id');
    for (const id of [freeNode, splitNode]) {
      await search.fill(id);
      await expect.poll(() => page.getByRole('option').allTextContents()).toContain(`${id}added`);
    }
    await search.fill('');
    await page.keyboard.press('Escape');
    // Undo takes the split back: the demo's activities sit on every grid link, and a run refuses an activity
    // whose link is gone (the run below uses this changeset).
    await frame.click(-300, 150);
    await page.keyboard.press('Control+z');
    await expect.poll(drawn).toBe(drawnBefore);
    const drawnSplit = await drawn();
    await page.keyboard.press('l');
    await frame.click(80, 80);
    await frame.click(200, 80);
    await frame.click(320, 80);
    await tool('Done').click();
    await expect.poll(drawn).toBe(drawnSplit + 2);

    // The first link has the defaults of spec 2 §9 and a length from its end points.
    await page.keyboard.press('v');
    await frame.click(140, 80);
    const capacity = page.getByLabel('Capacity (veh/hour)', { exact: true });
    await expect.poll(() => capacity.inputValue()).toBe('600');
    expect(await page.getByLabel('Lanes', { exact: true }).inputValue()).toBe('1');
    expect(await page.getByLabel('Freespeed (m/s)', { exact: true }).inputValue()).toBe('13.89');
    const length = async () => Number(await page.getByLabel('Length (m)', { exact: true }).inputValue());
    // 120 px at zoom 16 (512 px tiles) near 53.5° N: about 85 m.
    expect(await length()).toBeGreaterThan(60);
    expect(await length()).toBeLessThan(110);
    const firstLink = await linkTitle.textContent();
    await frame.click(260, 80);
    await expect.poll(() => linkTitle.textContent()).not.toBe(firstLink);
    const secondLink = await linkTitle.textContent();

    // Moving the shared node drags both attached links along: each is found at its new midpoint, none at the
    // old one, and no link is drawn more or less.
    await page.keyboard.press('m');
    await frame.drag([200, 80], [200, 200]);
    await expect.poll(drawn).toBe(drawnSplit + 2);
    await page.keyboard.press('v');
    // Clicked again until the map has redrawn the moved links (a loaded machine may lag a frame or two).
    const titleAt = async (x: number, y: number) => {
      await frame.click(x, y);
      return (await linkTitle.count()) ? linkTitle.textContent() : null;
    };
    await expect.poll(() => titleAt(260, 140)).toBe(secondLink);
    await frame.click(0, 0);
    await expect.poll(() => linkTitle.count()).toBe(0);
    await frame.click(140, 80);
    await expect.poll(() => linkTitle.count()).toBe(0);
    await frame.click(0, 0);
    // The grid node at the centre still has links: Backspace cannot delete it, and the map says why.
    await page.keyboard.press('Backspace');
    const refusal = page.getByRole('alert').filter({ hasText: 'This change cannot be made' });
    await expect.poll(() => refusal.textContent()).toMatch(/Node \S+ still has \d+ link/);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await frame.click(140, 140);
    await expect.poll(() => linkTitle.textContent()).toBe(firstLink);

    // Lasso around both new links: the table lists them; edit all capacities, undo, redo.
    await page.keyboard.press('o');
    for (const [x, y] of [[40, 40], [360, 40], [360, 240], [40, 240], [41, 41]] as const) await frame.click(x, y);
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Capacity' }) });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    expect(await table.locator('tbody tr td[data-column="modes"]').allTextContents()).toEqual(['car', 'car']);
    await page.getByRole('button', { name: 'Edit all' }).click();
    await page.getByRole('dialog').getByLabel('Capacity (veh/hour)').fill('900');
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    const capacities = () => table.locator('tbody tr td[data-column="capacity"]').allTextContents();
    await expect.poll(capacities).toEqual(['900', '900']);
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+z');
    await expect.poll(capacities).toEqual(['600', '600']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(capacities).toEqual(['900', '900']);

    // Save as a changeset: the address names it; a reload opens it again with the changes saved.
    await page.getByRole('complementary').getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Changeset name').fill('Two new links');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/[?&]id=\d+/);
    const changesetId = Number(new URL(page.url()).searchParams.get('id'));
    await expect.poll(() => page.getByTestId('summary-network-saved').textContent()).not.toMatch(/Saved000/);
    const savedSummary = await page.getByTestId('summary-network-saved').textContent();
    await page.reload();
    await expect.poll(() => page.getByTestId('changeset-name').textContent(), { timeout: 30_000 }).toBe('Two new links');
    await expect.poll(() => page.getByTestId('summary-network-saved').textContent()).toBe(savedSummary);
    // The reload also loads, by id, the links around the changeset's nodes (the split link's far end, off screen):
    // at least what was drawn before; the moved links are where they were.
    await expect.poll(drawn, { timeout: 30_000 }).toBeGreaterThanOrEqual(drawnSplit + 2);
    await page.keyboard.press('v');
    await expect.poll(() => titleAt(260, 140)).toBe(secondLink);
    const drawnReloaded = await drawn();
    // The saved modifications hold the free node; the split was undone, so nothing of it is saved.
    const saved = await json<{ id: number; modifications: Modification[] }[]>(await page.request.get(`${API}/datasets/datasets/${scenarioId}/changesets`));
    const flat = saved.find((c) => c.id === changesetId)!.modifications.flatMap((m) => (m.type === 'network/group' ? m.modifications! : [m]));
    const addedNodes = flat.filter((m) => m.type === 'network/addNode').map((m) => m.node!.id);
    expect(addedNodes).toContain(freeNode);
    expect(addedNodes).not.toContain(splitNode);
    expect(flat.filter((m) => m.type === 'network/deleteLink')).toEqual([]);

    // New, then Open from the list: the same changes are back.
    await page.getByRole('complementary').getByRole('button', { name: 'New', exact: true }).click();
    await expect.poll(() => page.getByTestId('changeset-name').textContent()).toBe('Untitled');
    await page.getByRole('complementary').getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Open Two new links' }).click();
    await expect.poll(() => page.getByTestId('summary-network-saved').textContent()).toBe(savedSummary);

    // Backspace deletes the selected link through the select handler; undo brings it back.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.keyboard.press('v');
    await frame.click(140, 140);
    await expect.poll(() => capacity.inputValue()).toBe('900');
    await page.keyboard.press('Backspace');
    await expect.poll(() => capacity.count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(drawn).toBe(drawnReloaded);

    // A run scheduled on the schedule page with the changeset chosen there: it simulates the edited network (its
    // output_network lacks nothing and has the two new links with capacity 900), and Compare Runs names it.
    await page.goto('/ada/editor-city');
    await page.getByRole('link', { name: 'Start a run' }).click();
    await page.getByRole('heading', { name: 'Schedule a new Run' }).waitFor();
    await page.getByRole('textbox', { name: 'Program arguments' }).fill('--config:controller.lastIteration=0');
    await page.getByRole('textbox', { name: 'Name' }).fill('Edited Run');
    // The picker's input lies under its pills box, which takes the click and opens the list.
    await page.getByRole('combobox', { name: 'Changesets to apply' }).click({ force: true });
    await page.getByRole('option', { name: 'Two new links' }).click();
    await page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page.getByText('Run successfully scheduled.').waitFor();
    await page.waitForURL('**/ada/editor-city');
    await page.getByRole('list', { name: 'Runs' }).getByRole('link', { name: 'Edited Run' }).click();
    await page.waitForURL(/\/runs\/\d+$/);
    const edited = Number(new URL(page.url()).pathname.split('/').at(-1));
    const scenario = { id: scenarioId, groupId, files };
    const plain = await scheduleDemoRun(page, scenario, { name: 'Plain Run', matsimRunId: 'plain-run', programArgs: '--config:controller.lastIteration=0' });
    await waitForRunTables(page, edited, 120_000);
    const scenarioNetwork = await readNetwork(Buffer.from(await (await page.request.get(`${API}/datasets/files/${network.id}?dl=1`)).body()));
    const outputNetwork = await readNetwork(await downloadRunFile(page, edited, /output_network\.xml(\.gz)?$/));
    const newLinks = (edited: typeof outputNetwork) => [...edited.links.values()].filter((link) => !scenarioNetwork.links.has(link.id));
    expect(newLinks(outputNetwork).map((link) => link.capacity)).toEqual([900, 900]);
    expect(outputNetwork.links.size).toBe(originalLinkCount + 2);
    expect(outputNetwork.nodes.has(freeNode)).toBe(true);
    await page.goto(`/ada/compare?runs=${edited},${plain}`);
    const row = page.locator('tr[data-kind="changesets"]');
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Two new links');

    // Export with the changeset: the zip's network has the same edits.
    const exported = await page.request.post(`${API}/datasets/datasets/${scenarioId}/export`, {
      data: { files: { config: byTag(files, 'config_v').id, network: network.id }, changesets: [changesetId] },
    });
    expect(exported.status()).toBe(200);
    const entries = await unzip(await exported.body());
    const [, networkBytes] = [...entries].find(([name]) => name.startsWith('network'))!;
    const zipped = await readNetwork(networkBytes);
    expect(zipped.links.size).toBe(originalLinkCount + 2);
    expect(newLinks(zipped).map((link) => link.capacity)).toEqual([900, 900]);
    expect(scenarioNetwork.links.size).toBe(originalLinkCount);
    expect(pageErrors).toEqual([]);
  }, 300_000);

  test('deleting links the plans use warns with the counts and example persons; Cancel keeps them, Delete anyway deletes', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, 'ada', 'editor-1');
    const { files } = await createDemoScenario(page, 'ada', 'link-use-city', 'Link Use City');
    const network = byTag(files, 'network_v');
    const plans = byTag(files, 'population_v');
    const query = () => page.request.post(`${API}/datasets/network/${network.id}/query`, { data: { type: 'Data', filters: {} } });
    await expect.poll(async () => (await query()).status(), { timeout: 60_000, interval: 500 }).toBe(200);
    const answer = await json<{ features: { geometry: { type: string; coordinates: Position | Position[] } }[] }>(await query());
    const centre = answer.features.find((feature) => feature.geometry.type === 'Point')!.geometry.coordinates as Position;
    const [lng, lat] = centre;
    const gridLink = answer.features.find(
      (feature) => feature.geometry.type === 'LineString' && (feature.geometry.coordinates as Position[]).some(([x, y]) => x === lng && y === lat),
    )!;
    const neighbour = (gridLink.geometry.coordinates as Position[]).find(([x, y]) => x !== lng || y !== lat)!;
    const [dx, dy] = [pixels(neighbour)[0] - pixels(centre)[0], pixels(neighbour)[1] - pixels(centre)[1]];
    const onGridLink: Position = [(180 * dx) / Math.hypot(dx, dy), (180 * dy) / Math.hypot(dx, dy)];

    // The counts the warning should show, from the demo's plans read here.
    const population = await readPopulation(Buffer.from(await (await page.request.get(`${API}/datasets/files/${plans.id}?dl=1`)).body()));
    const activitiesOn = (linkId: string) => {
      let count = 0;
      const persons: string[] = [];
      for (const person of population.persons.values()) {
        for (const plan of person.plans) {
          for (const element of plan.elements) {
            if (element.kind !== 'activity' || element.link !== linkId) continue;
            count++;
            if (persons.length < 3 && !persons.includes(person.id)) persons.push(person.id);
          }
        }
      }
      return { count, persons };
    };

    await page.goto(`/ada/link-use-city/editor?c=${lat.toFixed(6)},${lng.toFixed(6)},16`);
    await page.getByRole('heading', { name: 'Scenario Editor' }).waitFor();
    const map = page.getByTestId('editor-map');
    await expect.poll(() => map.getAttribute('data-map-ready'), { timeout: 30_000 }).toBe('true');
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBeGreaterThan(0);
    const drawnBefore = Number(await map.getAttribute('data-links-drawn'));
    const frame = await mapFrame(page);

    // A click on the grid link selects both directions (the table), or one (its panel).
    await frame.click(...onGridLink);
    const linkTitle = page.getByRole('heading', { name: /^Link / });
    const selectedIds = async () =>
      (await linkTitle.count())
        ? [(await linkTitle.textContent())!.replace(/^Link /, '')]
        : page.getByRole('table').locator('tbody td[data-column="id"]').allTextContents();
    await expect.poll(selectedIds).not.toEqual([]);
    const ids = await selectedIds();
    const used = ids.map((id) => ({ id, ...activitiesOn(id) })).filter((use) => use.count > 0);
    expect(used.length, `activities on ${ids.join()}`).toBeGreaterThan(0);

    // Backspace: the warning names each used link with its activity count and persons, and the plans file.
    await page.keyboard.press('Backspace');
    const dialog = page.getByRole('dialog', { name: "The scenario's plans use these links" });
    await dialog.waitFor({ timeout: 60_000 });
    for (const use of used) {
      const persons = use.persons.length >= 3 ? `${use.persons.join(', ')}, …` : use.persons.join(', ');
      const activities = use.count === 1 ? `1 activity (person ${persons})` : `${use.count} activities (persons ${persons})`;
      await expect.poll(() => dialog.textContent()).toContain(`Link ${use.id} is used by ${activities}`);
    }
    expect(await dialog.textContent()).toContain(`in ${plans.name}.`);
    expect(await dialog.textContent()).toContain('Runs re-route the plan routes that use a deleted link.');
    // Cancel: nothing is deleted.
    // Shortcuts wait until the closing dialog has left the page.
    const closed = () => expect.poll(() => page.locator('[aria-modal="true"]').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await closed();
    expect(Number(await map.getAttribute('data-links-drawn'))).toBe(drawnBefore);
    expect(await selectedIds()).toEqual(ids);
    // Delete anyway: the links go and the selection with them; the change summary counts them; one undo brings them back.
    await page.keyboard.press('Backspace');
    await dialog.getByRole('button', { name: 'Delete anyway' }).click();
    await closed();
    await expect.poll(selectedIds).toEqual([]);
    await expect.poll(() => page.getByTestId('summary-network-unsaved').textContent()).toMatch(/2$/);
    await frame.click(...onGridLink);
    await expect.poll(selectedIds).toEqual([]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('summary-network-unsaved').textContent()).toMatch(/0$/);
    await frame.click(...onGridLink);
    await expect.poll(selectedIds).toEqual(ids);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
