import { RUN_AGAIN_MESSAGES, SCHEDULE_MESSAGES, type Job, type RunDetails } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, getJob, ok, schedule, scheduleOk, schedulePayload, scenarioWithInputs, TestRunner } from './runner-client.ts';
import { addUser, createScenario, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start() {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice'), bob: await addUser(t.app, admin, 'bob') };
}

const as = (session: Session) => ({ cookie: session.cookie });
const job = async (session: Session, id: number): Promise<Job> => ok<Job>(await getJob(t.app, session, id), 'job');
const templates = async (session: Session) =>
  ok<{ jobTemplates: { id: number; name: string; command: string }[]; defaultJobTemplate: number }>(
    await t.app.inject({ url: `${API}/jobs/templates`, headers: as(session) }),
    'templates',
  );
const cancelJob = (session: Session, id: number) => t.app.inject({ method: 'POST', url: `${API}/jobs/jobs/${id}/do?action=cancel`, headers: as(session) });
const cancelRun = (session: Session, id: number) => t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${id}/do?action=cancel`, headers: as(session) });

describe('scheduling validation', () => {
  it('answers the schedule form messages of spec 1 §5.2 as they are', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const message = async (overrides: Record<string, unknown>) => {
      const response = await schedule(t.app, alice, schedulePayload(alice, inputs, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      return response.json().message;
    };
    expect(await message({ name: '  ' })).toBe('Please provide a name.');
    expect(await message({ matsimRunId: '' })).toBe('Please provide a Run ID.');
    for (const memory of ['4', '4 g', '4gb', 'g', '-4g', '4.5g']) expect(await message({ memory })).toBe(SCHEDULE_MESSAGES.memory);
    expect(await message({ jobTemplate: 99_999 })).toBe('Select a job type for the scenario in the scenario settings.');
    const { config, network } = inputs.files;
    expect(
      await message({ files: [{ file: config.id, name: config.name, role: 'config' }, { file: network.id, name: network.name, role: 'network' }] }),
    ).toBe('Please assign a config, network and population file.');
    expect(await message({ files: [] })).toBe('Please assign a config, network and population file.');

    // Files and changesets must be the scenario's own.
    const [stray] = await uploadOk(t.app, alice, [{ name: 'stray.xml', content: '<x/>' }]);
    const files = schedulePayload(alice, inputs).files as unknown[];
    expect(await message({ files: [...files, { file: stray!.id, name: 'stray.xml', role: 'input' }] })).toBe('The file "stray.xml" is not part of the scenario.');
    expect(await message({ files: [...files, { file: config.id, name: config.name, role: 'config' }] })).toBe('Please assign only one config file.');
    const other = await createScenario(t.app, alice, { key: 'other' });
    const changeset = await t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${other.id}/changesets`, headers: as(alice), payload: { name: 'c', modifications: [] } });
    expect(await message({ changesets: [{ id: changeset.json().id }] })).toBe('A chosen changeset does not belong to the scenario.');
    // Other validation failures keep the usual form.
    expect(await message({ type: 'other' })).toMatch(/^Invalid request: body\/type: /);

    // Memory letters in either case are fine; nothing was created by the refused requests.
    await scheduleOk(t.app, alice, inputs, { memory: '4096M' });
    expect(ok<Job[]>(await t.app.inject({ url: `${API}/jobs/jobs/list`, headers: as(alice) }), 'list')).toHaveLength(1);
  });

  it('needs a job type: without any template the scenario cannot be scheduled', async () => {
    const { admin, alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    for (const template of (await templates(alice)).jobTemplates) {
      const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/jobs/templates/${template.id}`, headers: { cookie: admin } });
      expect(deleted.statusCode).toBe(200);
    }
    const response = await schedule(t.app, alice, schedulePayload(alice, inputs));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SCHEDULE_MESSAGES.jobType);
  });

  it('refuses the signed-out (401), other groups (403) and scenarios the caller cannot read (404)', async () => {
    const { alice, bob } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const anonymous = await t.app.inject({ method: 'POST', url: `${API}/jobs/jobs`, payload: schedulePayload(alice, inputs) });
    expect(anonymous.statusCode).toBe(401);
    const foreignScenario = await schedule(t.app, bob, schedulePayload(bob, inputs));
    expect(foreignScenario.statusCode).toBe(404);
    const bobs = await scenarioWithInputs(t.app, bob, 'bobs');
    const foreignGroup = await schedule(t.app, bob, schedulePayload(bob, bobs, { group: alice.groupId }));
    expect(foreignGroup.statusCode).toBe(403);
    expect(foreignGroup.json().message).toBe('You are not a member of this team.');
  });
});

describe('a scheduled run', () => {
  it('is a run dataset with its inputs, a scenario-run relation and a CREATED job with a log', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { jobTemplates, defaultJobTemplate } = await templates(alice);
    const scheduled = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'Equil_Run.1', memory: '1500m', programArgs: '--seed 3' });
    expect(scheduled.key).toBe('equil-run-1');

    const run = ok<{ type: string; name: string; description: string; key: string; attributes: Record<string, unknown>; files: { id: number }[] }>(
      await t.app.inject({ url: `${API}/datasets/datasets/${scheduled.datasetId}`, headers: as(alice) }),
      'run',
    );
    expect(run).toMatchObject({ type: 'run', name: 'Equil Run 1', description: 'first try', key: 'equil-run-1', attributes: { __crs: 'Atlantis', __jobType: defaultJobTemplate } });
    expect(run.files.map((f) => f.id).sort()).toEqual(Object.values(inputs.files).map((f) => f.id).sort());

    const created = await job(alice, scheduled.id);
    const template = jobTemplates.find((tpl) => tpl.id === defaultJobTemplate)!;
    expect(created).toMatchObject({
      id: scheduled.id,
      name: 'Equil Run 1',
      url: `/alice/runs/${scheduled.datasetId}`,
      datasetId: scheduled.datasetId,
      jobStatus: 'CREATED',
      started: null,
      finished: null,
      command: template.command,
      jobTemplate: defaultJobTemplate,
      ready: true,
      runnerName: null,
      message: null,
      exitCode: null,
    });
    expect(JSON.parse(created.parameters)).toEqual({
      memory: '1500m',
      changesets: [],
      programArgs: '--seed 3',
      matsimRunId: 'Equil_Run.1',
      inputs: [
        { role: 'config', name: 'config.xml' },
        { role: 'network', name: 'network.xml' },
        { role: 'population', name: 'plans100.xml' },
      ],
    });
    expect(created.files.map((f) => [f.role, f.id]).sort()).toEqual(
      [
        ['config', inputs.files.config.id],
        ['network', inputs.files.network.id],
        ['population', inputs.files.population.id],
      ].sort(),
    );
    const log = await t.app.inject({ url: `${API}/datasets/sysfiles/${created.fkStdOutFile}`, headers: as(alice) });
    expect(log.body).toMatch(/^Run scheduled by alice at \d{4}-\d\d-\d\dT[\d:.]+Z; waiting for a runner\.\n$/);

    // The relation, seen from the scenario and from the run.
    const relation = { type: 'scenario-run', dataset1: inputs.scenarioId, dataset2: scheduled.datasetId, fkJob: scheduled.id };
    for (const id of [inputs.scenarioId, scheduled.datasetId]) {
      expect(ok(await t.app.inject({ url: `${API}/datasets/datasets/${id}/relations`, headers: as(alice) }), 'relations')).toEqual([relation]);
    }

    // A second run with the same run id gets the next free key.
    expect((await scheduleOk(t.app, alice, inputs, { matsimRunId: 'Equil_Run.1' })).key).toBe('equil-run-1-2');
  });

  it('needs RAM rounded up to whole gigabytes and the template the scenario names as its job type', async () => {
    const { admin, alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const { jobTemplates } = await templates(alice);
    const java = jobTemplates.find((tpl) => tpl.command.startsWith('$JAVA'))!;
    const token = await createRunnerToken(t.app, admin);
    const runner = new TestRunner(t.app, { token: token.token, capabilities: ['engine'] });
    await runner.connect();

    const memory = await scheduleOk(t.app, alice, inputs, { memory: '1500m', matsimRunId: 'm' });
    expect((await runner.claimJob())?.ramInGb).toBe(2);
    const requirements = await scheduleOk(t.app, alice, inputs, { resourceRequirements: { ramInGb: 2.5, cpuCores: 2 }, matsimRunId: 'r' });
    expect(await runner.claimJob()).toMatchObject({ jobId: requirements.id, ramInGb: 3, cpuCores: 2 });
    expect(memory.id).toBeLessThan(requirements.id);

    // The scenario's job type decides when the form names none.
    const update = await t.app.inject({
      method: 'PUT',
      url: `${API}/datasets/datasets/${inputs.scenarioId}`,
      headers: as(alice),
      payload: { name: 'Equil', key: inputs.key, description: '', attributes: { __jobType: java.id } },
    });
    expect(update.statusCode).toBe(200);
    const javaRun = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'j' });
    expect(await job(alice, javaRun.id)).toMatchObject({ jobTemplate: java.id, command: java.command });
    // A runner without Java does not get it; one with Java does.
    expect(await runner.claimJob()).toBeNull();
    const javaRunner = new TestRunner(t.app, { token: token.token, capabilities: ['java'] });
    await javaRunner.connect();
    expect(await javaRunner.claimJob()).toMatchObject({ jobId: javaRun.id, command: java.command });
  });

  it('keeps its input files when the scenario is deleted', async () => {
    const { alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    const created = await job(alice, scheduled.id);
    expect((await cancelJob(alice, scheduled.id)).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${inputs.scenarioId}`, headers: as(alice) });
    expect(deleted.statusCode).toBe(200);
    const run = ok<{ files: { id: number }[] }>(await t.app.inject({ url: `${API}/datasets/datasets/${scheduled.datasetId}`, headers: as(alice) }), 'run');
    expect(run.files).toHaveLength(3);
    const config = await t.app.inject({ url: `${API}/datasets/files/${inputs.files.config.id}`, headers: as(alice) });
    expect(config.statusCode).toBe(200);
    expect((await job(alice, scheduled.id)).files).toEqual(created.files);
    // The relation has lost its scenario.
    expect(ok(await t.app.inject({ url: `${API}/datasets/datasets/${scheduled.datasetId}/relations`, headers: as(alice) }), 'relations')).toEqual([]);
  });
});

describe('job reads and cancel', () => {
  it('lists the jobs of runs the caller can read, newest first; administrators see all', async () => {
    const { admin, alice, bob } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const first = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'a1' });
    const second = await scheduleOk(t.app, alice, inputs, { matsimRunId: 'a2' });
    const bobs = await scheduleOk(t.app, bob, await scenarioWithInputs(t.app, bob, 'bobs'), { matsimRunId: 'b1' });
    const ids = async (cookie: string) => ok<Job[]>(await t.app.inject({ url: `${API}/jobs/jobs/list`, headers: { cookie } }), 'list').map((j) => j.id);
    expect(await ids(alice.cookie)).toEqual([second.id, first.id]);
    expect(await ids(bob.cookie)).toEqual([bobs.id]);
    expect(await ids(admin)).toEqual([bobs.id, second.id, first.id]);
    expect((await t.app.inject({ url: `${API}/jobs/jobs/list` })).statusCode).toBe(401);
    expect((await job({ ...alice, cookie: admin }, bobs.id)).id).toBe(bobs.id);
  });

  it('hides a run from users of another group: read, cancel and stop answer 404', async () => {
    const { alice, bob } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    const read = await getJob(t.app, bob, scheduled.id);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('The job could not be found.');
    expect((await cancelJob(bob, scheduled.id)).statusCode).toBe(404);
    expect((await cancelRun(bob, scheduled.datasetId)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/datasets/datasets/${scheduled.datasetId}`, headers: as(bob) })).statusCode).toBe(404);
    expect((await job(alice, scheduled.id)).jobStatus).toBe('CREATED');
    expect((await getJob(t.app, alice, 999_999)).statusCode).toBe(404);
  });

  it('cancels a queued job at once; an ended job or a dataset without a job cannot be stopped', async () => {
    const { admin, alice } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const scheduled = await scheduleOk(t.app, alice, inputs);
    expect((await t.app.inject({ method: 'POST', url: `${API}/jobs/jobs/${scheduled.id}/do?action=delete`, headers: as(alice) })).statusCode).toBe(400);

    const cancelled = await cancelJob(alice, scheduled.id);
    expect(cancelled.statusCode).toBe(200);
    const ended = await job(alice, scheduled.id);
    expect(ended).toMatchObject({ jobStatus: 'CANCELLED', ready: false, message: 'Cancelled by alice.', exitCode: null });
    expect(ended.finished).not.toBeNull();
    const log = await t.app.inject({ url: `${API}/datasets/sysfiles/${ended.fkStdOutFile}`, headers: as(alice) });
    expect(log.body).toMatch(/\nCancelled by alice\.\nRun cancelled at .*\.\n$/);
    const run = ok<{ run: { status: string; events: { type: string; status: string }[] } }>(
      await t.app.inject({ url: `${API}/datasets/run/${scheduled.datasetId}`, headers: as(alice) }),
      'run',
    );
    expect(run.run.status).toBe('CANCELLED');
    expect(run.run.events).toMatchObject([{ type: 'runFinished', status: 'CANCELLED' }]);

    for (const again of [await cancelJob(alice, scheduled.id), await cancelRun(alice, scheduled.datasetId)]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('The run is not active.');
    }
    const noJob = await cancelRun(alice, inputs.scenarioId);
    expect(noJob.statusCode).toBe(409);

    // A cancelled job is never handed to a runner.
    const runner = new TestRunner(t.app, { token: (await createRunnerToken(t.app, admin)).token });
    await runner.connect();
    expect(await runner.claimJob()).toBeNull();
  });
});

describe('run again (POST /datasets/runs/{id}/again)', () => {
  it('schedules a new linked run with the same inputs, changesets, arguments and template; refuses others and deleted inputs', async () => {
    const { admin, alice, bob } = await start();
    const inputs = await scenarioWithInputs(t.app, alice);
    const changeset = ok<{ id: number }>(
      await t.app.inject({
        method: 'POST',
        url: `${API}/datasets/datasets/${inputs.scenarioId}/changesets/`,
        headers: as(alice),
        payload: { id: -1, name: 'Link 2 widened', modifications: [{ type: 'network/updateLink', id: '2', changes: { capacity: 1500 } }] },
      }),
      'changeset',
    );
    const { jobTemplates } = await templates(alice);
    const template = jobTemplates.at(-1)!;
    const scheduled = await scheduleOk(t.app, alice, inputs, { programArgs: '--seed 3', memory: '2g', changesets: [{ id: changeset.id }], jobTemplate: template.id });
    const again = (session: Session, runId: number) => t.app.inject({ method: 'POST', url: `${API}/datasets/runs/${runId}/again`, headers: as(session) });
    const details = async (runId: number) => ok<RunDetails>(await t.app.inject({ url: `${API}/datasets/run/${runId}`, headers: as(alice) }), 'run');

    // Bob can neither see nor run it again.
    expect((await again(bob, scheduled.datasetId)).statusCode).toBe(404);
    expect((await details(scheduled.datasetId)).mayRunAgain).toBe(true);
    const first = ok<{ id: number; datasetId: number; key: string }>(await again(alice, scheduled.datasetId), 'again');
    const old = await job(alice, scheduled.id);
    const fresh = await job(alice, first.id);
    expect(fresh).toMatchObject({ name: 'Equil Run 1 #2', jobStatus: 'CREATED', command: old.command, jobTemplate: template.id, runnerName: null });
    expect(JSON.parse(fresh.parameters)).toEqual(JSON.parse(old.parameters));
    // The same files, the network with the changeset applied included (the copy the first run used).
    expect(fresh.files).toEqual(old.files);
    const run = await details(first.datasetId);
    expect(run).toMatchObject({ name: 'Equil Run 1 #2', scenarioId: inputs.scenarioId, againOf: { id: scheduled.datasetId, name: 'Equil Run 1', groupName: 'alice' }, againRuns: [] });
    expect(run.attributes).toMatchObject({ __changesets: [{ id: changeset.id, name: 'Link 2 widened', modifications: 1 }] });
    expect(run.key).not.toBe((await details(scheduled.datasetId)).key);
    // A run again of the run again is #3; the first run lists both.
    const second = ok<{ datasetId: number }>(await again(alice, first.datasetId), 'again of again');
    expect((await details(second.datasetId)).name).toBe('Equil Run 1 #3');
    expect((await details(scheduled.datasetId)).againRuns.map((r) => r.id)).toEqual([first.datasetId]);
    expect((await details(first.datasetId)).againRuns.map((r) => r.id)).toEqual([second.datasetId]);

    // An input file deleted since (taken out of the scenario and the runs, then deleted) is named in the refusal.
    const population = inputs.files.population.id;
    for (const datasetId of [inputs.scenarioId, scheduled.datasetId, first.datasetId, second.datasetId]) {
      expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${datasetId}/files/${population}`, headers: as(alice) })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/files/${population}`, headers: { cookie: admin } })).statusCode).toBe(200);
    const refused = await again(alice, scheduled.datasetId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RUN_AGAIN_MESSAGES.fileDeleted('plans100.xml'));
  });
});
