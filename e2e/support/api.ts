/** API calls the browser tests make to set up what they test (through the page's own session). */
import type { APIRequestContext, Page } from 'playwright-core';

export const API = '/api/v1';

export interface ScenarioFile {
  id: number;
  name: string;
  tag: string | null;
}

/** The answer's JSON; a non-2xx answer fails the test with its URL, status and text. */
export async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The demo scenario through the API, as "Create Scenario" with the demo template makes it, in the user's own group. */
export async function createDemoScenario(page: Page, group: string, key: string, name: string): Promise<{ id: number; groupId: number; files: ScenarioFile[] }> {
  const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: group } }));
  const { id } = await json<{ id: number }>(
    await page.request.post(`${API}/datasets/datasets`, { data: { groupId, key, name, type: 'scenario', template: 'demo-grid' } }),
  );
  const { files } = await json<{ files: ScenarioFile[] }>(await page.request.get(`${API}/datasets/datasets/${id}`));
  return { id, groupId, files };
}

/** The scenario's file whose data-type tag starts with `prefix` (`network_v`, `config_v`, …). */
export function byTag(files: ScenarioFile[], prefix: string): ScenarioFile {
  const file = files.find((entry) => entry.tag?.startsWith(prefix));
  if (!file) throw new Error(`no ${prefix} file among ${files.map((entry) => `${entry.name}:${entry.tag}`).join(', ')}`);
  return file;
}

/** Schedules a MATSim run of the scenario's config, network and population (the run dialog's payload); its run id. */
export async function scheduleDemoRun(
  page: Page,
  scenario: { id: number; groupId: number; files: ScenarioFile[] },
  run: { name: string; matsimRunId: string; programArgs: string },
): Promise<number> {
  const { datasetId } = await json<{ datasetId: number }>(
    await page.request.post(`${API}/jobs/jobs`, {
      data: {
        type: 'matsim',
        name: run.name,
        group: scenario.groupId,
        files: (['config', 'network', 'population'] as const).map((role) => {
          const file = byTag(scenario.files, `${role}_v`);
          return { file: file.id, name: file.name, role };
        }),
        scenarioId: scenario.id,
        description: '',
        changesets: [],
        memory: '2g',
        programArgs: run.programArgs,
        matsimRunId: run.matsimRunId,
      },
    }),
  );
  return datasetId;
}

/**
 * Waits until the run finished and its post-processing imported the standard tables (a run failing either throws).
 * A plain loop, not expect.poll, so it also serves beforeAll.
 */
export async function waitForRunTables(page: Page, runId: number, timeoutMs: number): Promise<void> {
  const state = async () => {
    const run = await json<{ status: string | null }>(await page.request.get(`${API}/datasets/run/${runId}`));
    const dataset = await json<{ attributes?: { postProcessRun?: { status?: string } } }>(await page.request.get(`${API}/datasets/datasets/${runId}`));
    return `${run.status}/${dataset.attributes?.postProcessRun?.status ?? '-'}`;
  };
  const deadline = Date.now() + timeoutMs;
  for (let last = await state(); last !== 'FINISHED/FINISHED'; last = await state()) {
    if (Date.now() > deadline || /FAILED|CANCELLED/.test(last)) throw new Error(`run ${runId}: ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
