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
