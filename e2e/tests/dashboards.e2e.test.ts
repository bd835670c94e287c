import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { API, createDemoScenario, json, scheduleDemoRun, waitForRunTables } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'dashboards-1' });
const RUN_TIMEOUT_MS = 180_000;
const SHOTS = process.env.E2E_SHOTS;

/** Two finished demo runs (with post-processing done), made once for the whole file. */
const runs = { base: { id: 0, name: 'Base Run' }, case: { id: 0, name: 'Case Run' } };
let page: Page;

async function shot(name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** Every chart panel of the board reached the ready state: a drawn canvas (or table) and no error text. */
async function chartsReady(expected: number): Promise<void> {
  const panels = page.locator('[data-panel]').filter({ has: page.locator('[data-chart-state]') });
  await expect.poll(() => panels.count()).toBe(expected);
  // Ready is a drawn ECharts canvas (or a table), not the lazy canvas still loading inside the ready state.
  const drawn = page
    .locator('[data-chart-state="ready"]')
    .filter({ has: page.locator('canvas, table') })
    .filter({ hasNot: page.locator('[data-chart-state="loading"]') });
  await expect.poll(() => drawn.count(), { timeout: 30_000 }).toBe(expected);
  expect(await page.locator('[data-chart-state="error"]').count()).toBe(0);
  // ECharts describes each drawn chart and its values in the aria-label: every chart has values.
  const described = await page.locator('[data-chart-state="ready"] [aria-label]').filter({ has: page.locator('canvas') }).evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  for (const label of described) expect(label).toMatch(/(?:The data is as follows|The first \d+ items are): .*\d/);
  for (const table of await page.locator('[data-chart-state="ready"] table').all()) expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
}

/** The board's panel whose title row shows `title`. */
const panel = (title: string): Locator => page.locator('[data-panel]').filter({ has: page.getByText(title, { exact: true }) });

const autosaved = () => page.getByText(/^Autosaved at /);
const BOARD = 'Mode check';

interface Place {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The stored dashboard's panel places by chart name (text panels by their text). */
async function storedPlaces(): Promise<Record<string, Place>> {
  const id = Number(/\/dashboards\/(\d+)$/.exec(page.url())?.[1]);
  const board = await json<{ items: (Place & { data: { name?: string; text?: string } })[] }>(await page.request.get(`${API}/datasets/dashboards/${id}`));
  return Object.fromEntries(board.items.map(({ x, y, width, height, data }) => [data.name ?? data.text ?? '', { x, y, width, height }]));
}

/** Drags with the mouse in small steps, as a user does (react-grid-layout follows mouse moves). */
async function drag(handle: Locator, dx: number, dy: number): Promise<void> {
  const box = (await handle.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

/** The drawn panels' boxes, rounded, to compare the layout before and after a reload. */
async function drawnBoxes(titles: string[]): Promise<string[]> {
  return Promise.all(
    titles.map(async (title) => {
      const box = (await panel(title).boundingBox())!;
      return [box.x, box.y, box.width, box.height].map(Math.round).join(',');
    }),
  );
}

describe('dashboard page', () => {
  beforeAll(async () => {
    ({ page } = await openPage(env.browser, env.server.url));
    await page.setViewportSize({ width: 1400, height: 1300 });
    await signIn(page, 'ada', 'dashboards-1');
    const scenario = await createDemoScenario(page, 'ada', 'board-city', 'Board City');
    // Two iterations (0 and 1), so the score and mode statistics charts draw lines.
    const programArgs = '--config:controller.lastIteration=1';
    runs.base.id = await scheduleDemoRun(page, scenario, { name: runs.base.name, matsimRunId: 'base', programArgs });
    runs.case.id = await scheduleDemoRun(page, scenario, { name: runs.case.name, matsimRunId: 'case', programArgs });
    await waitForRunTables(page, runs.base.id, RUN_TIMEOUT_MS);
    await waitForRunTables(page, runs.case.id, RUN_TIMEOUT_MS);
  }, 2 * RUN_TIMEOUT_MS + 30_000);
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await shot(`failed-${context.task.name.slice(0, 30)}`);
  });

  test('a new dashboard on the latest finished run: Load from Template Overview and Trips draw their charts with data', async () => {
    await page.goto('/ada/dashboards');
    await page.getByRole('link', { name: 'Create Dashboard' }).first().click();
    await page.waitForURL(/\/ada\/dashboards\/new$/);
    // The first variable is the group's latest run with tables.
    const first = page.getByLabel('Dataset of Dataset 1');
    await expect.poll(() => first.inputValue()).toMatch(new RegExp(`^${runs.case.name} \\(\\d+\\)$`));
    await page.getByRole('textbox', { name: 'Dashboard name' }).fill(BOARD);
    await shot('1-new');

    // The template answer is held back until the button has shown its loading state.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/static/dashboard/templates/overview.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Load from Template' }).click();
    await page.getByRole('menuitem', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Loading template...' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Run overview' }).waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    await chartsReady(5);
    await shot('1-overview');

    await page.getByRole('button', { name: 'Load from Template' }).click();
    await page.getByRole('menuitem', { name: 'Trips' }).click();
    await chartsReady(5);
    await shot('1-trips');
    // Loading a template is a change: the new dashboard is saved and gets its address.
    await page.waitForURL(/\/ada\/dashboards\/\d+$/);
    await autosaved().waitFor();
  }, 90_000);

  test('a resized and a moved panel are autosaved and kept after a reload', async () => {
    const grid = (await page.locator('.react-grid-layout').boundingBox())!;
    // 12 columns with 12 px margins and container padding: one column step is a column's width plus a margin.
    const step = (grid.width - 12 * 11 - 2 * 12) / 12 + 12;
    const cell = (title: string) => page.locator('.react-grid-item').filter({ has: page.getByText(title, { exact: true }) });

    await drag(cell('Departure time').locator('.react-resizable-handle'), -2 * step, 0);
    await drag(panel('Trips by mode').getByText('Trips by mode', { exact: true }), -2 * step, 0);
    await autosaved().waitFor();
    await expect
      .poll(storedPlaces, { timeout: 10_000 })
      .toMatchObject({ 'Departure time': { x: 0, y: 2, width: 4, height: 6 }, 'Trips by mode': { x: 4, y: 2, width: 6, height: 6 } });
    await chartsReady(5);
    const titles = ['Departure time', 'Trips by mode', 'Mean travel distance by mode', 'Travel time by mode'];
    const before = await drawnBoxes(titles);
    await shot('2-moved');

    await page.reload();
    await chartsReady(5);
    expect(await drawnBoxes(titles)).toEqual(before);
  });

  test('a second run as comparative variable: a comparing chart draws both datasets', async () => {
    await page.getByRole('button', { name: 'Add dataset for comparative analysis' }).click();
    await page.getByLabel('Choose a dataset').click();
    await page.getByRole('option', { name: new RegExp(`^${runs.base.name} \\(\\d+\\)$`) }).click();
    await expect.poll(() => page.getByLabel('Dataset of Dataset 2').inputValue()).toMatch(new RegExp(`^${runs.base.name} `));
    // Renamed, the variable names the series it draws.
    const name = page.getByRole('textbox', { name: 'Name of the variable' }).nth(1);
    await name.fill('Base');
    await name.press('Enter');

    const trips = panel('Trips by mode');
    await trips.hover();
    await trips.getByRole('button', { name: 'Edit' }).click();
    const editor = page.locator('[data-chart-editor="overlay"]');
    await editor.getByRole('switch', { name: "Compare across the dashboard's datasets" }).check();
    await editor.locator('[data-chart-state="ready"]').waitFor();
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await editor.waitFor({ state: 'detached' });

    const drawn = trips.locator('[aria-label]').filter({ has: page.locator('canvas') });
    await expect.poll(() => drawn.getAttribute('aria-label'), { timeout: 15_000 }).toMatch(/Dataset 1/);
    expect(await drawn.getAttribute('aria-label')).toMatch(/Base/);
    await chartsReady(5);
    await shot('3-compare');
  });

  test('hover menu: full screen (Duplicate and Delete off, Esc leaves); Download of a chart panel gives a png image', async () => {
    const trips = panel('Trips by mode');
    await trips.hover();
    await trips.getByRole('button', { name: 'Full screen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-chart-state="ready"] canvas').first().waitFor();
    expect((await dialog.boundingBox())!.height).toBeGreaterThan(1000);
    await dialog.getByRole('button', { name: 'More actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Duplicate' }).isDisabled()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Delete' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape'); // closes the menu
    await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor({ state: 'hidden' });
    await shot('4-fullscreen');
    await page.keyboard.press('Escape'); // leaves full screen
    await dialog.waitFor({ state: 'detached' });

    await trips.hover();
    await trips.getByRole('button', { name: 'More actions' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('Trips by mode.png');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.length).toBeGreaterThan(1024);
    if (SHOTS) await download.saveAs(`${SHOTS}/download.png`);
  });

  test('locked: read only, still locked after a reload; unlocked again; a duplicate from the list is unlocked', async () => {
    await page.getByRole('button', { name: 'Lock dashboard' }).click();
    await page.getByText('Dashboard is locked.').first().waitFor();
    await page.getByRole('button', { name: 'Unlock dashboard' }).waitFor();
    const readOnly = async () => {
      await page.getByRole('status').filter({ hasText: 'Dashboard is locked.' }).waitFor();
      await page.getByLabel('Dashboard is locked.', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Load from Template' }).count()).toBe(0);
      await panel('Trips by mode').hover();
      expect(await page.getByRole('toolbar', { name: 'More actions' }).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Dashboard name' }).getAttribute('readonly')).not.toBeNull();
    };
    await readOnly();
    await shot('4-locked');
    await page.reload();
    await chartsReady(5);
    await readOnly();

    await page.getByRole('button', { name: 'Unlock dashboard' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await page.getByText('Dashboard is locked.').count()).toBe(0);

    await page.goto('/ada/dashboards');
    await page.getByRole('button', { name: `Duplicate ${BOARD}` }).click();
    await page.getByRole('link', { name: `${BOARD} Copy` }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Dashboard name' }).inputValue()).toBe(`${BOARD} Copy`);
    await chartsReady(5);
    expect(await page.getByText('Dashboard is locked.').count()).toBe(0);
  });

  test('dark theme: the panels and charts are drawn in the dark scheme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await chartsReady(5);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await shot('5-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
