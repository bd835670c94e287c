import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, byTag, createDemoScenario, json, type ScenarioFile, waitForRunTables } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'compare-1' });

const RUN_TIMEOUT_MS = 120_000;
const SHOTS = process.env.E2E_SHOTS;
const TRANSIT_SCHEDULE = '/work/shared/data/pt-tutorial/transitschedule.xml';

/** POST /jobs/jobs with the scenario's config, network and population (the schedule form's payload). */
async function scheduleRun(page: Page, scenario: { id: number; groupId: number; files: ScenarioFile[] }, name: string, programArgs: string): Promise<number> {
  const roles = [
    ['config', byTag(scenario.files, 'config_v')],
    ['network', byTag(scenario.files, 'network_v')],
    ['population', byTag(scenario.files, 'population_v')],
  ] as const;
  const { datasetId } = await json<{ datasetId: number }>(
    await page.request.post(`${API}/jobs/jobs`, {
      data: {
        type: 'matsim',
        name,
        group: scenario.groupId,
        files: roles.map(([role, file]) => ({ file: file.id, name: file.name, role })),
        scenarioId: scenario.id,
        description: '',
        changesets: [],
        memory: '2g',
        programArgs,
        matsimRunId: name.toLowerCase().replaceAll(' ', '-'),
      },
    }),
  );
  return datasetId;
}

async function runStatus(page: Page, runId: number): Promise<string | null> {
  return (await json<{ status: string | null }>(await page.request.get(`${API}/datasets/run/${runId}`))).status;
}

/** The parameter rows of the comparison: the setting's name and its value in each run. */
async function settingRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table', { name: 'Configuration comparison' }).locator('tbody tr[data-kind="param"]');
  return rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').trim())));
}

describe('compare runs', () => {
  test('two runs whose configs differ in two places: exactly those two rows, then all settings; one run gets the hint', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'compare-1');
    const scenario = await createDemoScenario(page, 'ada', 'compare-city', 'Compare City');
    const base = await scheduleRun(page, scenario, 'Base Run', '--config:controller.lastIteration=1');
    const variant = await scheduleRun(page, scenario, 'Variant Run', '--config:controller.lastIteration=3 --config:qsim.flowCapacityFactor=0.5');
    // Compared as the users would: after the runs have run.
    for (const run of [base, variant]) {
      await expect.poll(() => runStatus(page, run), { timeout: RUN_TIMEOUT_MS, interval: 500 }).toBe('FINISHED');
    }

    // Select both on the run list and compare.
    await page.goto('/ada/runs');
    await page.getByRole('checkbox', { name: 'Select Base Run' }).check();
    await page.getByRole('checkbox', { name: 'Select Variant Run' }).check();
    await page.getByRole('link', { name: 'Compare', exact: true }).click();
    await page.waitForURL(/\/ada\/compare\?runs=\d+,\d+$/);
    await page.getByRole('heading', { name: 'Compare Runs' }).waitFor();
    expect(await page.title()).toMatch(/Compare Runs/);

    // One column per run, newest (the variant) first as on the list, each linking to its run.
    const table = page.getByRole('table', { name: 'Configuration comparison' });
    await table.waitFor();
    const heads = table.locator('thead th');
    expect(await heads.count()).toBe(3);
    expect(await heads.nth(1).getByRole('link').textContent()).toBe('Variant Run');
    expect(await heads.nth(1).getByRole('link').getAttribute('href')).toBe(`/ada/runs/${variant}`);
    expect(await heads.nth(2).getByRole('link').textContent()).toBe('Base Run');

    // Exactly the two settings that differ, under their modules; qsim.flowCapacityFactor is unset in the base run.
    await page.getByText('2 settings differ.').waitFor();
    expect(await settingRows(page)).toEqual([
      ['lastIteration', '3 (differs)', '1 (differs)'],
      ['flowCapacityFactor', '0.5 (differs)', 'unset (differs)'],
    ]);
    const modules = await table.locator('tbody tr[data-kind="module"]').allTextContents();
    expect(modules).toEqual(['controller', 'qsim']);
    expect(await table.locator('td[data-differs]').count()).toBe(4);

    // All settings: more rows, the shared ones not highlighted, strategy settings grouped by strategy name.
    await page.getByRole('switch', { name: 'Show all settings' }).check();
    await expect.poll(async () => (await settingRows(page)).length).toBeGreaterThan(10);
    const all = await settingRows(page);
    expect(all).toContainEqual(['randomSeed', expect.any(String), expect.any(String)]);
    expect(await table.locator('td[data-differs]').count()).toBe(4);
    const sets = await table.locator('tbody tr[data-kind="set"]').allTextContents();
    expect(sets.filter((text) => text.startsWith('strategysettings'))).toHaveLength(3);
    expect(sets.some((text) => text.includes('ChangeExpBeta'))).toBe(true);
    await page.getByRole('switch', { name: 'Show all settings' }).uncheck();
    await expect.poll(async () => (await settingRows(page)).length).toBe(2);

    // The results side by side (issue 25): each run's score of its last iteration, mode shares, travel times.
    for (const run of [base, variant]) await waitForRunTables(page, run, RUN_TIMEOUT_MS);
    await page.reload();
    const results = page.getByRole('table', { name: 'Results comparison' });
    await results.waitFor();
    const score = results.locator('tr[data-result="score"] td');
    await expect.poll(() => score.allTextContents(), { timeout: 30_000 }).toEqual([expect.stringMatching(/^-?[\d.]+ \(iteration 3\)$/), expect.stringMatching(/^-?[\d.]+ \(iteration 1\)$/)]);
    expect(await results.locator('tr[data-result="mode"]').count()).toBeGreaterThan(0);
    const shares = await results.locator('tr[data-result="mode"] td').allTextContents();
    for (const share of shares) expect(share).toMatch(/^\d+\.\d %$/);
    await expect.poll(() => results.locator('tr[data-result="travel-time"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/compare-results.png`, fullPage: true });
    expect(await results.locator('tr[data-result="travel-time"] td').first().textContent()).toMatch(/^\d+:\d\d(:\d\d)? \(\d+ trips\)$/);

    // Open in a dashboard: a dashboard over both runs, filled from the Overview template, every chart comparing them.
    await page.getByRole('link', { name: 'Open in a dashboard' }).click();
    await page.getByRole('heading', { name: 'Run overview' }).waitFor();
    expect(await page.getByLabel('Dataset of Dataset 1').inputValue()).toMatch(/^Variant Run \(\d+\)$/);
    expect(await page.getByLabel('Dataset of Dataset 2').inputValue()).toMatch(/^Base Run \(\d+\)$/);
    // Filled from a template is a change: the new dashboard saves itself and gets its address.
    await page.waitForURL(/\/ada\/dashboards\/\d+$/, { timeout: 15_000 });
    const dashboardId = Number(/\/dashboards\/(\d+)$/.exec(page.url())![1]);
    const stored = await json<{ variables: { name: string; id: number }[]; items: { type: string; variables: string[]; data: { config?: { options: { compare?: boolean } } } }[] }>(
      await page.request.get(`${API}/datasets/dashboards/${dashboardId}`),
    );
    expect(stored.variables).toEqual([
      { name: 'Dataset 1', id: variant },
      { name: 'Dataset 2', id: base },
    ]);
    const charts = stored.items.filter((item) => item.type === 'chart');
    expect(charts.length).toBeGreaterThanOrEqual(5);
    for (const chart of charts) {
      expect(chart.data.config!.options.compare).toBe(true);
      expect(chart.variables).toEqual(['Dataset 1', 'Dataset 2']);
    }
    // Drawn: every chart with both runs' data (ECharts names each dataset's series in its description).
    const drawn = page.locator('[data-chart-state="ready"]').filter({ has: page.locator('canvas') });
    await expect.poll(() => drawn.count(), { timeout: 60_000 }).toBe(charts.length);
    expect(await page.locator('[data-chart-state="error"]').count()).toBe(0);
    const described = await page
      .locator('[data-chart-state="ready"] [aria-label]')
      .filter({ has: page.locator('canvas') })
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(described).toHaveLength(charts.length);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/compare-dashboard.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SHOTS}/compare-dashboard-dark.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
    }
    for (const label of described) {
      expect(label).toContain('Dataset 1');
      expect(label).toContain('Dataset 2');
    }
    await page.goto(`/ada/compare?runs=${variant},${base}`);
    await table.waitFor();

    // One run only: the hint, nothing else; and the way back to the run list.
    await page.goto(`/ada/compare?runs=${base}`);
    await page.getByText('Select at least 2 runs to compare them.').waitFor();
    expect(await page.getByRole('table', { name: 'Configuration comparison' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to the run list' }).click();
    await page.waitForURL('**/ada/runs');

    // A run that does not exist gets a note in its column, and the others are compared.
    await page.goto(`/ada/compare?runs=${variant},${base},999999`);
    await table.waitFor();
    expect(await heads.count()).toBe(4);
    expect(await heads.nth(3).textContent()).toBe('Run 999999This run could not be loaded. You might not have the right to access it.');
    expect(await settingRows(page)).toEqual([
      ['lastIteration', '3 (differs)', '1 (differs)', ''],
      ['flowCapacityFactor', '0.5 (differs)', 'unset (differs)', ''],
    ]);
    // With one config left there is nothing to compare.
    await page.goto(`/ada/compare?runs=${base},999999`);
    await page.getByText('At least 2 of the selected runs need a configuration to compare them.').waitFor();
    await page.getByText('This run could not be loaded.', { exact: false }).waitFor();
  });

  test('the population and transit schedule views show their counts', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'compare-1');
    const scenario = await createDemoScenario(page, 'ada', 'summary-city', 'Summary City');
    const population = byTag(scenario.files, 'population_v');

    // The counts the view must show, read from the file itself.
    const body = await (await page.request.get(`${API}/datasets/files/${population.id}`)).body();
    const xml = (body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString('utf8');
    const persons = xml.match(/<person /g)?.length ?? 0;
    const plans = xml.match(/<plan /g)?.length ?? 0;
    expect(persons).toBeGreaterThan(0);

    await page.goto(`/ada/summary-city/edit-file?id=${population.id}&file=${encodeURIComponent(population.name)}`);
    await page.getByRole('heading', { name: 'Population', exact: true }).waitFor();
    const card = (label: string) => page.getByRole('group', { name: label, exact: true });
    await expect.poll(() => card('Persons').textContent(), { timeout: 30_000 }).toBe(`Persons${persons.toLocaleString('en')}`);
    expect(await card('Plans').textContent()).toBe(`Plans${plans.toLocaleString('en')}`);
    const legs = page.getByRole('table', { name: 'Legs by mode' });
    await legs.getByRole('cell', { name: 'car', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Activities by type' }).getByRole('cell', { name: 'home', exact: true }).waitFor();

    // The pt-tutorial transit schedule: 4 stops, 1 line, 2 routes, 100 departures.
    const upload = await json<{ files: ScenarioFile[] }>(
      await page.request.post(`${API}/datasets/files`, {
        multipart: { 'files[]': { name: 'transitschedule.xml', mimeType: 'application/xml', buffer: readFileSync(TRANSIT_SCHEDULE) } },
      }),
    );
    const schedule = upload.files[0]!;
    await json(await page.request.post(`${API}/datasets/datasets/${scenario.id}/files/${schedule.id}`));
    await page.goto('/ada/summary-city');
    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'transitschedule.xml', exact: true }).click();
    await page.waitForURL(/\/edit-file\?/);
    await page.getByRole('heading', { name: 'Transit Schedule', exact: true }).waitFor();
    await expect.poll(() => card('Stops').textContent(), { timeout: 30_000 }).toBe('Stops4');
    expect(await card('Lines').textContent()).toBe('Lines1');
    expect(await card('Routes').textContent()).toBe('Routes2');
    expect(await card('Departures').textContent()).toBe('Departures100');
    const modes = page.getByRole('table', { name: 'By mode' });
    expect(await modes.locator('tbody tr').count()).toBeGreaterThan(0);
  });
});

describe('network view', () => {
  test('previews once processed; a network whose processing failed says so with its log instead of empty images', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'compare-1');
    const scenario = await createDemoScenario(page, 'ada', 'network-city', 'Network City');
    const network = byTag(scenario.files, 'network_v');
    const view = (file: ScenarioFile) => `/ada/network-city/edit-file?id=${file.id}&file=${encodeURIComponent(file.name)}`;

    // The demo's network: processed in the background, then its three panels with images.
    await expect
      .poll(
        async () => {
          await page.goto(view(network));
          await page.getByRole('heading', { name: 'Network', exact: true }).waitFor();
          return page.getByRole('figure', { name: "Preview: Links' Capacity" }).locator('img').count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1);
    expect(await page.getByRole('figure').count()).toBe(3);
    expect(await page.getByText('Not processed yet').count()).toBe(0);

    // A broken network: recognised as one, but its processing fails.
    const broken = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">\n<network>\n<nodes>\n<node id="1" x="0" y="0"/>\n<node id="1" x="';
    const upload = await json<{ files: ScenarioFile[] }>(
      await page.request.post(`${API}/datasets/files`, {
        multipart: { 'files[]': { name: 'broken-network.xml', mimeType: 'application/xml', buffer: Buffer.from(broken) } },
      }),
    );
    const file = upload.files[0]!;
    expect(file.tag).toMatch(/^network_v/);
    await json(await page.request.post(`${API}/datasets/datasets/${scenario.id}/files/${file.id}`));
    await page.goto(view(file));
    await page.getByRole('heading', { name: 'Network', exact: true }).waitFor();
    await page.getByText('Processing failed').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('figure').count()).toBe(0);
    expect(await page.getByRole('img', { name: "Preview: Links' Capacity" }).count()).toBe(0);
    const log = page.getByRole('link', { name: 'Show log' });
    expect(await log.getAttribute('href')).toMatch(new RegExp(`/api/v1/datasets/files/${file.id}/d/.+\\.log$`));
    expect((await page.request.get((await log.getAttribute('href'))!)).ok()).toBe(true);
  });
});
