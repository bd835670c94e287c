/**
 * The chart editor end to end (spec 3 §2.3, §4 chart preview and bar editors, §5 chart rules, §8 chart messages)
 * over a finished demo run whose post-processing imported output_trips: the overlay on a dashboard, the page route,
 * the stored chart with its preview image.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { API, createDemoScenario, json, scheduleDemoRun, waitForRunTables } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'cleo', password: 'charts-1' });
const RUN_TIMEOUT_MS = 120_000;
const SHOTS = process.env.CHART_SHOTS; // a folder for screenshots of the editor, when set

type Cell = string | number | null;

/** The finished demo run (its id), with post-processing done so output_trips is a table. */
async function finishedRun(page: Page): Promise<number> {
  const scenario = await createDemoScenario(page, 'cleo', 'chart-city', 'Chart City');
  const runId = await scheduleDemoRun(page, scenario, { name: 'Chart Run', matsimRunId: 'chart-run', programArgs: '--config:controller.lastIteration=0' });
  await waitForRunTables(page, runId, RUN_TIMEOUT_MS);
  return runId;
}

/** Trips per main mode as the table query API answers them, as "mode is count" pairs (ECharts' aria wording). */
async function tripsPerMode(page: Page, runId: number): Promise<string[]> {
  const answer = await json<{ rows: Cell[][] }>(
    await page.request.post(`${API}/datasets/datasets/${runId}/tables/output_trips/query`, {
      data: { query: { select: [{ column: 'main_mode' }, { column: 'trip_id', aggregation: 'COUNT' }], groupBy: [{ column: 'main_mode' }], where: [] }, shape: 'RAW' },
    }),
  );
  return answer.rows.map(([mode, count]) => `the data for ${String(mode)} is ${String(count)}`).sort();
}

/**
 * The data ECharts describes in the drawn chart's aria-label, as "name is value" pairs. ECharts lists every value
 * dimension of an item ("the data for car is 0, 400": category index, then value); the last one is the bar's value.
 */
async function drawnData(chart: Locator): Promise<string[]> {
  const label = (await chart.getAttribute('aria-label')) ?? '';
  return [...label.matchAll(/the data for (.+?) is ((?:-?\d+(?:\.\d+)?, )*-?\d+(?:\.\d+)?)/g)].map(([, name, values]) => `the data for ${name} is ${values!.split(', ').at(-1)}`).sort();
}

/** The values ECharts describes, in the drawn order (the last value dimension of each item). */
async function drawnValues(chart: Locator): Promise<number[]> {
  const label = (await chart.getAttribute('aria-label')) ?? '';
  return [...label.matchAll(/the data for .+? is ((?:-?\d+(?:\.\d+)?, )*-?\d+(?:\.\d+)?)/g)].map(([, values]) => Number(values!.split(', ').at(-1)));
}

/** Trips per hour of departure (bins of 3600 s) from the query API, in bin order, empty hours as 0. */
async function tripsPerHour(page: Page, runId: number): Promise<number[]> {
  const answer = await json<{ rows: Cell[][] }>(
    await page.request.post(`${API}/datasets/datasets/${runId}/tables/output_trips/query`, {
      data: {
        query: { select: [{ column: 'dep_time', binning: { interval: 3600 } }, { column: 'trip_id', aggregation: 'COUNT' }], groupBy: [{ column: 'dep_time' }], where: [] },
        shape: 'RAW',
      },
    }),
  );
  // The API answers the bins holding trips; the chart also draws the empty hours between them (0 trips).
  const counts = new Map(answer.rows.filter(([edge]) => edge !== null).map(([edge, count]) => [Number(edge), Number(count)]));
  const edges = [...counts.keys()];
  const hours: number[] = [];
  for (let edge = Math.min(...edges); edge <= Math.max(...edges); edge += 3600) hours.push(counts.get(edge) ?? 0);
  return hours;
}

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let runId = 0;
beforeAll(async () => {
  const { page, context } = await openPage(env.browser, env.server.url);
  await signIn(page, 'cleo', 'charts-1');
  runId = await finishedRun(page);
  await context.close();
}, RUN_TIMEOUT_MS + 30_000);

describe('chart editor', () => {
  test('overlay: Cancel, a bar chart of trips per main mode, Save with a stored 500×350 preview; reload keeps it; edit', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'cleo', 'charts-1');
    const expected = await tripsPerMode(page, runId);
    expect(expected.length).toBeGreaterThan(0);

    await page.goto(`/cleo/dashboards/new?datasets=${runId}`);
    const addChart = async () => {
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Chart', exact: true }).click();
    };
    // Cancel closes the overlay without a panel.
    await addChart();
    const editor = page.locator('[data-chart-editor="overlay"]');
    await editor.waitFor();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    expect(await page.locator('[data-panel]').count()).toBe(0);

    await addChart();
    await editor.waitFor();
    // The dataset from the file browser, then its table.
    await editor.getByRole('button', { name: 'Choose dataset…' }).click();
    const browser = page.getByRole('dialog', { name: 'Choose a dataset' });
    await browser.locator('[data-browse-node="Chart Run"]').waitFor();
    await shot(page, 'overlay-browser');
    await browser.locator('[data-browse-node="Chart Run"]').getByRole('button', { name: 'Select' }).first().click();
    await browser.waitFor({ state: 'detached' });
    await expect.poll(() => editor.getByTestId('chart-dataset').textContent()).toBe('Chart Run');
    await choose(page, editor, 'Table', 'output_trips');
    await shot(page, 'overlay-table');

    // bar, main_mode on the x axis, COUNT of trips.
    expect(await editor.getByRole('combobox', { name: 'Chart type', exact: true }).inputValue()).toBe('Bar');
    await choose(page, editor, 'X axis', /^main_mode /);
    await editor.getByRole('button', { name: 'Add measure' }).click();
    // The new measure sums a numeric column (issue 25); a text column picked for it is counted, named so.
    expect(await editor.getByRole('combobox', { name: 'Aggregation', exact: true }).inputValue()).toBe('Sum');
    await choose(page, editor, 'Values', /^trip_id /);
    expect(await editor.getByRole('combobox', { name: 'Aggregation', exact: true }).inputValue()).toBe('Number of rows');
    const preview = editor.getByTestId('chart-preview');
    const drawn = preview.getByRole('img');
    await expect.poll(() => drawnData(drawn)).toEqual(expected.slice(0, 10));
    expect(await drawn.getAttribute('aria-label')).toContain('with type Bar chart');
    await shot(page, 'overlay-bar');

    // Save needs a name.
    const save = editor.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await editor.getByRole('textbox', { name: 'Chart name' }).fill('Trips by mode');
    expect(await save.isEnabled()).toBe(true);
    const created = page.waitForResponse((r) => r.url().endsWith(`${API}/datasets/charts`) && r.request().method() === 'POST');
    await save.click();
    const { id: chartId } = (await (await created).json()) as { id: number };
    await editor.waitFor({ state: 'detached' });
    const panel = page.locator('[data-panel]');
    await expect.poll(() => panel.count()).toBe(1);
    await panel.getByText('Trips by mode').waitFor();
    await expect.poll(() => drawnData(panel.getByRole('img'))).toEqual(expected.slice(0, 10));

    // The stored chart and its preview image: a 500×350 jpeg.
    const stored = await json<{ previewUrl: string | null; name: string; table: string }>(await page.request.get(`${API}/datasets/charts/${chartId}`));
    expect(stored).toMatchObject({ name: 'Trips by mode', table: 'output_trips' });
    expect(stored.previewUrl).toBeTruthy();
    const image = await page.request.get(stored.previewUrl!);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    const size = await page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, stored.previewUrl!);
    expect(size).toEqual([500, 350]);

    // The dashboard saved itself; a reload shows the panel.
    await page.waitForURL(/\/cleo\/dashboards\/\d+$/);
    await page.getByText(/^Autosaved at /).waitFor();
    await page.reload();
    await panel.getByText('Trips by mode').waitFor();
    await expect.poll(() => drawnData(panel.getByRole('img'))).toEqual(expected.slice(0, 10));

    // Edit: the editor opens with the saved configuration.
    await panel.hover();
    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    await editor.waitFor();
    expect(await editor.getByRole('textbox', { name: 'Chart name' }).inputValue()).toBe('Trips by mode');
    expect(await editor.getByRole('combobox', { name: 'Table', exact: true }).inputValue()).toBe('output_trips');
    expect(await editor.getByRole('combobox', { name: 'X axis', exact: true }).inputValue()).toBe('main_mode (STRING)');
    await expect.poll(() => drawnData(preview.getByRole('img'))).toEqual(expected.slice(0, 10));
    expect(await editor.getByRole('button', { name: 'Save as New' }).isEnabled()).toBe(true);

    // Numeric x axis: NONE is offered (and chosen); back to discrete resets the aggregation to COUNT (spec 3 §4).
    const axisType = editor.getByRole('radiogroup', { name: 'X axis type' });
    await axisType.getByText('Numeric', { exact: true }).click();
    await choose(page, editor, 'Aggregation', 'None');
    expect(await editor.getByRole('combobox', { name: 'Aggregation', exact: true }).inputValue()).toBe('None');
    await axisType.getByText('Discrete', { exact: true }).click();
    await expect.poll(() => editor.getByRole('combobox', { name: 'Aggregation', exact: true }).inputValue()).toBe('Number of rows');

    // Binning is offered for a numeric column on the discrete axis: dep_time in bins of 3600 s, an hourly histogram.
    expect(await editor.getByRole('radiogroup', { name: 'Binning' }).count()).toBe(0);
    await choose(page, editor, 'X axis', /^dep_time /);
    const binning = editor.getByRole('radiogroup', { name: 'Binning' });
    await binning.getByText('Interval', { exact: true }).click();
    const binSize = editor.getByRole('textbox', { name: 'Bin size' });
    expect(await binSize.inputValue()).toBe('1000');
    await binSize.fill('3600');
    const hourly = await tripsPerHour(page, runId);
    expect(hourly.length).toBeGreaterThan(1);
    await expect.poll(() => drawnValues(preview.getByRole('img'))).toEqual(hourly.slice(0, 10));
    await shot(page, 'overlay-histogram');
    if (SHOTS) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, 'overlay-dark');
      await page.setViewportSize({ width: 820, height: 700 });
      await shot(page, 'overlay-narrow');
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.emulateMedia({ colorScheme: 'light' });
    }
    // Numeric axes offer no binning.
    await axisType.getByText('Numeric', { exact: true }).click();
    await binning.waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
  }, 90_000);

  test('page route: a new table chart is saved to /{group}/charts/{id}, kept on reload; Save as New makes another', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'cleo', 'charts-1');
    const expected = await tripsPerMode(page, runId);
    await page.goto(`/cleo/charts/new?dataset=${runId}`);
    const editor = page.locator('[data-chart-editor="page"]');
    await expect.poll(() => editor.getByTestId('chart-dataset').textContent()).toBe('Chart Run');
    await choose(page, editor, 'Table', 'output_trips');
    await choose(page, editor, 'Chart type', 'Table');
    // The table type's column picker is "Column" (as the filters' one: pick it in the Visualization section).
    await choose(page, editor.getByRole('region', { name: 'Visualization' }), 'Column', /^main_mode /);
    await editor.getByRole('button', { name: 'Add measure' }).click();
    await choose(page, editor, 'Values', /^trip_id /);
    const table = editor.getByTestId('chart-preview').getByRole('table');
    const rows = async () =>
      (await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)))).map(
        ([mode, count]) => `the data for ${mode} is ${count}`,
      );
    await expect.poll(async () => (await rows()).sort()).toEqual(expected);
    expect(await table.locator('thead th').allTextContents()).toEqual(['main_mode', 'count(trip_id)']);
    await shot(page, 'page-table');

    await editor.getByRole('textbox', { name: 'Chart name' }).fill('Trip table');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/cleo\/charts\/\d+$/);
    const first = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.reload();
    await expect.poll(() => editor.getByRole('textbox', { name: 'Chart name' }).inputValue()).toBe('Trip table');
    expect(await editor.getByRole('combobox', { name: 'Chart type', exact: true }).inputValue()).toBe('Table');
    await expect.poll(async () => (await rows()).sort()).toEqual(expected);

    // Save updates the chart in place; Save as New creates another and goes to it.
    await editor.getByRole('textbox', { name: 'Chart name' }).fill('Trip table 2');
    const updated = page.waitForResponse((r) => r.url().endsWith(`${API}/datasets/charts/${first}`) && r.request().method() === 'PUT');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await updated).ok()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/cleo/charts/${first}`);
    await editor.getByRole('button', { name: 'Save as New' }).click();
    await page.waitForURL((url) => /^\/cleo\/charts\/\d+$/.test(url.pathname) && url.pathname !== `/cleo/charts/${first}`);
    const second = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(second).not.toBe(first);
    const names = await Promise.all([first, second].map(async (id) => (await json<{ name: string }>(await page.request.get(`${API}/datasets/charts/${id}`))).name));
    expect(names).toEqual(['Trip table 2', 'Trip table 2']);
  });

  test('rules and messages: pie needs values and a colour attribute, custom bins, filters need a column and a value', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    page.setDefaultTimeout(15_000);
    await signIn(page, 'cleo', 'charts-1');
    await page.goto(`/cleo/charts/new?dataset=${runId}`);
    const editor = page.locator('[data-chart-editor="page"]');
    const preview = editor.getByTestId('chart-preview');
    await expect.poll(() => editor.getByTestId('chart-dataset').textContent()).toBe('Chart Run');
    await choose(page, editor, 'Table', 'output_trips');

    // Pie: one measure and a dimension.
    await choose(page, editor, 'Chart type', 'Pie');
    await preview.getByText('Please specify the values and the color attribute', { exact: true }).waitFor();
    await editor.getByRole('button', { name: 'Values', exact: true }).click();
    await preview.getByText('Please specify the values and the color attribute', { exact: true }).waitFor();
    await choose(page, editor, 'Color attribute', /^main_mode /);
    await expect.poll(async () => (await preview.getByRole('img').getAttribute('aria-label')) ?? '').toContain('with type Pie chart');

    // Custom bins: numbers only, each larger than the one before ('X has to be larger than Y').
    await choose(page, editor, 'Chart type', 'Bar');
    await choose(page, editor, 'X axis', /^dep_time /);
    await editor.getByRole('radiogroup', { name: 'Binning' }).getByText('Custom bins', { exact: true }).click();
    const bins = editor.getByRole('textbox', { name: 'Bins (comma-separated)' });
    expect(await bins.inputValue()).toBe('10, 20, 30, 40');
    await bins.fill('10, 5');
    await editor.getByText('5 has to be larger than 10', { exact: true }).waitFor();
    expect(await bins.getAttribute('aria-invalid')).toBe('true');
    await bins.fill('abc');
    await editor.getByText('Please enter valid numbers only', { exact: true }).waitFor();
    await bins.fill('0, 28800, 57600');
    await editor.getByText('Please enter valid numbers only', { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await preview.getByRole('img').getAttribute('aria-label')) ?? '').toContain('the data for 28800 – 57600 is');
    await shot(page, 'page-bins');

    // A filter needs a column and a value; 'last k' the value alone.
    const add = editor.getByRole('button', { name: 'Add filter' });
    const value = editor.getByRole('textbox', { name: 'Value', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await value.fill('car');
    expect(await add.isDisabled()).toBe(true);
    await value.fill('');
    await choose(page, editor, 'Column', 'main_mode');
    expect(await add.isDisabled()).toBe(true);
    await value.fill('car');
    expect(await add.isEnabled()).toBe(true);
    await add.click();
    await editor.locator('[data-filter="main_mode = car"]').waitFor();
    await expect.poll(async () => (await preview.getByRole('img').getAttribute('aria-label')) ?? '').toContain('the data for 28800 – 57600 is');
    await editor.getByRole('button', { name: 'Clear Column' }).click();
    expect(await add.isDisabled()).toBe(true);
    await choose(page, editor, 'Operator', 'last k');
    await value.fill('2');
    expect(await add.isEnabled()).toBe(true);
    // Its column defaults to the first field.
    await add.click();
    await editor.locator('[data-filter="person last k 2"]').waitFor();
    await shot(page, 'page-filters');

    // A query the server refuses (400): its message is shown in the preview, and Save is off (spec 3 §8).
    await editor.getByRole('textbox', { name: 'Chart name' }).fill('Refused');
    await choose(page, editor, 'Column', /^dep_time$/);
    await choose(page, editor, 'Operator', /^<$/);
    await value.fill('abc');
    await add.click();
    const refused = preview.locator('[data-chart-state="error"]');
    await refused.waitFor();
    await shot(page, 'page-refused');
    const message = (await refused.textContent()) ?? '';
    expect(message).not.toBe('');
    expect(message).not.toContain('Request to server failed!');
    expect(await editor.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await editor.locator('[data-filter="dep_time < abc"]').getByRole('button', { name: 'Remove filter' }).click();
    await preview.getByRole('img').waitFor();
    expect(await editor.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);
    if (SHOTS) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, 'page-dark');
    }
  });
});
