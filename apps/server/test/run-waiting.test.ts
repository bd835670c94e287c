/** A CREATED run says what it waits for (no runner connected, none that could ever take it, or all busy) and can be cancelled. */
import type { RunDetails } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, ok, scenarioWithInputs, scheduleOk, TestRunner } from './runner-client.ts';
import { addUser, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

const as = (session: Session) => ({ cookie: session.cookie });
const runState = async (session: Session, runId: number) =>
  ok<RunDetails>(await t.app.inject({ url: `${API}/datasets/run/${runId}`, headers: as(session) }), 'run').run;

describe('a run waiting for a runner', () => {
  it('says whether no runner is connected, none could ever take it, or the runners are busy; it can be cancelled', async () => {
    t = await createTestApp();
    const admin = await setupAdmin(t.app);
    const alice = await addUser(t.app, admin, 'alice');
    const inputs = await scenarioWithInputs(t.app, alice);
    const huge = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'huge', resourceRequirements: { ramInGb: 1000, cpuCores: 2 } });
    expect((await runState(alice, huge.datasetId)).waitingFor).toEqual({ reason: 'no-runner-connected', ramInGb: 1000, cpuCores: 2 });

    const runner = new TestRunner(t.app, { token: (await createRunnerToken(t.app, admin)).token, resources: { cpuCores: 4, ramInGb: 16 } });
    await runner.connect();
    expect((await runState(alice, huge.datasetId)).waitingFor).toEqual({ reason: 'no-runner-fits', ramInGb: 1000, cpuCores: 2 });

    // A run the runner could take waits only while the runner is busy; once claimed it waits for nothing.
    const small = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'small', resourceRequirements: { ramInGb: 4, cpuCores: 1 } });
    expect((await runState(alice, small.datasetId)).waitingFor).toEqual({ reason: 'busy', ramInGb: 4, cpuCores: 1 });
    expect((await runner.claimJob())?.jobId).toBe(small.id);
    expect(await runState(alice, small.datasetId)).toMatchObject({ status: 'SUBMITTED', waitingFor: null });
    expect((await runState(alice, huge.datasetId)).waitingFor?.reason).toBe('no-runner-fits');

    const stop = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${huge.datasetId}/do?action=cancel`, headers: as(alice) });
    expect(stop.statusCode).toBe(200);
    expect(await runState(alice, huge.datasetId)).toMatchObject({ status: 'CANCELLED', waitingFor: null });
    expect(await runner.claimJob()).toBeNull();
  });
});
