import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { zipBytes } from '../../packages/contract/test/zip-bytes.ts';
import { API, createDemoScenario, json, scheduleDemoRun, waitForRunTables } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'import-1' });

const EQUIL = '/work/shared/data/output-equil-2024';
/** The output folder's own files (not ITERS/ and input/, not the data set's SOURCE.md). */
const EQUIL_FILES = readdirSync(EQUIL)
  .filter((name) => name !== 'SOURCE.md' && statSync(join(EQUIL, name)).isFile())
  .map((name) => join(EQUIL, name));
const ITERATIONS = '11'; // equil: iterations 0…10
const RUN_TIMEOUT_MS = 120_000;

const serverRoot = mkdtempSync(join(tmpdir(), 'corridor-run-import-'));
afterAll(() => rmSync(serverRoot, { recursive: true, force: true }));

async function chooseCrs(page: Page, code: string) {
  await page.getByLabel('Coordinate reference system').fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code} `) }).click();
}

/** Waits until the imported run's overview draws Scores and Trips per Mode with one point per iteration. */
async function expectRunCharts(page: Page) {
  for (const title of ['Scores', 'Trips per Mode']) {
    const figure = page.getByRole('figure', { name: new RegExp(`^${title}:`) });
    await expect.poll(() => figure.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    expect(await figure.getAttribute('data-points')).toBe(ITERATIONS);
    await figure.locator('canvas').first().waitFor();
  }
  const memory = page.getByRole('figure', { name: /^Memory Usage:/ });
  await expect.poll(() => memory.getAttribute('data-state')).toBe('ready');
}

describe('run import', () => {
  test("equil's output folder through the Local tab: progress, the run page with charts and files, compared with a scheduled run", async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await signIn(page, 'ada', 'import-1');
    const scenario = await createDemoScenario(page, 'ada', 'import-city', 'Import City');
    const scheduled = await scheduleDemoRun(page, scenario, { name: 'Demo Run', matsimRunId: 'demo', programArgs: '--config:controller.lastIteration=1' });

    // The run list's way in and its how-to panel with this server's url.
    await page.goto('/ada/runs');
    const command = `node corridor-runner/bin/corridor-runner.mjs watch --server ${env.server.url} --api-key YOUR-API-KEY --group "ada" --name "My run" --pid MATSIM-PID /path/to/output`;
    await page.getByText(command, { exact: true }).waitFor();
    // The client is the runner download from this server (issue 30): a link and the commands that fetch and unpack it;
    // the panel names the upload limit.
    await page.getByText('download the Corridor runner from this server and unpack it', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Download corridor-runner.tgz' }).getAttribute('href')).toBe('/api/v1/jobs/files/corridor-runner.tgz');
    await page.getByText(`curl -fLO ${env.server.url}/api/v1/jobs/files/corridor-runner.tgz`, { exact: false }).waitFor();
    // Windows in one step is Windows in the other: curl.exe and a backslash path.
    await page.getByRole('tab', { name: 'Windows (PowerShell or cmd)' }).first().click();
    await page.getByText(`curl.exe -fLO ${env.server.url}/api/v1/jobs/files/corridor-runner.tgz`, { exact: false }).waitFor();
    await page.getByText('node corridor-runner\\bin\\corridor-runner.mjs watch', { exact: false }).waitFor();
    await page.getByRole('tab', { name: 'Linux or macOS' }).first().click();
    await page.getByText("at most as large as this server's upload limit (MAX_UPLOAD_BYTES, 2 GiB by default)", { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy the Linux or macOS command' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    // The confirmation goes after 2 seconds (spec 3 §9).
    await page.getByRole('button', { name: 'Copy the Linux or macOS command' }).waitFor({ timeout: 4000 });
    expect(await page.getByRole('link', { name: 'API keys in My Profile' }).getAttribute('href')).toBe('/profile/apikeys');
    await page.getByText('The MATSim client libraries', { exact: false }).waitFor();
    expect(await page.locator('a[href*="integrations"]').count()).toBe(0);
    await page.getByRole('link', { name: 'Import Run' }).first().click();
    await page.waitForURL('**/ada/runs/add');

    // Defaults and the disabled button (spec 3 §5): the name is there, the CRS and files are not.
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Imported Run');
    const importButton = page.getByRole('button', { name: 'Import as Run' });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'Server' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Name' }).fill('Equil Import');
    await chooseCrs(page, 'EPSG:25832');
    expect(await importButton.isDisabled()).toBe(true);

    // All files of the folder with their sizes (1000-based); one removed, then all picked again.
    const input = page.locator('input[type=file]');
    await input.setInputFiles(EQUIL_FILES);
    const list = page.getByRole('table', { name: 'Files to import' });
    await expect.poll(() => list.locator('tbody tr').count()).toBe(EQUIL_FILES.length);
    await list.getByRole('row', { name: /output_config\.xml/ }).getByText('43.2 kB').waitFor();
    await page.getByRole('button', { name: 'Remove stopwatch.csv' }).click();
    await expect.poll(() => list.locator('tbody tr').count()).toBe(EQUIL_FILES.length - 1);
    expect(await importButton.isDisabled()).toBe(false);
    await input.setInputFiles(EQUIL_FILES);
    await expect.poll(() => list.locator('tbody tr').count()).toBe(EQUIL_FILES.length);

    // Uploads slowed a little so the progress can be seen (the server does the real work).
    await page.route('**/api/v1/datasets/files', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await route.continue();
    });
    await importButton.click();
    await page.getByText('Importing the run...').waitFor();
    await list.getByRole('row', { name: /output_config\.xml/ }).getByText(/Uploaded|Waiting|\d+%/).waitFor();
    await page.waitForURL(/\/ada\/runs\/\d+$/, { timeout: 60_000 });
    await page.unroute('**/api/v1/datasets/files');
    const imported = Number(page.url().split('/').at(-1));

    // The run page: name, the Imported mark, the three charts, the files.
    await page.getByRole('heading', { name: 'Equil Import' }).waitFor();
    expect(await page.getByTestId('run-origin').textContent()).toBe('Imported');
    expect(await page.getByRole('button', { name: 'Stop Run' }).count()).toBe(0);
    await expectRunCharts(page);
    await page.getByRole('tab', { name: 'Files' }).click();
    const files = page.getByRole('table', { name: 'Files' });
    for (const name of ['output_config.xml', 'scorestats.csv', 'output_events.xml.gz']) {
      await files.getByRole('link', { name: new RegExp(`${name.replace(/\./g, '\\.')}$`) }).first().waitFor();
    }

    // Compared with the scheduled demo run: the configurations differ (e.g. the network and the iterations).
    await waitForRunTables(page, scheduled, RUN_TIMEOUT_MS);
    await page.goto(`/ada/compare?runs=${imported},${scheduled}`);
    const table = page.getByRole('table', { name: 'Configuration comparison' });
    await table.waitFor({ timeout: 30_000 });
    await page.getByText(/^\d+ settings? differs?\.$/).waitFor();
    const lastIteration = table.locator('tbody tr[data-kind="param"]', { hasText: 'lastIteration' });
    expect(await lastIteration.locator('td').allTextContents()).toEqual(['10 (differs)', '1 (differs)']);
  });

  test('the Server tab with the feature on: files selected, then the folder whole without ITERS/, imported with its log', async () => {
    const folder = join(serverRoot, 'equil-run');
    mkdirSync(join(folder, 'ITERS', 'it.0'), { recursive: true });
    for (const name of ['output_config.xml', 'scorestats.csv', 'modestats.csv', 'logfile.log']) copyFileSync(join(EQUIL, name), join(folder, name));
    copyFileSync(join(EQUIL, 'ITERS', 'it.0', '0.legHistogram.txt'), join(folder, 'ITERS', 'it.0', '0.legHistogram.txt'));
    // A zip next to the folder: its contents are listed under it.
    const zipped = ['scorestats.csv', 'modestats.csv'];
    writeFileSync(join(serverRoot, 'equil-stats.zip'), zipBytes(zipped.map((name) => ({ name: `output/${name}`, content: readFileSync(join(EQUIL, name)), deflate: true }))));

    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'import-1');
    await json(await page.request.put(`${API}/corridor/settings`, { data: { runImportServerPath: serverRoot } }));
    await json(await page.request.put(`${API}/corridor/features`, { data: { runImportFromServer: true } }));

    await page.goto('/ada/runs/add');
    await page.getByRole('tab', { name: 'Server' }).click();
    await page.getByText('No files selected.').waitFor();
    const zipContent = page.getByRole('list', { name: 'Contents of equil-stats.zip' });
    await zipContent.waitFor();
    expect(await zipContent.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^output\/scorestats\.csv · /), expect.stringMatching(/^output\/modestats\.csv · /)]);
    await page.getByRole('button', { name: 'Open equil-run' }).click();
    for (const name of ['output_config.xml', 'scorestats.csv']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const selected = page.getByRole('list', { name: 'Selected Files' });
    await expect.poll(() => selected.getByRole('listitem').allTextContents()).toEqual(['output_config.xml', 'scorestats.csv']);
    await page.getByRole('button', { name: 'Remove scorestats.csv from the selection' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Select scorestats.csv' }).isChecked()).toBe(false);
    // "Select all" of the folder (issue 26): its ITERS folder and its files.
    await page.getByRole('button', { name: 'Select everything in equil-run' }).click();
    await expect.poll(() => selected.getByRole('listitem').allTextContents()).toEqual([
      'output_config.xml',
      'ITERS/whole folder, without ITERS/',
      'logfile.log',
      'modestats.csv',
      'scorestats.csv',
    ]);
    // The folder whole: it replaces what was selected in it; ITERS/ stays out (the checkbox is off by default).
    expect(await page.getByRole('checkbox', { name: 'Include ITERS/ folders' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Select the folder equil-run with everything in it' }).check();
    await expect.poll(() => selected.getByRole('listitem').allTextContents()).toEqual(['equil-run/whole folder, without ITERS/']);
    expect(await page.getByRole('checkbox', { name: 'Select logfile.log' }).isDisabled()).toBe(true);

    await page.getByRole('textbox', { name: 'Name' }).fill('Server Equil');
    await chooseCrs(page, 'EPSG:25832');
    await page.getByRole('button', { name: 'Import as Run' }).click();
    await page.waitForURL(/\/ada\/runs\/\d+$/, { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Server Equil' }).waitFor();
    const runId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const files = (await json(await page.request.get(`${API}/datasets/datasets/${runId}`))) as { files: { name: string }[] };
    expect(files.files.map((f) => f.name).sort()).toEqual(['logfile.log', 'modestats.csv', 'output_config.xml', 'scorestats.csv']);
    // The imported run's log view shows its logfile.log (issue 26), not "There is no log file (yet)."
    await page.goto(`/ada/runs/${runId}/file?logfile=1`);
    // 221 KB: shown after a confirmation, as any text file past 100 KB.
    await page.getByRole('button', { name: 'Show file' }).click();
    await page.getByText('JVM: 21.0.4', { exact: false }).first().waitFor();
  });

  test('a step failing after the run was created says so and offers to delete the run', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'import-1');
    await page.goto('/ada/runs/add');
    await page.getByRole('textbox', { name: 'Name' }).fill('Half Import');
    await chooseCrs(page, 'EPSG:25832');
    await page.locator('input[type=file]').setInputFiles([join(EQUIL, 'scorestats.csv')]);
    // The connection drops when the runImported event is sent.
    await page.route('**/api/v1/datasets/datasets/*/events', (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Import as Run' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'post-processing could not be started' });
    await alert.getByText('The run "Half Import" was created, but its import did not finish.', { exact: false }).waitFor();
    expect(page.url()).toMatch(/\/ada\/runs\/add$/);
    const runHref = await alert.getByRole('link', { name: 'Open the run' }).getAttribute('href');
    expect(runHref).toMatch(/^\/ada\/runs\/\d+$/);
    const runId = Number(runHref!.split('/').at(-1));
    expect((await page.request.get(`${API}/datasets/run/${runId}`)).status()).toBe(200);

    await alert.getByRole('button', { name: 'Delete the run' }).click();
    await page.getByText('The incomplete run was deleted.').waitFor();
    expect((await page.request.get(`${API}/datasets/run/${runId}`)).status()).toBe(404);
    // The form is still filled: the import can be tried again.
    expect(await page.getByRole('button', { name: 'Import as Run' }).isDisabled()).toBe(false);
  });
});
