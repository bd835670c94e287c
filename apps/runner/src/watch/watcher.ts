/**
 * Follows a MATSim run started outside Corridor through its output directory and reports it to an external run:
 * logfile.log is tailed and streamed (LogStream: batches, the current iteration and MemoryObserver readings as
 * progress), scorestats/modestats (with or without a run-id prefix) are sent again whenever they change, and once
 * the run has ended its final outputs are uploaded and the run finished. The end: the log's "shutdown completed"
 * (FINISHED, or FAILED after an unexpected shutdown); the --pid process gone before that (FAILED); without --pid,
 * no log growth for the idle timeout (FAILED); or a stop signal (FAILED). Every call is retried with backoff while
 * the server is unreachable (JobReporter); a server that refuses the run's reports ends the watch.
 */
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { RUN_OUTPUT_MESSAGES } from '@corridor/contract';
import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { Backoff, sleep } from '../backoff.ts';
import { isTransient } from '../client.ts';
import { LineSplitter } from '../job/log-lines.ts';
import { LogStream } from '../job/log-stream.ts';
import { uploadOutputs } from '../job/output-upload.ts';
import { listOutputFiles } from '../job/outputs.ts';
import { JobReporter } from '../job/reporter.ts';
import { StatsWatcher, type StatsWatcherOptions } from '../job/stats-watcher.ts';
import type { Logger } from '../logger.ts';
import type { WatchOptions } from './args.ts';
import { FileTail } from './file-tail.ts';
import { finalOutputs } from './final-outputs.ts';
import { RunEndDetector, type RunEnd } from './run-end.ts';
import { isRefusal, type WatchClient } from './watch-client.ts';

export const LOG_FILE = 'logfile.log';

export interface WatchDeps {
  client: WatchClient;
  options: WatchOptions;
  log: Logger;
  /** Aborted by a stop signal: the run is reported FAILED. */
  stop?: AbortSignal;
  pollMs?: number;
  /** A call (empty progress) when nothing was sent for this long, so the server's monitor sees the run alive. */
  keepaliveMs?: number;
  /** How long calls are retried while the server is unreachable. */
  retryForMs?: number;
}

export type WatchOutcome = { runId: number; end: RunEnd } | { runId: number | null; lost: string };

export const processGone = (pid: number) => `The MATSim process ${pid} ended before the log said "shutdown completed".`;
export const idleFor = (seconds: number) => `${LOG_FILE} did not grow for ${seconds} s.`;
export const STOPPED = 'The watch client was stopped before the run ended.';

export async function watchRun(deps: WatchDeps): Promise<WatchOutcome> {
  const { client, options, log } = deps;
  const pollMs = deps.pollMs ?? 1000;
  const keepaliveMs = deps.keepaliveMs ?? 60_000;
  const retryForMs = deps.retryForMs ?? 600_000;

  const created = await createRun(deps, retryForMs);
  if ('lost' in created) return { runId: null, lost: created.lost };
  const runId = created.id;
  log.info(`external run ${runId} created: ${new URL(created.url, `${options.serverUrl}/`).href}`);

  let lost: string | undefined;
  const reporter = new JobReporter({ retryForMs, isLost: isRefusal, onLost: (reason) => (lost = reason), warn: (m) => log.warn(m) });
  let lastSent = Date.now();
  const report = (label: string, call: () => Promise<void>) => {
    lastSent = Date.now();
    return reporter.call(label, call);
  };
  const stream = new LogStream({
    sendLog: (chunk) => report('log', () => client.log(runId, chunk)),
    sendProgress: (progress) => report('progress', () => client.progress(runId, progress)),
    flushMs: pollMs,
  });
  const pipe = new PassThrough();
  const attached = stream.attach(pipe, 'stdout');
  const detector = new RunEndDetector();
  const decoder = new StringDecoder('utf8');
  const lines = new LineSplitter((line) => detector.push(line));
  const tail = new FileTail(join(options.outputDir, LOG_FILE));
  const stats = new Stats(options.outputDir, (name, csv) => report(name, () => client.putStats(runId, name, csv)), {
    onTooLarge: (file) => stream.note(RUN_OUTPUT_MESSAGES.statsTooLarge(file)),
  });
  let lastGrowth = Date.now();
  const follow = async (): Promise<void> => {
    for (let chunk = await tail.read(); chunk.length > 0; chunk = await tail.read()) {
      lastGrowth = Date.now();
      lines.push(decoder.write(chunk));
      // A long log read at once (a watch started late) waits while LogStream has a backlog to send.
      if (!pipe.write(chunk)) await once(pipe, 'drain');
    }
  };

  let end: RunEnd | undefined;
  while (!end && lost === undefined) {
    await follow();
    await stats.poll();
    if (detector.ended) end = detector.ended;
    else if (deps.stop?.aborted) end = { status: 'FAILED', message: STOPPED };
    else if (options.pid !== undefined && !isAlive(options.pid)) {
      await follow();
      end = detector.ended ?? { status: 'FAILED', message: detector.failed ? detector.failure() : processGone(options.pid) };
    } else if (options.pid === undefined && Date.now() - lastGrowth > options.idleTimeoutMs) {
      end = { status: 'FAILED', message: detector.failed ? detector.failure() : idleFor(Math.round(options.idleTimeoutMs / 1000)) };
    } else {
      if (Date.now() - lastSent > keepaliveMs) void report('keepalive', () => client.progress(runId, { memory: [] }));
      await sleep(pollMs, deps.stop);
    }
  }

  // The lines after the end (MATSim closes its log right after), the last statistics, the outputs, the end.
  await follow();
  pipe.end();
  await attached;
  await stream.close();
  if (lost !== undefined) return { runId, lost };
  log.info(`run ended: ${end!.status}${'message' in end! ? ` (${end!.message})` : ''}; uploading the outputs`);
  await stats.poll();
  await uploadOutputs(finalOutputs(await listOutputFiles(options.outputDir)), {
    call: report,
    upload: (file) => client.uploadOutput(runId, file.path, file.file),
    note: (line) => stream.note(line),
  });
  await stream.close();
  await report('finish', () => client.finish(runId, { status: end!.status, exitCode: null, ...('message' in end! ? { message: end!.message } : {}) }));
  await reporter.idle();
  return lost === undefined ? { runId, end: end! } : { runId, lost };
}

/** Creates the external run, retrying while the server is unreachable. */
async function createRun(deps: WatchDeps, retryForMs: number): Promise<{ id: number; url: string } | { lost: string }> {
  const { client, options } = deps;
  const backoff = new Backoff();
  const started = Date.now();
  for (;;) {
    try {
      return await client.create({
        name: options.name,
        description: options.description,
        ...(options.scenarioId === undefined ? {} : { scenarioId: options.scenarioId }),
        ...(options.group === undefined ? {} : { group: options.group }),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!isTransient(error)) return { lost: `the server refused the run: ${message}` };
      if (Date.now() - started > retryForMs || deps.stop?.aborted) return { lost: `the server stayed unreachable (${message})` };
      deps.log.warn(`creating the run failed, retrying: ${message}`);
      await sleep(backoff.next(), deps.stop);
    }
  }
}

/** scorestats/modestats, with the run-id prefix MATSim uses when controller.runId is set ("{runId}.scorestats.csv"). */
class Stats {
  private watcher: StatsWatcher | undefined;
  private runId = '';

  constructor(
    private readonly dir: string,
    private readonly send: ConstructorParameters<typeof StatsWatcher>[2],
    private readonly options: StatsWatcherOptions,
  ) {}

  async poll(): Promise<void> {
    const names = await readdir(this.dir).catch((): string[] => []);
    const prefixed = names.map((n) => /^(.+)\.scorestats\.csv$/.exec(n)?.[1]).find((p) => p !== undefined) ?? '';
    if (!this.watcher || prefixed !== this.runId) {
      this.runId = prefixed;
      this.watcher = new StatsWatcher(this.dir, prefixed, this.send, this.options);
    }
    await this.watcher.poll();
  }
}

/** Whether the process runs (a zombie does not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
