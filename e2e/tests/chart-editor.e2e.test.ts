/**
 * The chart editor end to end (spec 3 §2.3, §4 chart preview and bar editors, §5 chart rules, §8 chart messages)
 * over a finished demo run whose post-processing imported output_trips: the overlay on a dashboard, the page route,
 * the stored chart with its preview image.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { API, byTag, createDemoScenario, json } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'cleo', password: 'charts-1' });
const RUN_TIMEOUT_MS = 120_000;
const SHOTS = process.env.CHART_SHOTS; // a folder for screenshots of the editor, when set

type Cell = string | number | null;

/** The finished demo run (its id), with post-processing done so output_trips is a table. */
async function finishedRun(page: Page): Promise<number> {
  const scenario = await createDemoScenario(page, 'cleo', 'chart-city', 'Chart City');
  const { datasetId: runId } = await json<{ datasetId: number }>(
    await page.request.post(`${API}/jobs/jobs`, {
      data: {
        type: 'matsim',
        name: 'Chart Run',
        group: scenario.groupId,
        files: (['config', 'network', 'population'] as const).map((role) => {
          const file = byTag(scenario.files, `${role}_v`);
          return { file: file.id, name: file.name, role };
        }),
        scenarioId: scenario.id,
        description: '',
        changesets: [],
        memory: '2g',
        programArgs: '--config:controller.lastIteration=0',
        matsimRunId: 'chart-run',
      },
    }),
  );
  const postProcessing = async () => {
    const run = await json<{ attributes?: { postProcessRun?: { status?: string } } }>(await page.request.get(`${API}/datasets/datasets/${runId}`));
    return run.attributes?.postProcessRun?.status ?? null;
  };
  // expect.poll works inside tests only; this runs before them.
  for (const end = Date.now() + RUN_TIMEOUT_MS; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 500))) {
    const status = await postProcessing();
    if (status === 'FINISHED') return runId;
    if (status === 'FAILED') throw new Error(`post-processing of run ${runId} failed`);
  }
  throw new Error(`run ${runId} was not post-processed in time`);
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
    await browser.locator('[data-browse-node="Chart Run"]').getByRole('button', { name: 'Select' }).first().click();
    await browser.waitFor({ state: 'detached' });
    await expect.poll(() => editor.getByTestId('chart-dataset').textContent()).toBe('Chart Run');
    await choose(page, editor, 'Table', 'output_trips');
    await shot(page, 'overlay-table');

    // bar, main_mode on the x axis, COUNT of trips.
    expect(await editor.getByRole('combobox', { name: 'Chart type', exact: true }).inputValue()).toBe('Bar');
    await choose(page, editor, 'X axis', /^main_mode /);
    await editor.getByRole('button', { name: 'Add measure' }).click();
    await choose(page, editor, 'Values', /^trip_id /);
    expect(await editor.getByRole('combobox', { name: 'Aggregation', exact: true }).inputValue()).toBe('COUNT');
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
  }, 90_000);
});
