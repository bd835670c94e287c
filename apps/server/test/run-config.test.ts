/** GET /datasets/run/{id}/config: the config a run was scheduled with, for Compare Runs. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunConfigAnswer } from '@corridor/contract';
import { getParam, readConfig, setParam } from '@corridor/matsim';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { insertRun } from './run-fixtures.ts';
import { ok, scenarioWithInputs, scheduleOk } from './runner-client.ts';
import { addUser, attach, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob') };
}

const runConfig = (session: Session | null, runId: number) =>
  t.app.inject({ url: `${API}/datasets/run/${runId}/config`, headers: session ? { cookie: session.cookie } : {} });
const runConfigOk = async (session: Session, runId: number) => ok<RunConfigAnswer>(await runConfig(session, runId), 'run config');
const shared = (file: string) => path.join(SHARED_DATA, file);

describe('the config a run was scheduled with', () => {
  it("is the job's config file with the --config: program arguments applied, other arguments ignored", async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const programArgs = '--config:controler.lastIteration=3  --seed 4 --config:qsim.endTime 30:00:00 --config:global.randomSeed=7';
    const run = await scheduleOk(t.app, alice, inputs, { programArgs });

    const answer = await runConfigOk(alice, run.datasetId);
    expect(answer.runId).toBe(run.datasetId);
    expect(answer.source).toEqual({ fileId: inputs.files.config.id, name: 'config.xml' });
    let expected = await readConfig(shared('equil/config.xml'));
    expected = setParam(setParam(setParam(expected, 'controler', 'lastIteration', '3'), 'qsim', 'endTime', '30:00:00'), 'global', 'randomSeed', '7');
    expect(answer.config).toEqual(JSON.parse(JSON.stringify(expected)));
    // The equil config uses the new names: an old-name override changes its controller module, a new module (qsim)
    // is added at the end.
    expect(getParam(answer.config!, 'controller', 'lastIteration')).toBe('3');
    expect(answer.config!.modules.map((m) => m.name)).toEqual(['global', 'network', 'plans', 'controller', 'scoring', 'replanning', 'qsim']);
  });

  it('a second run with other arguments has its own; without arguments the file as it is', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const first = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'a', programArgs: '' });
    const second = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'b', programArgs: '--config:qsim.flowCapacityFactor=0.5' });
    const [a, b] = [await runConfigOk(alice, first.datasetId), await runConfigOk(alice, second.datasetId)];
    expect(a.config).toEqual(JSON.parse(JSON.stringify(await readConfig(shared('equil/config.xml')))));
    expect(getParam(a.config!, 'qsim', 'flowCapacityFactor')).toBeUndefined();
    expect(getParam(b.config!, 'qsim', 'flowCapacityFactor')).toBe('0.5');
  });

  it('for a run without a job (imported) is its output_config.xml, not the reduced one; none when it has no config', async () => {
    const { alice } = await start();
    const imported = await insertRun(t, { owner: alice, job: null });
    expect(await runConfigOk(alice, imported.id)).toEqual({ runId: imported.id, source: null, config: null });

    const uploaded = await uploadOk(t.app, alice, [
      { name: 'output_config_reduced.xml', content: await readFile(shared('output-equil-2024/output_config_reduced.xml')) },
      { name: 'equil.output_config.xml', content: await readFile(shared('output-equil-2024/output_config.xml')) },
      { name: 'output_plans.xml', content: await readFile(shared('equil/plans100.xml')) },
    ]);
    for (const file of uploaded) await attach(t.app, alice, imported.id, file.id);
    const answer = await runConfigOk(alice, imported.id);
    expect(answer.source).toEqual({ fileId: uploaded[1]!.id, name: 'equil.output_config.xml' });
    expect(answer.config).toEqual(JSON.parse(JSON.stringify(await readConfig(shared('output-equil-2024/output_config.xml')))));
    expect(answer.config!.modules).toHaveLength(25);
  });

  it('needs read access to a run: 401 signed out, 404 for others, for scenarios and for unknown ids', async () => {
    const { alice, bob, admin } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const run = await scheduleOk(t.app, alice, inputs);
    expect((await runConfig(null, run.datasetId)).statusCode).toBe(401);
    const foreign = await runConfig(bob, run.datasetId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The dataset could not be found.');
    expect((await runConfig(alice, inputs.scenarioId)).statusCode).toBe(404);
    expect((await runConfig(alice, 999_999)).statusCode).toBe(404);
    const asAdmin = await t.app.inject({ url: `${API}/datasets/run/${run.datasetId}/config`, headers: { cookie: admin } });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().source.fileId).toBe(inputs.files.config.id);
  });
});
