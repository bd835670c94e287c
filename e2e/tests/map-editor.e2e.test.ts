// The map editor in real Chromium (issue 13): draw, move, lasso, edit in the table, undo/redo, save, reopen, the
// keyboard shortcuts; then the saved changeset in a run (Compare Runs row) and in an export (the zip's network).
import { readNetwork } from '@corridor/matsim';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import yauzl from 'yauzl';
import { API, byTag, createDemoScenario, json } from '../support/api.ts';
import { signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'editor-1' });

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const parts: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) parts.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(parts));
  }
  return entries;
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
    const answer = await json<{ features: { geometry: { type: string; coordinates: [number, number] }; properties: { links?: unknown[] } }[] }>(await query());
    const nodes = answer.features.filter((feature) => feature.geometry.type === 'Point');
    const originalLinkCount = answer.features.reduce((sum, feature) => sum + (feature.properties.links?.length ?? 0), 0);
    const [lng, lat] = nodes[0]!.geometry.coordinates;

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
    await page.keyboard.press('l');
    await frame.click(80, 80);
    await frame.click(200, 80);
    await frame.click(320, 80);
    await tool('Done').click();
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn'))).toBe(drawnBefore + 2);

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
    const linkTitle = page.getByRole('heading', { name: /^Link / });
    const firstLink = await linkTitle.textContent();

    // Moving the shared node drags the attached links along: the first link is now found at the new midpoint.
    await page.keyboard.press('m');
    await frame.drag([200, 80], [200, 200]);
    await page.keyboard.press('v');
    await frame.click(0, 0);
    await expect.poll(() => linkTitle.count()).toBe(0);
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
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn')), { timeout: 30_000 }).toBe(drawnBefore + 2);

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
    await expect.poll(async () => Number(await map.getAttribute('data-links-drawn'))).toBe(drawnBefore + 2);

    // A run scheduled with the changeset lists it on Compare Runs.
    const roles = [['config', byTag(files, 'config_v')], ['network', network], ['population', byTag(files, 'population_v')]] as const;
    const schedule = async (name: string, changesets: number[]) =>
      (
        await json<{ datasetId: number }>(
          await page.request.post(`${API}/jobs/jobs`, {
            data: {
              type: 'matsim',
              name,
              group: groupId,
              files: roles.map(([role, file]) => ({ file: file.id, name: file.name, role })),
              scenarioId,
              description: '',
              changesets: changesets.map((id) => ({ id })),
              memory: '2g',
              programArgs: '--config:controller.lastIteration=0',
              matsimRunId: name.toLowerCase().replaceAll(' ', '-'),
            },
          }),
        )
      ).datasetId;
    const edited = await schedule('Edited Run', [changesetId]);
    const plain = await schedule('Plain Run', []);
    await page.goto(`/ada/compare?runs=${edited},${plain}`);
    const row = page.locator('tr[data-kind="changesets"]');
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Two new links');

    // Export with the changeset: the zip's network has the two new links with capacity 900.
    const exported = await page.request.post(`${API}/datasets/datasets/${scenarioId}/export`, {
      data: { files: { config: byTag(files, 'config_v').id, network: network.id }, changesets: [changesetId] },
    });
    expect(exported.status()).toBe(200);
    const entries = await unzip(await exported.body());
    const [, networkBytes] = [...entries].find(([name]) => name.startsWith('network'))!;
    const zipped = await readNetwork(networkBytes);
    expect(zipped.links.size).toBe(originalLinkCount + 2);
    const scenarioNetwork = await readNetwork(Buffer.from(await (await page.request.get(`${API}/datasets/files/${network.id}?dl=1`)).body()));
    const added = [...zipped.links.values()].filter((link) => !scenarioNetwork.links.has(link.id));
    expect(added.map((link) => link.capacity)).toEqual([900, 900]);
    expect(scenarioNetwork.links.size).toBe(originalLinkCount);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
