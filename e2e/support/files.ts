/** Reading what the server hands out: the entries of a zip, a run's output file. */
import type { Page } from 'playwright-core';
import { API, json } from './api.ts';

export { unzip } from './zip.ts';

/** The content of the run's file whose name matches (the first one); fails the test when the run has none. */
export async function downloadRunFile(page: Page, runId: number, name: RegExp): Promise<Buffer> {
  const run = await json<{ files: { id: number; name: string }[] }>(await page.request.get(`${API}/datasets/run/${runId}`));
  const file = run.files.find((entry) => name.test(entry.name));
  if (!file) throw new Error(`run ${runId} has no file matching ${name}: ${run.files.map((entry) => entry.name).join(', ')}`);
  const response = await page.request.get(`${API}/datasets/files/${file.id}?dl=1`);
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()}`);
  return response.body();
}
