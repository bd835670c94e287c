/**
 * One job on the Slurm cluster, from sbatch to its end: the batch script and the record written before sbatch (so a
 * runner killed in between finds the job by its --comment and never submits twice), then the job followed every
 * `pollMs` — Slurm's output file into the run's log, PENDING with the Slurm job id, reason and queue position as log
 * lines (the run stays Scheduled), RUNNING reported as STARTED, memory from sstat when the log says none — until it
 * ends. Cancel is scancel; detach stops following and leaves the job to the next runner process.
 */
import { chmod, open, readFile, writeFile } from 'node:fs/promises';
import { iterationOf } from '../job/log-lines.ts';
import path from 'node:path';
import type { SlurmSettings } from '../args.ts';
import { FileTail } from '../watch/file-tail.ts';
import type { SlurmCommands } from './commands.ts';
import type { SlurmRecord, SlurmRecords } from './records.ts';
import { batchScript, EXIT_CODE_FILE, jobComment, SCRIPT_FILE, SLURM_OUTPUT } from './script.ts';
import { slurmPhase, type SlurmJobState } from './states.ts';

export interface SlurmDeps {
  commands: SlurmCommands;
  settings: SlurmSettings;
  records: SlurmRecords;
  pollMs?: number;
}

export interface SlurmJobContext {
  dir: string;
  /** A line of the runner's in the run's log. */
  note: (line: string) => void;
  /** Bytes of Slurm's output file, in order. */
  feed: (chunk: Buffer) => void;
  /**
   * After a restart: the last iteration in the output an earlier runner process already read (and sent to the log),
   * which it may have died before reporting as progress.
   */
  onIteration: (iteration: number) => void;
  /** The job runs: report STARTED. */
  onStarted: () => void;
  onRss: (bytes: number) => void;
  /** When the log last carried a memory reading. */
  lastMemoryAt: () => number | undefined;
  warn: (message: string) => void;
}

export const POLL_MS = 2_000;
const RSS_AFTER_SILENCE_MS = 10_000;
const RSS_EVERY_MS = 5_000;
/** Unknown to Slurm this many polls in a row (and no exit code written): the job is gone. */
const UNKNOWN_POLLS = 3;

export const SLURM_MESSAGES = {
  submitted: (id: string, partition: string | undefined) => `corridor-runner: submitted to Slurm as job ${id}${partition ? ` (partition ${partition})` : ''}`,
  waiting: (id: string, reason: string | undefined, position: number | undefined) =>
    `corridor-runner: Slurm job ${id} is PENDING${reason && reason !== 'None' ? ` (${reason})` : ''}${position ? `, position ${position} in the queue` : ''}`,
  running: (id: string) => `corridor-runner: Slurm job ${id} is RUNNING`,
  ended: (id: string, state: SlurmJobState) =>
    `corridor-runner: Slurm job ${id} ended ${state.state}${state.reason && state.reason !== 'None' ? ` (${state.reason})` : ''}${state.exitCode !== undefined ? `, exit code ${state.exitCode}` : ''}`,
  reattached: (id: string) => `corridor-runner: the runner was restarted and follows Slurm job ${id} again`,
  gone: (id: string) => `Slurm no longer knows job ${id} and it left no exit code.`,
} as const;

export class SlurmJob {
  private cancelRequested = false;
  private detached = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly deps: SlurmDeps,
    readonly record: SlurmRecord,
    private readonly ctx: SlurmJobContext,
  ) {}

  get slurmJobId(): string | undefined {
    return this.record.slurmJobId;
  }

  /** Writes the batch script and submits it. False when the job was cancelled first. */
  async submit(command: { argv: readonly string[]; env: NodeJS.ProcessEnv; seccomp?: Buffer }): Promise<boolean> {
    const { job } = this.record;
    const { dir } = this.ctx;
    let fd3File: string | undefined;
    if (command.seccomp) {
      fd3File = path.join(dir, 'seccomp.bpf');
      await writeFile(fd3File, command.seccomp, { mode: 0o400 });
    }
    const text = batchScript({ jobId: job.jobId, nonce: this.record.nonce, runKey: job.matsimRunId, cpus: job.cpuCores, memory: job.memory, dir, argv: command.argv, env: command.env, fd3File }, this.deps.settings);
    await writeFile(path.join(dir, SCRIPT_FILE), text, { mode: 0o700 });
    await chmod(path.join(dir, SCRIPT_FILE), 0o700);
    // Recorded before sbatch: a runner killed while sbatch runs finds the job by its --comment (recover).
    await this.deps.records.save(this.record);
    return this.submitWritten();
  }

  /** sbatch of the script in the job folder. False when the job was cancelled first. */
  async submitWritten(): Promise<boolean> {
    if (this.cancelRequested) return false;
    this.record.slurmJobId = await this.deps.commands.submit(path.join(this.ctx.dir, SCRIPT_FILE), this.deps.settings.extraArgs, this.ctx.dir);
    await this.deps.records.save(this.record);
    this.ctx.note(SLURM_MESSAGES.submitted(this.record.slurmJobId, this.deps.settings.partition));
    if (this.cancelRequested) await this.scancel();
    return true;
  }

  /** A record without a Slurm job id: the runner died around sbatch. The job with its --comment, if it was submitted. */
  async recover(): Promise<boolean> {
    if (this.record.slurmJobId) return true;
    const id = await this.deps.commands.findByComment(jobComment(this.record.job.jobId, this.record.nonce));
    if (!id) return false;
    this.record.slurmJobId = id;
    await this.deps.records.save(this.record);
    return true;
  }

  /** Follows the submitted job until it ends (its last state) or the runner detaches (undefined). */
  async follow(resumed: boolean): Promise<SlurmJobState | undefined> {
    const id = this.record.slurmJobId!;
    const tail = new FileTail(path.join(this.ctx.dir, SLURM_OUTPUT), this.record.logOffset);
    if (resumed) {
      this.ctx.note(SLURM_MESSAGES.reattached(id));
      const iteration = await lastIterationBefore(path.join(this.ctx.dir, SLURM_OUTPUT), this.record.logOffset).catch(() => undefined);
      if (iteration !== undefined) this.ctx.onIteration(iteration);
    }
    let said = '';
    let unknown = 0;
    let lastRss = 0;
    let startedAt: number | undefined;
    for (;;) {
      await this.readOutput(tail);
      if (this.detached) return undefined;
      let state: SlurmJobState | undefined;
      try {
        state = await this.deps.commands.state(id);
      } catch (error) {
        this.ctx.warn(`could not ask Slurm about job ${id}: ${(error as Error).message}`);
        await this.pause();
        continue;
      }
      if (!state) {
        // Purged from slurmctld's memory (and no accounting): the script's exit code says how it ended.
        const code = await readFile(path.join(this.ctx.dir, EXIT_CODE_FILE), 'utf8').catch(() => undefined);
        if (code !== undefined && /^\d+\s*$/.test(code)) state = { state: Number(code) === 0 ? 'COMPLETED' : 'FAILED', exitCode: Number(code) };
        else if (++unknown >= UNKNOWN_POLLS) state = { state: 'UNKNOWN', reason: SLURM_MESSAGES.gone(id) };
        else {
          await this.pause();
          continue;
        }
      }
      const phase = slurmPhase(state.state);
      if (phase === 'ended') {
        await this.readOutput(tail);
        this.ctx.note(SLURM_MESSAGES.ended(id, state));
        return state;
      }
      if (phase === 'waiting') {
        const position = await this.deps.commands.queuePosition(id, this.deps.settings.partition).catch(() => undefined);
        const line = SLURM_MESSAGES.waiting(id, state.reason, position);
        if (line !== said) this.ctx.note(line);
        said = line;
      } else {
        if (said !== 'running') this.ctx.note(SLURM_MESSAGES.running(id));
        said = 'running';
        startedAt ??= Date.now();
        if (!this.record.started) {
          this.record.started = true;
          await this.deps.records.save(this.record);
          this.ctx.onStarted();
        }
        const silentSince = this.ctx.lastMemoryAt() ?? startedAt;
        if (Date.now() - silentSince >= RSS_AFTER_SILENCE_MS && Date.now() - lastRss >= RSS_EVERY_MS) {
          lastRss = Date.now();
          const rss = await this.deps.commands.rss(id).catch(() => undefined);
          if (rss !== undefined) this.ctx.onRss(rss);
        }
      }
      await this.pause();
    }
  }

  /** scancel (now, or right after sbatch answers). */
  async cancel(): Promise<void> {
    this.cancelRequested = true;
    await this.scancel();
    this.wake?.();
  }

  /** Stops following; the Slurm job runs on and the record stays for the next runner process. */
  detach(): void {
    this.detached = true;
    this.wake?.();
  }

  private async scancel(): Promise<void> {
    const id = this.record.slurmJobId;
    if (!id) return;
    try {
      await this.deps.commands.cancel(id);
    } catch (error) {
      this.ctx.warn(`scancel ${id} failed: ${(error as Error).message}`);
    }
  }

  private async readOutput(tail: FileTail): Promise<void> {
    const before = this.record.logOffset;
    for (;;) {
      const chunk = await tail.read();
      if (chunk.length === 0) break;
      this.ctx.feed(chunk);
      this.record.logOffset += chunk.length;
    }
    if (this.record.logOffset === before) return;
    await this.deps.records.save(this.record).catch((error) => this.ctx.warn(`could not save the job's record: ${(error as Error).message}`));
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.deps.pollMs ?? POLL_MS);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

const RECALL_BLOCK = 1 << 20;

/** The last MATSim iteration line in the first `end` bytes of `file`, read backwards a block at a time. */
export async function lastIterationBefore(file: string, end: number): Promise<number | undefined> {
  const handle = await open(file, 'r');
  try {
    let carry = '';
    for (let to = end; to > 0; ) {
      const from = Math.max(0, to - RECALL_BLOCK);
      const buffer = Buffer.alloc(to - from);
      await handle.read(buffer, 0, buffer.length, from);
      // A line cut at the block's start is completed by the next block back (carry).
      const lines = (buffer.toString('latin1') + carry).split('\n');
      carry = from > 0 ? lines.shift()! : '';
      for (let i = lines.length - 1; i >= 0; i--) {
        const iteration = iterationOf(lines[i]!);
        if (iteration !== undefined) return iteration;
      }
      to = from;
    }
    return carry === '' ? undefined : iterationOf(carry);
  } finally {
    await handle.close();
  }
}
