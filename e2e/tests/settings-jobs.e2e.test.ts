import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { zipBytes } from '../../packages/contract/test/zip-bytes.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'grace', password: 'hopper-42' });

/** A runner connecting with a token through the runner protocol, as `npx corridor-runner` does. */
async function connectRunner(token: string, name: string): Promise<void> {
  const res = await fetch(`${env.server.url}/api/v1/jobs/runner/connect`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      capabilities: ['engine', 'java21'],
      totalResources: { cpuCores: 8, ramInGb: 32 },
      availableResources: { cpuCores: 6, ramInGb: 24.5 },
    }),
  });
  if (!res.ok) throw new Error(`connect failed: ${res.status} ${await res.text()}`);
}

const RUN_TIMEOUT_MS = 120_000;

/**
 * Creates the demo scenario and schedules a run of it through the API from the signed-in page (the schedule form
 * has its own test); answers the run's dataset id.
 */
async function scheduleDemoRun(page: Page, key: string, runName: string, programArgs: string): Promise<number> {
  return page.evaluate(
    async ({ key, runName, programArgs }) => {
      const call = async (path: string, init?: { method: string; body: unknown }) => {
        const res = await fetch(`/api/v1${path}`, {
          method: init?.method ?? 'GET',
          headers: init ? { 'content-type': 'application/json' } : {},
          body: init ? JSON.stringify(init.body) : undefined,
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const user = await call('/accounts/validate');
      const scenario = await call('/datasets/datasets', {
        method: 'POST',
        body: { groupId: user.groupId, key, name: key, type: 'scenario', template: 'demo-grid' },
      });
      const { files } = (await call(`/datasets/datasets/${scenario.id}`)) as { files: { id: number; name: string; tag: string | null }[] };
      const roleOf = (tag: string | null) =>
        tag?.startsWith('config') ? 'config' : tag?.startsWith('network') ? 'network' : tag?.startsWith('population') ? 'population' : null;
      const assigned = files.flatMap((file) => (roleOf(file.tag) ? [{ file: file.id, name: file.name, role: roleOf(file.tag) }] : []));
      const job = await call('/jobs/jobs', {
        method: 'POST',
        body: { type: 'matsim', name: runName, group: user.groupId, files: assigned, scenarioId: scenario.id, programArgs, matsimRunId: `${key}_1` },
      });
      return job.datasetId as number;
    },
    { key, runName, programArgs },
  );
}

async function runStatus(page: Page, runId: number): Promise<string | null> {
  return page.evaluate(async (id) => ((await (await fetch(`/api/v1/datasets/run/${id}`)).json()) as { status: string | null }).status, runId);
}

const row = (page: Page, table: string, text: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

describe('jobs, runners, job templates and run files', () => {
  test('an admin adds a runner token, sees its runner connect, reads how to start one and deletes the token', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'grace', 'hopper-42');

    // Settings home: the admin sees all four cards.
    await page.goto('/settings');
    for (const card of ['User Management', 'Jobs & Runners', 'Other', 'Monitoring']) await page.getByRole('heading', { name: card }).waitFor();
    await page.getByRole('link', { name: 'Runners' }).click();
    await page.waitForURL('**/settings/runners');
    await page.getByRole('heading', { name: 'Runners', level: 2 }).waitFor();

    // The embedded runner the server starts: its token is marked and cannot be deleted, its runner is connected.
    const embedded = row(page, 'Runner tokens', 'Embedded runner');
    await embedded.getByText('embedded', { exact: true }).waitFor();
    // No Edit or Delete for it; like every token it is listed by its last characters only (issue 26).
    expect(await embedded.getByRole('button').count()).toBe(0);
    expect(await embedded.locator('code').textContent()).toMatch(/^••••.{4}$/);
    const embeddedRunner = row(page, 'Active runners', 'Embedded runner');
    await embeddedRunner.waitFor({ timeout: 20_000 });
    // DATA_DIR lets the sandbox user through (e2e/support/server.ts): the embedded runner runs its jobs in bubblewrap.
    expect(await embeddedRunner.getByRole('cell').nth(5).textContent()).toBe('Sandboxed');

    // The add row: the IPv4 placeholder is the browser's host, a bad range is refused with the server text.
    const add = page.getByRole('form', { name: 'Add a runner token' });
    expect(await add.getByLabel('IPv4 range').getAttribute('placeholder')).toBe('127.0.0.1/8');
    expect(await add.getByLabel('IPv6 range').getAttribute('placeholder')).toBe('::1/128');
    await add.getByLabel('Description').fill('Lab machine');
    await add.getByLabel('IPv4 range').fill('not a range');
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('alert').filter({ hasText: 'Runner could not be added.' }).waitFor();

    await add.getByLabel('IPv4 range').fill('127.0.0.1/32');
    await add.getByRole('button', { name: 'Add' }).click();
    const tokenRow = row(page, 'Runner tokens', 'Lab machine');
    await tokenRow.waitFor();
    expect(await add.getByLabel('Description').inputValue()).toBe('');
    // The secret is shown once, with its runner command (token in the environment) and copy buttons (issue 26).
    const created = page.getByRole('status').filter({ hasText: 'New runner token' });
    const token = ((await created.getByLabel('New runner token').textContent()) ?? '').trim();
    expect(token.length).toBeGreaterThan(20);
    await created.getByText(`CORRIDOR_RUNNER_TOKEN=${token} node corridor-runner/bin/corridor-runner.mjs --server ${env.server.url}`).waitFor();
    await created.getByRole('button', { name: 'Copy token' }).waitFor();
    expect(await tokenRow.locator('code').textContent()).toBe(`••••${token.slice(-4)}`);
    await expect.poll(() => tokenRow.getByRole('cell').nth(4).textContent()).toBe('0');

    // A runner connects with the token: it is listed with its resources (the page refreshes every 10 s).
    await connectRunner(token, 'lab-runner-1');
    const runnerRow = row(page, 'Active runners', 'lab-runner-1');
    await runnerRow.waitFor({ timeout: 15_000 });
    expect(await runnerRow.textContent()).toContain('engine, java21');
    expect(await runnerRow.getByRole('cell').nth(3).textContent()).toBe('6 / 8');
    expect(await runnerRow.getByRole('cell').nth(4).textContent()).toBe('24.5 / 32');
    // It did not say it runs its jobs in a sandbox.
    expect(await runnerRow.getByRole('cell').nth(5).textContent()).toBe("Not sandboxed: jobs run with the runner's own rights");
    expect(await tokenRow.getByRole('cell').nth(4).textContent()).toBe('1');

    // "Download runner": the runner download (issue 30), how to fetch it on the runner machine and how to start it
    // against this server with the token just added; once that is put away, with a placeholder, as the secret was
    // shown only at creation.
    await page.getByRole('button', { name: 'Download runner' }).click();
    const panel = page.getByRole('dialog', { name: 'Download runner' });
    expect(await panel.getByRole('link', { name: 'Download corridor-runner.tgz' }).getAttribute('href')).toBe('/api/v1/jobs/files/corridor-runner.tgz');
    await panel.getByText(`curl -fLO ${env.server.url}/api/v1/jobs/files/corridor-runner.tgz`, { exact: false }).waitFor();
    await panel.getByText(`CORRIDOR_RUNNER_TOKEN=${token} node corridor-runner/bin/corridor-runner.mjs --server ${env.server.url}`).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Download runner' }).click();
    await panel.getByText(`CORRIDOR_RUNNER_TOKEN='<token>' node corridor-runner/bin/corridor-runner.mjs --server ${env.server.url}`).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Delete: a confirmation dialog with the checkbox; the token and its runner are gone.
    await tokenRow.getByRole('button', { name: 'Delete runner token Lab machine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Runner Token' });
    const confirm = dialog.getByRole('button', { name: 'Delete' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Yes, I want to delete this runner token.').check();
    await confirm.click();
    await tokenRow.waitFor({ state: 'detached' });
    await runnerRow.waitFor({ state: 'detached' });
  });

  test('an admin creates a job template, makes it the default, and deletes it', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'grace', 'hopper-42');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Job Templates' }).click();
    await page.waitForURL('**/settings/job-templates');
    const builtIn = row(page, 'Job Templates', 'Built-in engine');
    await builtIn.getByText('Default', { exact: true }).waitFor();

    // A new template: the name is required; picking a command template fills the command.
    await page.getByRole('link', { name: 'Add a Job Template' }).click();
    await page.waitForURL('**/settings/job-templates/new');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Please enter a name for the job template').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Nightly engine');
    await page.getByRole('textbox', { name: 'Description' }).fill('The engine for nightly runs');
    await page.getByRole('combobox', { name: 'Command template' }).click();
    await page.getByRole('option', { name: 'Built-in engine' }).click();
    expect(await page.getByRole('textbox', { name: 'Job command' }).inputValue()).toBe('$ENGINE $CONFIG $ARGS');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.waitForURL(/\/settings\/job-templates\/\d+$/);
    const saved = page.getByRole('button', { name: 'Saved ✔' });
    await saved.waitFor();
    expect(await saved.isDisabled()).toBe(true);

    // Editing shows Save; a wildcard in the command is refused before anything is sent.
    await page.getByRole('textbox', { name: 'Job command' }).fill('$ENGINE $CONFIG *.xml');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Wildcards are not supported in the job command.').waitFor();
    await page.getByRole('textbox', { name: 'Job command' }).fill('$ENGINE $CONFIG $ARGS');
    await saved.waitFor();

    // Additional files: at most 5 per upload; an uploaded zip offers Extract and shows in the tree; kept on reload.
    const files = page.locator('input[type=file]');
    await files.setInputFiles(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') })));
    await page.getByText('A maximum of 5 files can be uploaded each time. Please remove some files.').waitFor();
    await files.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('seed=1') },
      { name: 'tools.zip', mimeType: 'application/zip', buffer: zipBytes([{ name: 'tool.txt', content: 'tool' }]) },
    ]);
    const zipRow = page.getByRole('group', { name: 'tools.zip' });
    await zipRow.getByRole('checkbox', { name: 'Extract' }).check();
    expect(await page.getByRole('group', { name: 'notes.txt' }).getByRole('checkbox').count()).toBe(0);
    await page.getByRole('treeitem', { name: 'tools.zip (extracted)' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved.waitFor();
    await page.reload();
    expect(await page.getByRole('group', { name: 'tools.zip' }).getByRole('checkbox', { name: 'Extract' }).isChecked()).toBe(true);
    await page.getByRole('treeitem', { name: 'notes.txt' }).waitFor();

    // Set as Default moves the Default label.
    await page.getByRole('link', { name: 'Job Templates' }).click();
    const nightly = row(page, 'Job Templates', 'Nightly engine');
    await nightly.getByText('The engine for nightly runs').waitFor();
    await nightly.getByRole('button', { name: 'Set Nightly engine as default' }).click();
    await nightly.getByText('Default', { exact: true }).waitFor();
    await builtIn.getByRole('button', { name: 'Set Built-in engine as default' }).waitFor();
    await page.reload();
    await nightly.getByText('Default', { exact: true }).waitFor();

    // Back to the built-in engine, then delete the new template with its confirmation.
    await builtIn.getByRole('button', { name: 'Set Built-in engine as default' }).click();
    await builtIn.getByText('Default', { exact: true }).waitFor();
    await nightly.getByRole('link', { name: 'Nightly engine' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Job Template' });
    await dialog.getByLabel('Yes, I want to delete this job template.').check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/settings/job-templates');
    await builtIn.waitFor();
    await nightly.waitFor({ state: 'detached' });
  });

  test('jobs pages, cancel, and a finished run\'s files, file viewer and log viewer with Jump to', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'grace', 'hopper-42');
    const finished = await scheduleDemoRun(page, 'grid', 'Grid Run 1', '--config:controller.lastIteration=30');
    await expect.poll(() => runStatus(page, finished), { timeout: RUN_TIMEOUT_MS, interval: 500 }).toBe('FINISHED');
    const long = await scheduleDemoRun(page, 'long-grid', 'Long Run', '--config:controller.lastIteration=5000');
    await expect.poll(() => runStatus(page, long), { timeout: RUN_TIMEOUT_MS, interval: 250 }).toBe('STARTED');

    // The jobs page: state with its last update, command, Cancel only for the active job.
    await page.goto('/jobs');
    const done = row(page, 'Jobs', 'Grid Run 1');
    const running = row(page, 'Jobs', 'Long Run');
    await done.getByText('Finished').waitFor();
    expect(await done.textContent()).toContain('$ENGINE $CONFIG $ARGS');
    expect(await done.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    await running.getByText('Started').waitFor();
    await running.getByRole('button', { name: 'Cancel Long Run' }).click();
    // Cancelling asks first, naming the job.
    const confirm = page.getByRole('dialog', { name: 'Cancel this job?' });
    await confirm.getByText('"Long Run" will be stopped as soon as possible.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel Job' }).click();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return running.getByText('Cancelled').count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    await running.getByText('Cancelled').waitFor();

    // The settings jobs list shows the parameters.
    await page.goto('/settings/jobs');
    expect(await row(page, 'Jobs', 'Grid Run 1').textContent()).toContain('grid_1');

    // The logfile link opens the log viewer; Jump to scrolls the log to the iteration's line.
    await page.goto('/jobs');
    await done.getByRole('link', { name: 'Logfile of Grid Run 1' }).click();
    await page.waitForURL(`**/grace/runs/${finished}/file?logfile=1`);
    const log = page.locator('pre');
    await log.getByText(/ITERATION 30 BEGINS/).waitFor();
    await page.getByRole('combobox', { name: 'Jump to…' }).click();
    await page.getByRole('option', { name: 'Iteration 20', exact: true }).click();
    const position = await log.evaluate((pre) => {
      const target = pre.querySelector('[data-iteration="20"]') as HTMLElement;
      return { scrollTop: pre.scrollTop, wanted: Math.min(target.offsetTop, pre.scrollHeight - pre.clientHeight) };
    });
    expect(position.scrollTop).toBeGreaterThan(0);
    expect(Math.abs(position.scrollTop - position.wanted)).toBeLessThanOrEqual(1);
    // Reload (for a growing log) fetches it again.
    await page.getByRole('button', { name: 'Reload' }).click();
    await log.getByText(/ITERATION 30 BEGINS/).waitFor();

    // The Files tab: the log panel and the outputs; a CSV opens in the viewer, a compressed file shows its text (issue 24).
    await page.getByRole('link', { name: 'Back to the files' }).click();
    await page.waitForURL(`**/grace/runs/${finished}/files`);
    await page.getByRole('region', { name: 'Log file' }).getByRole('link', { name: 'Download' }).waitFor();
    const files = page.getByRole('table', { name: 'Files' });
    await files.getByRole('link', { name: /scorestats\.csv$/ }).first().click();
    await page.locator('pre').getByText(/^iteration;avg_executed;avg_worst;avg_average;avg_best/m).waitFor();
    await page.getByRole('link', { name: 'Back to the files' }).click();
    // The run ran in the sandbox, where its folder is /job: its output config names that, not the server's DATA_DIR.
    await files.getByRole('link', { name: 'grid_1.output_config.xml', exact: true }).click();
    await page.locator('pre').getByText(/name="outputDirectory" value="\/job\/output"/).waitFor();
    expect(await page.locator('pre').textContent()).not.toContain(env.server.dataDir);
    await page.getByRole('link', { name: 'Back to the files' }).click();
    await files.getByRole('link', { name: /\.xml\.gz$/ }).first().click();
    await page.locator('pre').getByText(/^<\?xml /m).waitFor();
    await page.getByText(/^(This file is compressed; it is shown decompressed\.|Showing the first \d+ lines, decompressed\.)/).waitFor();
    await page.getByRole('link', { name: 'Download' }).waitFor();

    // Delete an output with the "Delete File" dialog.
    await page.getByRole('link', { name: 'Back to the files' }).click();
    const victim = (await files.getByRole('link', { name: /scorestats\.csv$/ }).first().textContent()) ?? '';
    await files.getByRole('button', { name: `Delete ${victim}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete File' });
    await dialog.getByText(`Do you really want to delete ${victim}?`).waitFor();
    await dialog.getByText('This cannot be undone!').waitFor();
    await dialog.getByLabel('Yes, I want to delete this file.').check();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await files.getByRole('link', { name: victim, exact: true }).waitFor({ state: 'detached' });
  });
});
