import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { API, createDemoScenario, json, scheduleDemoRun, waitForRunTables } from '../support/api.ts';
import { openPage, signIn } from '../support/session.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const env = useServerAndBrowser({ username: 'ada', password: 'dashboards-1' });
const RUN_TIMEOUT_MS = 120_000;

/** Uploads a file and attaches it to the dataset, as the scenario's upload does. */
async function addFile(page: Page, datasetId: number, name: string, content: string): Promise<number> {
  const { files } = await json<{ files: { id: number }[] }>(
    await page.request.post(`${API}/datasets/files`, { multipart: { 'files[]': { name, mimeType: 'text/csv', buffer: Buffer.from(content) } } }),
  );
  await json(await page.request.post(`${API}/datasets/datasets/${datasetId}/files/${files[0]!.id}`));
  return files[0]!.id;
}

describe('dashboards list and Manage Tables', () => {
  test('?import= opens Manage Tables on the dataset; a file is imported with Enter, a broken one shows the warning, a table is deleted', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'dashboards-1');
    const scenario = await createDemoScenario(page, 'ada', 'tables-city', 'Tables City');
    await addFile(page, scenario.id, 'modestats.csv', 'iteration;car;pt\n0;0.5;0.5\n1;0.6;0.4\n');
    await addFile(page, scenario.id, 'empty.csv', '');

    await page.goto(`/ada/dashboards?import=${scenario.id}`);
    await page.getByRole('tab', { name: 'Manage Tables', selected: true }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Dataset' }).or(page.getByRole('combobox', { name: 'Dataset' })).first().inputValue()).toBe('Tables City');
    await page.getByText('This dataset has no tables yet.').waitFor();

    // The name input's placeholder is the default name; Enter adds like the button.
    const input = page.getByLabel('Table name for modestats.csv');
    expect(await input.getAttribute('placeholder')).toBe('modestats');
    await input.fill('mode_share');
    await input.press('Enter');
    await page.getByText('Imported as mode_share').waitFor();
    const tables = page.getByRole('table', { name: 'Tables', exact: true });
    await tables.getByText('mode_share', { exact: true }).waitFor();
    await tables.getByText('modestats.csv', { exact: true }).waitFor();

    // An empty file: the warning icon carries the server's message, and Add stays to retry.
    await page.getByRole('button', { name: 'Add empty.csv' }).click();
    const warning = page.getByRole('img', { name: /^Import failed: / });
    await warning.waitFor();
    expect(await warning.getAttribute('aria-label')).toMatch(/empty/);
    expect(await page.getByRole('button', { name: 'Add empty.csv' }).isVisible()).toBe(true);

    // Deleting the table offers its file again.
    await page.getByRole('button', { name: 'Delete table mode_share' }).click();
    await page.getByText('This dataset has no tables yet.').waitFor();
    await page.getByRole('button', { name: 'Add modestats.csv' }).waitFor();

    // The tab is kept in the address; the Dashboards tab drops the dataset.
    await page.reload();
    await page.getByRole('tab', { name: 'Manage Tables', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Dashboards' }).click();
    await page.waitForURL(/\/ada\/dashboards$/);
  });

  test('create link, Untitled, duplicate, lock (delete disabled), unlock, delete with inline confirm and Cancel', async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'dashboards-1');
    await page.goto('/ada/dashboards');
    await page.getByText('There are no dashboards in this team yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Create Dashboard' }).getAttribute('href')).toBe('/ada/dashboards/new');

    const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'ada' } }));
    await json(await page.request.post(`${API}/datasets/dashboards`, { data: { groupId, name: '' } }));
    const { id } = await json<{ id: number }>(await page.request.post(`${API}/datasets/dashboards`, { data: { groupId, name: 'Trips' } }));
    await page.reload();
    await page.getByRole('link', { name: 'Untitled' }).waitFor();
    expect(await page.getByRole('link', { name: 'Trips', exact: true }).getAttribute('href')).toBe(`/ada/dashboards/${id}`);

    await page.getByRole('button', { name: 'Duplicate Trips' }).click();
    await page.getByRole('link', { name: 'Trips Copy' }).waitFor();

    await page.getByRole('button', { name: 'Lock Trips', exact: true }).click();
    await page.getByRole('button', { name: 'Unlock Trips', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Trips', exact: true }).isDisabled()).toBe(true);
    expect((await json<{ locked: boolean }>(await page.request.get(`${API}/datasets/dashboards/${id}`))).locked).toBe(true);
    await page.getByRole('button', { name: 'Unlock Trips', exact: true }).click();
    await page.getByRole('button', { name: 'Lock Trips', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Delete Trips Copy' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Trips Copy' }).click();
    await page.getByText('Delete this dashboard?').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('link', { name: 'Trips Copy' }).waitFor({ state: 'detached' });
    const left = await json<{ name: string }[]>(await page.request.get(`${API}/datasets/groups/${groupId}/dashboards`));
    expect(left.map((dashboard) => dashboard.name).sort()).toEqual(['', 'Trips']);
  });

  test("run Files tab: Import as table for csv files; post-processing's tables show as imported; the link opens Manage Tables", async () => {
    const { page } = await openPage(env.browser, env.server.url);
    await signIn(page, 'ada', 'dashboards-1');
    const scenario = await createDemoScenario(page, 'ada', 'files-city', 'Files City');
    const runId = await scheduleDemoRun(page, scenario, { name: 'Table Run', matsimRunId: 'table-run', programArgs: '--config:controller.lastIteration=0' });
    await waitForRunTables(page, runId, RUN_TIMEOUT_MS);
    await addFile(page, runId, 'extra.csv', 'a;b\n1;2\n');

    await page.goto(`/ada/runs/${runId}/files`);
    // Run post-processing imported output_trips: shown as imported, linking to Manage Tables of this run.
    const trips = page.getByRole('link', { name: 'output_trips', exact: true });
    await trips.waitFor({ timeout: 30_000 });
    expect(await trips.getAttribute('href')).toBe(`/ada/dashboards?import=${runId}`);
    // Only .csv and .csv.gz files offer the action.
    expect(await page.getByRole('button', { name: /^Import .*\.xml\.gz as table$/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Import extra.csv as table' }).click();
    const extra = page.getByRole('link', { name: 'extra', exact: true });
    await extra.waitFor();
    await extra.click();
    await page.getByRole('tab', { name: 'Manage Tables', selected: true }).waitFor();
    const tables = page.getByRole('table', { name: 'Tables', exact: true });
    await tables.getByText('extra', { exact: true }).waitFor();
    await tables.getByText('output_trips', { exact: true }).waitFor();
    // The run's live tables are listed without a delete action.
    await tables.getByText('memory', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete table memory' }).count()).toBe(0);
  }, RUN_TIMEOUT_MS + 60_000);
});
