/**
 * The Slurm runner (`corridor-runner --slurm`) against a real one-node Slurm cluster (`.ci/slurm-up`: munge, slurmctld
 * and slurmd on this machine): a demo run through sbatch to FINISHED with every output; cancel while PENDING and while
 * RUNNING (scancel); a job over its --mem ends FAILED with OUT_OF_MEMORY; a runner killed while its job runs is
 * started again, follows the same Slurm job and the run FINISHES; a stopped runner leaves its job running. CI sets CORRIDOR_SLURM_REQUIRED, so a cluster that
 * did not come up fails there instead of skipping.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../server/test/harness.ts';
import { attach, uploadOk } from '../../server/test/workspace-helpers.ts';
import { admin, call, javaJar, outputTexts, runLog, runner, scenario, schedule, startRunner, startServer, stopAll, t, waitFor, waitForJob, workDir } from './flow.ts';

/** Why this machine cannot run the tests, or undefined when sinfo shows a node that takes jobs. */
function slurmProblem(): string | undefined {
  const sinfo = spawnSync('sinfo', ['-h', '-N', '-o', '%t'], { encoding: 'utf8', timeout: 20_000 });
  if (sinfo.error) return `sinfo could not be run (${sinfo.error.message}): install slurm-wlm and start the cluster with .ci/slurm-up`;
  if (sinfo.status !== 0) return `sinfo failed: ${sinfo.stderr.trim()} (start the cluster with .ci/slurm-up)`;
  if (!/^(idle|mix|alloc)/m.test(sinfo.stdout)) return `no Slurm node takes jobs: ${sinfo.stdout.trim()}`;
  return undefined;
}

const problem = slurmProblem();
if (problem && process.env.CORRIDOR_SLURM_REQUIRED) throw new Error(`Slurm is required here but ${problem}`);
if (problem) console.warn(`Slurm runner tests skipped: ${problem}`);

const SLURM_ARGS = ['--slurm', '--time', '00:10:00'];
const env = { CORRIDOR_SLURM_POLL_MS: '300' };

function scontrol(slurmJobId: string): string {
  return execFileSync('scontrol', ['show', 'job', '-o', slurmJobId], { encoding: 'utf8' });
}

/** The Slurm job id the run's log names. */
async function slurmJobOf(datasetId: number): Promise<string> {
  return waitFor(async () => /submitted to Slurm as job (\d+)/.exec(await runLog(datasetId))?.[1]);
}

async function cancel(jobId: number): Promise<void> {
  const answer = await t.app.inject({ method: 'POST', url: `${API}/jobs/jobs/${jobId}/do?action=cancel`, headers: { cookie: admin.cookie } });
  expect(answer.statusCode).toBe(200);
}

describe.skipIf(problem !== undefined)('runs on a Slurm cluster', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    // A long heartbeat timeout: a runner restarted within it keeps its jobs.
    await startServer({ RUNNER_HEARTBEAT_MS: '250', RUNNER_HEARTBEAT_TIMEOUT_MS: '60000' });
    await startRunner('slurm-runner', { args: SLURM_ARGS, env });
  }, 60_000);

  afterAll(stopAll);

  it('hands a demo run to sbatch and follows it to FINISHED: the run key as job name, its log, iterations and every output', async () => {
    const { id: jobId, datasetId } = await schedule('slurm_ok', '--config:controller.lastIteration=2');
    const slurmJobId = await slurmJobOf(datasetId);
    const job = await waitForJob(jobId, 'FINISHED', 120_000);
    expect(job).toMatchObject({ exitCode: 0, runnerName: 'slurm-runner' });
    const shown = scontrol(slurmJobId);
    expect(shown).toMatch(/JobName=slurm_ok_1 /);
    expect(shown).toMatch(/JobState=COMPLETED /);
    expect(shown).toMatch(new RegExp(`Comment=corridor-job-${jobId}-[0-9a-f]{12} `));
    expect(shown).toMatch(/TimeLimit=00:10:00/);
    const log = await runLog(datasetId);
    expect(log).toMatch(new RegExp(`Slurm job ${slurmJobId} is RUNNING`));
    expect(log).toContain('### ITERATION 2 ENDS');
    expect(log).toMatch(new RegExp(`Slurm job ${slurmJobId} ended COMPLETED`));
    const run = await call('GET', `/datasets/run/${datasetId}`);
    expect(run.run.currentIteration).toBe(2);
    const names = (await outputTexts(datasetId)).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['slurm_ok_1.output_events.xml.gz', 'slurm_ok_1.output_plans.xml.gz', 'slurm_ok_1.scorestats.csv', 'logfile.log']));
    // The job's folder and record are gone once the outputs are uploaded.
    await waitFor(async () => !(await readdir(workDir)).includes(`job-${jobId}`));
    expect(await readdir(`${workDir}/slurm-jobs`)).not.toContain(`job-${jobId}.json`);
  });

  it('shows a PENDING job as Scheduled with its Slurm job id and queue position, and scancels it when the run is cancelled', async () => {
    // A job that takes every CPU of the one node keeps the run's job waiting.
    const blocker = execFileSync('sbatch', ['--parsable', '--cpus-per-task', String(nodeCpus()), '--mem=50M', '--output=/dev/null', '--wrap', 'sleep 300'], { encoding: 'utf8' }).trim();
    try {
      const { id: jobId, datasetId } = await schedule('slurm_pending', '--config:controller.lastIteration=2');
      const slurmJobId = await slurmJobOf(datasetId);
      await waitFor(async () => new RegExp(`Slurm job ${slurmJobId} is PENDING \\((Resources|Priority)\\), position 1 in the queue`).test(await runLog(datasetId)));
      // SUBMITTED is what the run page shows as Scheduled.
      expect((await call('GET', `/jobs/jobs/${jobId}`)).jobStatus).toBe('SUBMITTED');
      expect((await call('GET', `/datasets/run/${datasetId}`)).status).toBe('SUBMITTED');
      await cancel(jobId);
      await waitForJob(jobId, 'CANCELLED');
      expect(scontrol(slurmJobId)).toMatch(/JobState=CANCELLED /);
    } finally {
      execFileSync('scancel', [blocker]);
    }
  });

  it('scancels a RUNNING job when the run is cancelled', async () => {
    const { id: jobId, datasetId } = await schedule('slurm_stop', '--config:controller.lastIteration=1000');
    const slurmJobId = await slurmJobOf(datasetId);
    await waitForJob(jobId, 'STARTED');
    await waitFor(async () => (await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration >= 1);
    await cancel(jobId);
    const job = await waitForJob(jobId, 'CANCELLED');
    expect(job.message).toBe('The run was cancelled.');
    expect(scontrol(slurmJobId)).toMatch(/JobState=CANCELLED /);
    // What the job wrote before it was stopped is uploaded.
    expect((await outputTexts(datasetId)).map((f) => f.name)).toContain('logfile.log');
  });

  it('ends a job over its --mem FAILED with OUT_OF_MEMORY in the log', async () => {
    const upload = await uploadJar(await memoryHogJar());
    const template = await call('POST', '/jobs/templates', { name: 'Memory hog', allowCustomJar: true, command: '$JAVA -Xmx$Xmx -XX:MaxDirectMemorySize=8g -jar $JAR $CONFIG $ARGS' });
    // 64 MB of heap: --mem is 64 MB × 1.25 + 512 MB = 592 MB; the program takes 2 GB outside the heap.
    const { id: jobId, datasetId } = await schedule('slurm_oom', '', template.id, [{ file: upload.id, name: 'hog.jar', role: 'jar' }], { memory: '64m' });
    const slurmJobId = await slurmJobOf(datasetId);
    const job = await waitForJob(jobId, 'FAILED', 120_000);
    expect(job.message).toMatch(new RegExp(`Slurm job ${slurmJobId} ended OUT_OF_MEMORY: it needed more than its --mem of 592 MB`));
    expect(await runLog(datasetId)).toMatch(/OUT_OF_MEMORY/);
  });

  it('follows its Slurm job again after the runner is killed and started again: one submission, and the run FINISHES', async () => {
    const { id: jobId, datasetId } = await schedule('slurm_restart', '--config:controller.lastIteration=30');
    const slurmJobId = await slurmJobOf(datasetId);
    await waitForJob(jobId, 'STARTED');
    await waitFor(async () => (await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration >= 1);
    runner.kill('SIGKILL');
    await runner.exited;
    const restarted = await startRunner('slurm-runner', { args: SLURM_ARGS, env });
    await waitForJob(jobId, 'FINISHED', 150_000);
    expect(restarted.lines.join('\n')).toMatch(new RegExp(`following 1 Slurm job\\(s\\) submitted before this runner started: ${slurmJobId}`));
    const log = await runLog(datasetId);
    expect(log.match(/submitted to Slurm as job/g)).toHaveLength(1);
    expect(log).toMatch(new RegExp(`follows Slurm job ${slurmJobId} again`));
    expect(log).toContain('### ITERATION 30 ENDS');
    const comment = /Comment=(\S+)/.exec(scontrol(slurmJobId))![1]!;
    expect(execFileSync('squeue', ['-h', '-t', 'all', '-o', '%k'], { encoding: 'utf8' }).split('\n').filter((c) => c.trim() === comment)).toHaveLength(1);
    expect((await call('GET', `/datasets/run/${datasetId}`)).run.currentIteration).toBe(30);
  });

  it('leaves its Slurm job running when the runner is stopped (SIGTERM); the next start follows it and can cancel it', async () => {
    const { id: jobId, datasetId } = await schedule('slurm_detach', '--config:controller.lastIteration=1000');
    const slurmJobId = await slurmJobOf(datasetId);
    await waitForJob(jobId, 'STARTED');
    await runner.stop();
    expect(runner.lines.join('\n')).toContain(`job ${jobId}: left running as Slurm job ${slurmJobId}`);
    expect(scontrol(slurmJobId)).toMatch(/JobState=RUNNING /);
    expect((await call('GET', `/jobs/jobs/${jobId}`)).jobStatus).toBe('STARTED');
    await startRunner('slurm-runner', { args: SLURM_ARGS, env });
    await waitFor(async () => new RegExp(`follows Slurm job ${slurmJobId} again`).test(await runLog(datasetId)));
    await cancel(jobId);
    await waitForJob(jobId, 'CANCELLED');
    expect(scontrol(slurmJobId)).toMatch(/JobState=CANCELLED /);
  });
});

function nodeCpus(): number {
  return Number(execFileSync('sinfo', ['-h', '-o', '%c'], { encoding: 'utf8' }).trim().split('\n')[0]);
}

/** A Java program that takes memory outside its heap (direct buffers, touched) until it has 2 GB. */
function memoryHogJar(): Promise<string> {
  return javaJar(
    'Hog',
    String.raw`public class Hog {
  public static void main(String[] args) throws Exception {
    java.util.List<java.nio.ByteBuffer> kept = new java.util.ArrayList<>();
    for (int i = 0; i < 40; i++) {
      java.nio.ByteBuffer b = java.nio.ByteBuffer.allocateDirect(50 << 20);
      for (int p = 0; p < b.capacity(); p += 4096) b.put(p, (byte) 1);
      kept.add(b);
      System.out.println("holding " + (i + 1) * 50 + " MB");
    }
    Thread.sleep(5000);
  }
}`,
  );
}

async function uploadJar(jarPath: string): Promise<{ id: number }> {
  const [uploaded] = await uploadOk(t.app, admin, [{ name: 'hog.jar', content: await readFile(jarPath) }]);
  await attach(t.app, admin, scenario.id, uploaded!.id);
  return uploaded!;
}
