/**
 * One claimed job from start to end: stage the input files, write the working config, run the job template's
 * command (argv, never a shell; inside the sandbox, sandbox.ts, where the runner has one), stream log/progress/stats
 * while it runs, upload the outputs, report the end. A template that allows custom jars needs the sandbox unless the
 * runner was started with --unsandboxed.
 * Cancel: SIGTERM, SIGKILL after `killGraceMs`, upload what exists, CANCELLED. A job the server took back (lost)
 * is stopped and left without further calls.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jobPathsProblem, RUN_OUTPUT_MESSAGES, type ClaimedJob, type JobFinish } from '@corridor/contract';
import { sleep } from '../backoff.ts';
import type { ProtocolClient } from '../client.ts';
import type { Logger } from '../logger.ts';
import { buildCommand, CommandError, jobEnvironment, type BuiltCommand } from './command.ts';
import { hostPathScrubber, runnerHostFolders } from './host-paths.ts';
import { LogStream } from './log-stream.ts';
import { PID_FILE } from './leftovers.ts';
import { uploadOutputs } from './output-upload.ts';
import { listOutputFiles } from './outputs.ts';
import { ReleaseError, type Releases } from './release.ts';
import { JobReporter } from './reporter.ts';
import { limitedMessage, type LimitsReport } from './job-limits.ts';
import { signalDescendants, treeRss } from './process-tree.ts';
import { directLaunch, NO_SANDBOX_MESSAGE, SANDBOX_JOB_DIR, sandboxExit, type Launch, type Sandbox } from './sandbox.ts';
import { stagedNames, WORKING_CONFIG, type StagedFile } from './staging.ts';
import { StatsWatcher } from './stats-watcher.ts';
import { stageTemplateFiles } from './template-files.ts';
import { WorkingConfigError, writeWorkingConfig } from './working-config.ts';
import { SlurmJob, type SlurmDeps } from '../slurm/execution.ts';
import type { SlurmRecord } from '../slurm/records.ts';
import { memoryMb } from '../slurm/script.ts';
import { SLURM_MEMORY_KILL, slurmEnd } from '../slurm/states.ts';

export interface JobRunDeps {
  client: ProtocolClient;
  /** The runner's working directory; the job works in `{workDir}/job-{id}`. */
  workDir: string;
  log: Logger;
  /** The argv of $ENGINE. */
  engine: readonly string[];
  /** $JAVA */
  java: string;
  /** The environment jobs start from, and the variables to take out of it (the runner token). */
  env: NodeJS.ProcessEnv;
  hiddenEnv: readonly string[];
  /** MATSim release jars for templates that name a release. */
  releases: Releases;
  reconnect: () => Promise<void>;
  killGraceMs?: number;
  statsPollMs?: number;
  logFlushMs?: number;
  /** Where jobs run; undefined: no sandbox on this runner (bubblewrap missing or not working, or --unsandboxed). */
  sandbox: Sandbox | undefined;
  /** The operator's --unsandboxed: jobs of templates that allow custom jars run without a sandbox too. */
  unsandboxed: boolean;
  /** Keep the job's folder after the end (default: removed once the outputs are uploaded). */
  keepWorkDir?: boolean;
  /** How long calls are retried before the job counts as lost. */
  retryForMs?: number;
  /** --slurm: the job is submitted to Slurm (slurm/) instead of started here. */
  slurm?: SlurmDeps;
}

export const KILL_GRACE_MS = 10_000;
const RSS_AFTER_SILENCE_MS = 10_000;
const RSS_EVERY_MS = 5_000;
const MAX_MESSAGE = 2_000;
const OUTPUT_END_WAIT_MS = 5_000;

type Outcome =
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null; limits?: LimitsReport }
  | { kind: 'spawn-error'; message: string }
  /** Slurm said how the job ended (slurm/states.ts). */
  | { kind: 'finish'; finish: JobFinish }
  /** The runner stopped following a Slurm job that runs on (detach). */
  | { kind: 'detached' };
/** How a process this runner started ended. */
type LocalOutcome = Extract<Outcome, { kind: 'exit' | 'spawn-error' }>;

export class JobRun {
  readonly done: Promise<void>;
  private cancelMessage: string | undefined;
  private lostReason: string | undefined;
  private child: ChildProcess | undefined;
  /** Whether the child is bwrap: stopping the job then means the processes inside it. */
  private sandboxed = false;
  private ended = false;
  private killTimer: NodeJS.Timeout | undefined;
  /** The job on the Slurm cluster, once it is handed there. */
  private slurmJob: SlurmJob | undefined;
  private readonly abort = new AbortController();
  private readonly reporter: JobReporter;
  /** The job folder on the host: where the runner stages, watches and uploads (the job sees /job in the sandbox). */
  private readonly dir: string;
  /** Host paths out of what users see (log lines, the end message); the runner's own log keeps them. */
  private readonly scrub: (text: string) => string;

  constructor(
    readonly job: ClaimedJob,
    private readonly deps: JobRunDeps,
    /** A Slurm job an earlier runner process submitted: followed again, not staged or submitted again. */
    private readonly resume?: SlurmRecord,
  ) {
    this.dir = path.join(deps.workDir, `job-${job.jobId}`);
    const hostFolders = runnerHostFolders({ workDir: deps.workDir, enginesDir: deps.releases.enginesDir });
    this.scrub = hostPathScrubber(this.dir, deps.sandbox ? [{ path: SANDBOX_JOB_DIR, shown: '.' }, ...hostFolders] : hostFolders);
    this.reporter = new JobReporter({
      retryForMs: deps.retryForMs,
      reconnect: deps.reconnect,
      onLost: (reason) => this.onLost(reason),
      warn: (message) => deps.log.warn(`job ${job.jobId}: ${message}`),
    });
    this.done = this.run().catch(async (error: unknown) => {
      // A fault of the runner itself (e.g. a full disk): the job must still end, not hang on the server.
      deps.log.error(`job ${job.jobId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      this.terminate();
      if (!this.ended) {
        await this.end({ status: 'FAILED', exitCode: null, message: limit(`The runner failed: ${(error as Error).message ?? String(error)}`) });
      }
    });
  }

  /** Stops the job; it ends CANCELLED with `message` once its outputs are uploaded. */
  cancel(message: string): void {
    if (this.cancelMessage !== undefined || this.lostReason !== undefined) return;
    this.cancelMessage = message;
    this.deps.log.info(`job ${this.job.jobId}: cancelling (${message})`);
    this.abort.abort();
    this.terminate();
  }

  /**
   * The runner stops but the job runs on: a job on the Slurm cluster is left there (its record stays for the next
   * runner process); a job not yet submitted is cancelled.
   */
  detach(message: string): void {
    if (!this.slurmJob?.slurmJobId) return this.cancel(message);
    this.deps.log.info(`job ${this.job.jobId}: left running as Slurm job ${this.slurmJob.slurmJobId}`);
    this.slurmJob.detach();
  }

  /** The runner gives up on the server: the job is stopped and left without further calls (as a lost one). */
  abandon(reason: string): void {
    this.reporter.giveUp(reason);
  }

  private onLost(reason: string): void {
    if (this.lostReason !== undefined) return;
    this.lostReason = reason;
    this.deps.log.warn(`job ${this.job.jobId}: no longer this runner's job, stopping it (${reason})`);
    this.abort.abort();
    this.terminate();
  }

  private terminate(): void {
    if (this.slurmJob) {
      void this.slurmJob.cancel();
      return;
    }
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    // bwrap itself would die at once and take the job with it (SIGKILL): the job's own processes get SIGTERM
    // (bwrap itself only while it has not started them yet).
    if (this.sandboxed && child.pid) void signalDescendants(child.pid, 'SIGTERM').then((count) => count > 0 || child.kill('SIGTERM'));
    else child.kill('SIGTERM');
    this.killTimer ??= setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }, this.deps.killGraceMs ?? KILL_GRACE_MS);
  }

  private async run(): Promise<void> {
    const { job, deps } = this;
    const inputDir = path.join(this.dir, 'input');
    const outputDir = path.join(this.dir, 'output');
    let command: BuiltCommand | undefined;
    if (this.resume) {
      deps.log.info(`job ${job.jobId}: following Slurm job ${this.resume.slurmJobId ?? '(being submitted)'} again (run ${job.runId}, ${job.matsimRunId})`);
    } else {
      deps.log.info(`job ${job.jobId}: claimed (run ${job.runId}, ${job.matsimRunId})`);
      if (!deps.sandbox && job.allowCustomJar && !deps.unsandboxed) return await this.end({ status: 'FAILED', exitCode: null, message: NO_SANDBOX_MESSAGE });
      await rm(this.dir, { recursive: true, force: true });
      await mkdir(inputDir, { recursive: true });
      await writeFile(path.join(this.dir, PID_FILE), `0 ${process.pid}\n`); // the job's process comes later

      try {
        const staged = await this.stage(inputDir);
        if (this.stopped()) return await this.end({ status: 'CANCELLED', exitCode: null, message: this.cancelMessage });
        command = await this.prepare(staged, inputDir, outputDir);
      } catch (error) {
        if (this.stopped()) return await this.end({ status: 'CANCELLED', exitCode: null, message: this.cancelMessage });
        return await this.end({ status: 'FAILED', exitCode: null, message: (error as Error).message });
      }
    }

    const logStream = new LogStream({
      sendLog: (chunk) => this.reporter.call('log', () => deps.client.log(job.jobId, chunk)),
      sendProgress: (progress) => this.reporter.call('progress', () => deps.client.progress(job.jobId, progress)),
      flushMs: deps.logFlushMs,
      scrub: this.scrub,
    });
    const stats = new StatsWatcher(
      outputDir,
      job.matsimRunId,
      (name, csv) => this.reporter.call(`stats ${name}`, () => deps.client.putStats(job.jobId, name, csv)),
      { onTooLarge: (file) => logStream.note(RUN_OUTPUT_MESSAGES.statsTooLarge(file)) },
    );
    if (command) logStream.note(`corridor-runner: ${command.argv.map(quoteForDisplay).join(' ')}`);
    const outcome = deps.slurm ? await this.executeOnSlurm(command, logStream, stats) : await this.execute(command!, logStream, stats);
    await logStream.close();
    if (outcome.kind === 'detached') return;
    if (this.lostReason !== undefined) return await this.end(undefined);
    await stats.poll();

    const result = this.result(outcome, logStream.lastErrorLine);
    if (result.status !== 'FINISHED' && result.message) logStream.note(`corridor-runner: ${result.message}`);
    await logStream.close();
    await this.uploadOutputs(outputDir, logStream);
    await logStream.close();
    await this.end(result);
  }

  /** A path the job is told, as it sees it: /job/… or /releases/… in the sandbox, the host's path without one. */
  private seen(hostPath: string): string {
    return this.deps.sandbox ? this.deps.sandbox.pathInside(hostPath, this.dir) : hostPath;
  }

  private stopped(): boolean {
    return this.cancelMessage !== undefined || this.lostReason !== undefined;
  }

  /** Downloads the job template's files (template-files.ts), then every input file of the run, into `input/`. */
  private async stage(inputDir: string): Promise<StagedFile[]> {
    const fromTemplate = await stageTemplateFiles(
      this.job.files.filter((file) => file.template),
      { inputDir, archiveDir: path.join(this.dir, 'archives') },
      (file, target) => this.fetch(file, target),
    );
    if (!fromTemplate) return [];
    const runFiles = this.job.files.filter((file) => !file.template);
    const names = stagedNames(runFiles, await readdir(inputDir));
    const staged: StagedFile[] = [...fromTemplate];
    for (const [i, file] of runFiles.entries()) {
      const target = path.join(inputDir, names[i]!);
      if (!(await this.fetch(file, target))) return staged;
      staged.push({ ...file, path: target });
    }
    return staged;
  }

  /** One input file to `target`; false when the job was stopped meanwhile. */
  private async fetch(file: ClaimedJob['files'][number], target: string): Promise<boolean> {
    const result = await this.reporter.call(`download ${file.name}`, () =>
      this.deps.client.download(this.job.jobId, file.fileId, target, this.abort.signal),
    );
    if (this.stopped()) return false;
    if (result !== 'ok') throw new Error(`The input file ${file.name} could not be downloaded.`);
    return true;
  }

  /** The working config and the command line. */
  private async prepare(staged: StagedFile[], inputDir: string, outputDir: string): Promise<BuiltCommand> {
    const { job, deps } = this;
    // Jobs stay in their folder: the server's check again, with its message (a job may come from an older server).
    const pathProblem = jobPathsProblem(job);
    if (pathProblem) throw new Error(pathProblem);
    const config = staged.find((file) => file.role === 'config');
    if (!config) throw new Error('The job has no config file.');
    const workingConfig = path.join(inputDir, WORKING_CONFIG);
    try {
      const files = staged.map((file) => ({ ...file, path: this.seen(file.path) }));
      await writeWorkingConfig(config.path, workingConfig, { files, outputDirectory: this.seen(outputDir), matsimRunId: job.matsimRunId });
    } catch (error) {
      if (error instanceof WorkingConfigError) throw error;
      throw new Error(`The config ${config.name} could not be read: ${(error as Error).message}`);
    }
    const jar = await this.jarFor(staged);
    try {
      return buildCommand(job.command, {
        config: this.seen(workingConfig),
        memory: job.memory,
        programArgs: job.programArgs,
        java: deps.java,
        engine: deps.engine,
        jar,
      });
    } catch (error) {
      if (error instanceof CommandError) throw new Error(error.message);
      throw error;
    }
  }

  /** $JAR: the run's own jar when the template allows one, else the release the template names, else why not. */
  private async jarFor(staged: StagedFile[]): Promise<{ path: string } | { problem: string }> {
    const { job } = this;
    const custom = staged.find((file) => file.role === 'jar');
    if (job.allowCustomJar && custom) return { path: this.seen(custom.path) };
    if (!/\$JAR(?![A-Za-z0-9_])/.test(job.command)) return { problem: 'unused' };
    if (job.matsimVersion && job.matsimVersion !== 'custom') {
      try {
        return { path: this.seen(await this.deps.releases.jar(job.matsimVersion)) };
      } catch (error) {
        if (error instanceof ReleaseError) return { problem: error.message };
        throw error;
      }
    }
    return { problem: jarProblem(job) };
  }

  /** bwrap around the command, or (no sandbox here) the command itself, with a warning in the job's log. */
  private async launch(command: BuiltCommand, logStream: LogStream): Promise<Launch | { problem: string }> {
    const { job, deps } = this;
    const env = jobEnvironment(deps.env, command, job.memory, deps.hiddenEnv);
    if (deps.sandbox) return deps.sandbox.launch(command.argv, this.dir, env, { memory: job.memory, name: `job-${job.jobId}` });
    this.noteUnsandboxed(logStream);
    return directLaunch(command.argv, this.dir, env);
  }

  /** The command as a Slurm batch script runs it: in the sandbox (without the runner's own limits), or as it is. */
  private async batchCommand(command: BuiltCommand, logStream: LogStream): Promise<{ argv: readonly string[]; env: NodeJS.ProcessEnv; seccomp?: Buffer } | { problem: string }> {
    const { job, deps } = this;
    const env = jobEnvironment(deps.env, command, job.memory, deps.hiddenEnv);
    if (deps.sandbox) return deps.sandbox.batchCommand(command.argv, this.dir, env);
    this.noteUnsandboxed(logStream);
    return { argv: command.argv, env: { ...env, PATH: env.PATH ?? process.env.PATH } };
  }

  /** The warning in the job's log when it runs without the sandbox. */
  private noteUnsandboxed(logStream: LogStream): void {
    const why = this.deps.unsandboxed ? 'this runner was started with --unsandboxed' : 'there is no sandbox on this runner';
    logStream.note(`corridor-runner: warning: ${why}; the job runs with the runner's own rights.`);
  }

  /**
   * The job on the Slurm cluster (slurm/execution.ts): submitted (or, after a runner restart, found again), then
   * followed to its end, Slurm's output streamed like a process's output.
   */
  private async executeOnSlurm(command: BuiltCommand | undefined, logStream: LogStream, stats: StatsWatcher): Promise<Outcome> {
    const { job, deps } = this;
    const slurm = deps.slurm!;
    const output = new PassThrough();
    const outputEnded = logStream.attach(output, 'stdout');
    let outOfMemory = false;
    let carry = '';
    const slurmJob = new SlurmJob(slurm, this.resume ?? { job, nonce: randomBytes(6).toString('hex'), started: false, logOffset: 0 }, {
      dir: this.dir,
      note: (line) => logStream.note(line),
      feed: (chunk) => {
        const text = carry + chunk.toString('latin1');
        if (SLURM_MEMORY_KILL.test(text)) outOfMemory = true;
        carry = text.slice(-200);
        output.write(chunk);
      },
      onStarted: () => {
        deps.log.info(`job ${job.jobId}: started as Slurm job ${slurmJob.slurmJobId}`);
        void this.reporter.call('started', () => deps.client.started(job.jobId));
      },
      onRss: (bytes) => logStream.addMemory([{ time: Date.now(), key: 'rss', value: bytes }]),
      onIteration: (iteration) => logStream.noteIteration(iteration),
      lastMemoryAt: () => logStream.lastMemoryAt,
      warn: (message) => deps.log.warn(`job ${job.jobId}: ${message}`),
    });
    this.slurmJob = slurmJob;
    const statsTimer = setInterval(() => void stats.poll(), deps.statsPollMs ?? 2_000);
    try {
      if (command) {
        const batch = await this.batchCommand(command, logStream);
        if ('problem' in batch) return { kind: 'spawn-error', message: batch.problem };
        if (!(await slurmJob.submit(batch))) return { kind: 'finish', finish: { status: 'CANCELLED', exitCode: null, message: this.cancelMessage } };
      } else if (!(await slurmJob.recover())) {
        // The runner died between writing the script and sbatch's answer, and Slurm has no such job: submit it now.
        if (!(await slurmJob.submitWritten())) return { kind: 'finish', finish: { status: 'CANCELLED', exitCode: null, message: this.cancelMessage } };
      }
      if (this.stopped()) await slurmJob.cancel();
      const ended = await slurmJob.follow(this.resume !== undefined);
      if (ended === undefined) return { kind: 'detached' };
      const finish = slurmEnd(slurmJob.slurmJobId!, ended, {
        cancelMessage: this.cancelMessage,
        memory: job.memory,
        memMb: memoryMb(job.memory),
        time: slurm.settings.time,
        lastErrorLine: logStream.lastErrorLine,
        outputSaysOutOfMemory: outOfMemory,
      });
      deps.log.info(`job ${job.jobId}: Slurm job ${slurmJob.slurmJobId} ended ${ended.state}`);
      return { kind: 'finish', finish };
    } catch (error) {
      return { kind: 'spawn-error', message: (error as Error).message };
    } finally {
      clearInterval(statsTimer);
      output.end();
      await Promise.race([outputEnded, sleep(OUTPUT_END_WAIT_MS)]);
    }
  }

  /** Runs the command until it exits, streaming its output, progress and stats. */
  private async execute(command: BuiltCommand, logStream: LogStream, stats: StatsWatcher): Promise<LocalOutcome> {
    const { job, deps } = this;
    const launch = await this.launch(command, logStream);
    if ('problem' in launch) return { kind: 'spawn-error', message: launch.problem };
    const extraFds = Array<'pipe'>(launch.extraFds).fill('pipe');
    const child = spawn(launch.program, launch.args, { ...launch.options, shell: false, stdio: ['ignore', 'pipe', 'pipe', ...extraFds] });
    this.child = child;
    this.sandboxed = launch.sandboxed;
    const outputEnded = Promise.all([logStream.attach(child.stdout!, 'stdout'), logStream.attach(child.stderr!, 'stderr')]);
    const startedAt = Date.now();
    let lastRss = 0;
    const statsTimer = setInterval(() => void stats.poll(), deps.statsPollMs ?? 2_000);
    const rssTimer = setInterval(async () => {
      const silentSince = logStream.lastMemoryAt ?? startedAt;
      if (!child.pid || Date.now() - silentSince < RSS_AFTER_SILENCE_MS || Date.now() - lastRss < RSS_EVERY_MS) return;
      lastRss = Date.now();
      const rss = await treeRss(child.pid);
      if (rss !== undefined) logStream.addMemory([{ time: Date.now(), key: 'rss', value: rss }]);
    }, 1_000);

    const outcome = await new Promise<LocalOutcome>((resolve) => {
      child.once('spawn', () => {
        // Into its limits (its cgroup), then it runs.
        void launch.start(child);
        deps.log.info(`job ${job.jobId}: started (pid ${child.pid})`);
        // So a later runner can stop this process should this runner be killed (leftovers.ts).
        void writeFile(path.join(this.dir, PID_FILE), `${child.pid} ${process.pid}\n`).catch(() => undefined);
        void this.reporter.call('started', () => deps.client.started(job.jobId));
        if (this.stopped()) this.terminate();
      });
      child.once('error', (error) => resolve({ kind: 'spawn-error', message: error.message }));
      child.once('exit', (code, signal) => resolve({ kind: 'exit', ...(launch.sandboxed ? sandboxExit(code, signal) : { code, signal }) }));
    });
    clearInterval(statsTimer);
    clearInterval(rssTimer);
    clearTimeout(this.killTimer);
    const limits = await launch.finish();
    if (outcome.kind === 'exit') outcome.limits = limits;
    // A process that left children behind may keep the pipes open: wait a little, then stop reading.
    if (outcome.kind === 'exit') await Promise.race([outputEnded, sleep(OUTPUT_END_WAIT_MS)]);
    child.stdout!.destroy();
    child.stderr!.destroy();
    deps.log.info(`job ${job.jobId}: ${outcome.kind === 'exit' ? `exited (${outcome.signal ?? outcome.code})` : outcome.message}`);
    return outcome;
  }

  private result(outcome: Outcome, lastErrorLine: string | undefined): JobFinish {
    if (outcome.kind === 'finish') return outcome.finish;
    if (outcome.kind === 'detached') throw new Error('a detached job has no result');
    if (this.cancelMessage !== undefined) {
      return { status: 'CANCELLED', exitCode: outcome.kind === 'exit' ? outcome.code : null, message: this.cancelMessage };
    }
    if (outcome.kind === 'spawn-error') {
      return { status: 'FAILED', exitCode: null, message: limit(`The job command could not be started: ${outcome.message}`) };
    }
    if (outcome.code === 0) return { status: 'FINISHED', exitCode: 0 };
    const how = outcome.code !== null ? `exited with code ${outcome.code}` : `was ended by ${outcome.signal}`;
    const reason = lastErrorLine ? ` ${lastErrorLine}` : '';
    // Said as running out of memory or into the process limit where that ended it (job-limits.ts).
    const message = limitedMessage(outcome.limits, this.job.memory, lastErrorLine, `The engine ${how}.${reason}`);
    return { status: 'FAILED', exitCode: outcome.code, message: limit(message) };
  }

  /** Every output file but sparse ones, until the server says the run's output limit is reached (output-upload.ts). */
  private async uploadOutputs(outputDir: string, logStream: LogStream): Promise<void> {
    await uploadOutputs(await listOutputFiles(outputDir), {
      call: (label, fn) => this.reporter.call(label, fn, { attempts: 4 }),
      upload: (output) => this.deps.client.uploadOutput(this.job.jobId, output.path, output.file),
      note: (line) => logStream.note(line),
      onFailed: (output) => logStream.note(`corridor-runner: the output file ${output.path} could not be uploaded.`),
    });
  }

  /** Reports the end (unless the job was lost) and removes the job's folder. */
  private async end(result: JobFinish | undefined): Promise<void> {
    const { job, deps } = this;
    this.ended = true;
    if (result && this.lostReason === undefined) {
      const shown = result.message === undefined ? result : { ...result, message: limit(this.scrub(result.message)) };
      const sent = await this.reporter.call('finish', () => deps.client.finish(job.jobId, shown));
      deps.log.info(`job ${job.jobId}: ${result.status}${result.message ? ` — ${result.message}` : ''}${sent === 'ok' ? '' : ` (not reported: ${sent})`}`);
    }
    await deps.slurm?.records.remove(job.jobId).catch(() => undefined);
    if (!deps.keepWorkDir) await rm(this.dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Why $JAR has no value for a job whose template names no release. */
function jarProblem(job: ClaimedJob): string {
  if (!job.allowCustomJar) return 'The job command uses $JAR, but its job template neither names a MATSim version nor allows a custom JAR-file.';
  return 'The job command uses $JAR, but no JAR-file was assigned to the run.';
}

function limit(message: string): string {
  return message.length <= MAX_MESSAGE ? message : `${message.slice(0, MAX_MESSAGE - 1)}…`;
}

function quoteForDisplay(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
