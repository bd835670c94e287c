/**
 * Runs with vehicle data for the visualizer tests: a job the test runner holds gets MATSim output files uploaded
 * and finishes, which starts run post-processing (output tables, vehicle data); `vehicleData` waits for the
 * vehicle data step through the options call, as the web app would.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DataSourceOptions } from '@corridor/contract';
import type { App } from '../src/app.ts';
import { API } from './harness.ts';
import { ok, type TestRunner } from './runner-client.ts';
import { SHARED_DATA, type Session } from './workspace-helpers.ts';

/** Uploads the files of a shared output folder as the job's outputs and finishes the job. */
export async function finishWithOutputs(runner: TestRunner, jobId: number, folder: string, names: string[]): Promise<void> {
  for (const name of names) {
    const response = await runner.output(jobId, name, await readFile(path.join(SHARED_DATA, folder, name)));
    if (response.statusCode !== 200) throw new Error(`output ${name}: ${response.statusCode} ${response.body}`);
  }
  const finished = await runner.finish(jobId, 'FINISHED', 0);
  if (finished.statusCode !== 200) throw new Error(`finish: ${finished.statusCode} ${finished.body}`);
}

/** The run's data source options once its vehicle data is no longer being prepared. */
export async function vehicleData(app: App, session: Session, runId: number, timeoutMs = 60_000): Promise<DataSourceOptions> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const options = ok<DataSourceOptions>(await app.inject({ url: `${API}/datasets/analysis/${runId}/options`, headers: { cookie: session.cookie } }), 'options');
    if (options.vehicleData.status !== 'PROCESSING') return options;
    if (Date.now() > end) throw new Error('the vehicle data was not prepared in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
