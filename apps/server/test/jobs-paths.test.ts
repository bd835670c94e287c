/**
 * Issue 11, "Jobs stay in their folder": program arguments that steer the engine outside the job folder and run ids
 * that are no safe file name prefix are refused at scheduling, each with its message, and nothing is created.
 */
import { JOB_PATH_MESSAGES as M, type Job } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok, schedule, scheduleOk, schedulePayload, scenarioWithInputs, type ScenarioInputs } from './runner-client.ts';
import { addUser, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let inputs: ScenarioInputs;

beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t.app, await setupAdmin(t.app), 'alice');
  inputs = await scenarioWithInputs(t.app, alice);
});
afterAll(() => t?.close());

async function refusal(overrides: Record<string, unknown>): Promise<string> {
  const response = await schedule(t.app, alice, schedulePayload(alice, inputs, overrides));
  expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
  return response.json().message;
}

const jobs = async () => ok<Job[]>(await t.app.inject({ url: `${API}/jobs/jobs/list`, headers: { cookie: alice.cookie } }), 'jobs');

describe('scheduling refuses arguments that leave the job folder', () => {
  it.each([
    // The findings: a deleted directory tree on the host, outputs written elsewhere, a host file read and handed out.
    ['--output /some/dir --config:controller.overwriteFiles=deleteDirectoryIfExists', M.outputDirectory('--output /some/dir')],
    ['--config:controller.outputDirectory=/elsewhere', M.outputDirectory('--config:controller.outputDirectory=/elsewhere')],
    ['--config:network.inputNetworkFile=/some/file.xml', M.outsidePath('--config:network.inputNetworkFile=/some/file.xml')],
    // The same by other spellings.
    ['--output=inside', M.outputDirectory('--output=inside')],
    ['--config:controler.outputDirectory ../x', M.outputDirectory('--config:controler.outputDirectory ../x')],
    ['--config:controller.runId=../../../x', M.runIdOverride('--config:controller.runId=../../../x')],
    ['--config:network.inputChangeEventsFile=../../changes.xml', M.outsidePath('--config:network.inputChangeEventsFile=../../changes.xml')],
    ['--config:counts.inputCountsFile file:///etc/passwd', M.outsidePath('--config:counts.inputCountsFile file:///etc/passwd')],
    ['--config:multiModeDrt.drt[mode=drt].vehiclesFile=~/fleet.xml', M.outsidePath('--config:multiModeDrt.drt[mode=drt].vehiclesFile=~/fleet.xml')],
    ['--config:global.randomSeed=4711 /etc/passwd', M.outsidePath('/etc/passwd')],
    [
      '--config:controller.outputDirectory=/a --config:plans.inputPlansFile=/b.xml',
      `${M.outputDirectory('--config:controller.outputDirectory=/a')} ${M.outsidePath('--config:plans.inputPlansFile=/b.xml')}`,
    ],
  ])('program arguments %j', async (programArgs, message) => {
    expect(await refusal({ programArgs })).toBe(message);
  });

  it.each(['../../../x', '.hidden', 'runs/1', 'a\\b', 'run 1', '~x', 'ä'])('MATSim run id %j', async (matsimRunId) => {
    expect(await refusal({ matsimRunId })).toBe(M.runId);
  });

  it('names every problem at once; nothing was created by the refused requests', async () => {
    expect(await refusal({ matsimRunId: '../x', programArgs: '--output /tmp/x' })).toBe(`${M.runId} ${M.outputDirectory('--output /tmp/x')}`);
    expect(await jobs()).toEqual([]);
  });

  it('schedules arguments and run ids that stay inside', async () => {
    const scheduled = await scheduleOk(t.app, alice, inputs, {
      matsimRunId: 'Equil_v1.2-10pct',
      programArgs: '--config:controller.lastIteration=2 --config:controller.overwriteFiles=deleteDirectoryIfExists --config:network.inputChangeEventsFile=changes.xml',
    });
    expect(scheduled.key).toBe('equil-v1-2-10pct');
    expect((await jobs()).map((job) => job.id)).toEqual([scheduled.id]);
  });

  it('a run key stays a slug when the run is edited', async () => {
    const { datasetId } = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'edited' });
    for (const key of ['../x', '.hidden', 'a/b']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${API}/datasets/datasets/${datasetId}`,
        headers: { cookie: alice.cookie },
        payload: { name: 'Edited', key, description: '' },
      });
      expect(response.statusCode, key).toBe(400);
    }
  });
});
