/**
 * The embedded runner: `npm start` runs one runner agent (apps/runner) next to the server. It talks the same
 * protocol as a remote runner, over loopback, with the installation's embedded token (passed in the environment,
 * so it never shows in `ps`), and like a remote runner it outlives the server: it runs detached (its own session,
 * so neither Ctrl-C of the terminal nor the server's death reaches it), writes to DATA_DIR/runner/embedded-runner.log
 * (which the server follows into its own log), and is recorded in DATA_DIR/runner/embedded-runner.json. A server
 * restart, crash or upgrade leaves its runs going; the runner reconnects when the server is back, and the next start
 * adopts it instead of starting a second one. A runner whose server stays away past its --server-gone-timeout
 * (CORRIDOR_SERVER_GONE_TIMEOUT, default 10 minutes) stops its jobs and exits. While the server runs, a runner that
 * dies is started again with backoff.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  isOurRunner,
  readRecord,
  removeRecord,
  RUNNER_BIN,
  runnerLogFile,
  runnerWorkDir,
  tokenHash,
  writeRecord,
} from './embedded-runner-record.ts';
import { LogTail } from './log-tail.ts';

/** Server settings the runner must not inherit. */
const HIDDEN_ENV = ['DATABASE_URL', 'TEST_DATABASE_URL', 'LICENSE_PUBLIC_KEY'];

export interface EmbeddedRunnerOptions {
  /** e.g. http://127.0.0.1:8080 */
  serverUrl: string;
  token: string;
  /** DATA_DIR: the runner works in DATA_DIR/runner and finds the setup wizard's MATSim releases in DATA_DIR/engines. */
  dataDir: string;
  log: FastifyBaseLogger;
  env?: NodeJS.ProcessEnv;
  /** How long stopping a runner waits after SIGTERM before SIGKILL (its jobs need 10 s to stop plus their uploads). */
  stopTimeoutMs?: number;
}

const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** A runner that lived this long before dying starts over from the shortest restart delay. */
const HEALTHY_AFTER_MS = 60_000;
/** How often an adopted runner (not this process's child) is checked for life. */
const WATCH_MS = 500;
/** The log file is moved to embedded-runner.log.1 when a runner is started on one larger than this. */
const LOG_ROTATE_BYTES = 10 * 1024 ** 2;

export class EmbeddedRunner {
  private pid: number | undefined;
  private tail: LogTail | undefined;
  private watchTimer: NodeJS.Timeout | undefined;
  /** Detached or stopped: no restarts, no following. */
  private done = false;
  private restartDelay = RESTART_MIN_MS;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: EmbeddedRunnerOptions) {}

  /** Adopts the runner an earlier start left running; else (or when it serves another address or token) starts one. */
  async start(): Promise<void> {
    const { dataDir, serverUrl, token, log } = this.options;
    const record = readRecord(dataDir);
    if (record && isOurRunner(record.pid, dataDir)) {
      if (record.serverUrl === serverUrl && record.tokenHash === tokenHash(token)) return this.adopt(record.pid);
      log.warn({ pid: record.pid }, 'the embedded runner left running was started for another address or token: stopping it');
      await stopRunnerProcess(record.pid, dataDir, log, this.options.stopTimeoutMs);
    }
    this.spawn();
  }

  /** The server stops; the runner and its runs go on (they reconnect to the next start). */
  async detach(): Promise<void> {
    this.done = true;
    clearTimeout(this.restartTimer);
    clearInterval(this.watchTimer);
    await this.tail?.stop();
    if (this.pid !== undefined) {
      this.options.log.info({ pid: this.pid }, 'the embedded runner keeps running: its runs go on and it reconnects when the server is back');
    }
  }

  private spawn(): void {
    if (this.done) return;
    const { serverUrl, token, dataDir, log } = this.options;
    const env: NodeJS.ProcessEnv = { ...(this.options.env ?? process.env), CORRIDOR_RUNNER_TOKEN: token };
    for (const key of HIDDEN_ENV) delete env[key];
    const args = ['--server', serverUrl, '--name', 'embedded', '--work', runnerWorkDir(dataDir), '--engines', path.join(dataDir, 'engines')];
    const logFile = openLog(dataDir);
    const child = spawn(process.execPath, [RUNNER_BIN, ...args], {
      env,
      shell: false,
      stdio: ['ignore', logFile.fd, logFile.fd],
      // Its own session: the terminal's Ctrl-C and the server's end do not reach it.
      detached: true,
    });
    closeSync(logFile.fd);
    const startedAt = Date.now();
    child.once('error', (error) => {
      log.error({ err: error }, 'embedded runner could not be started');
      this.scheduleRestart(startedAt);
    });
    if (child.pid === undefined) return;
    child.unref();
    const pid = child.pid;
    writeRecord(dataDir, { pid, serverUrl, tokenHash: tokenHash(token) });
    log.info({ pid }, 'embedded runner started');
    this.follow(pid, logFile.offset);
    child.once('exit', (code, signal) => void this.gone(pid, startedAt, { code, signal }));
  }

  private adopt(pid: number): void {
    this.options.log.info({ pid }, 'embedded runner adopted: a runner an earlier start left running');
    this.follow(pid, logSize(this.options.dataDir));
    const adoptedAt = Date.now();
    this.watchTimer = setInterval(() => {
      if (isOurRunner(pid, this.options.dataDir)) return;
      clearInterval(this.watchTimer);
      void this.gone(pid, adoptedAt, {});
    }, WATCH_MS);
    this.watchTimer.unref();
  }

  /** The runner's log lines into the server's log, from `offset` of its log file on. */
  private follow(pid: number, offset: number): void {
    const { log } = this.options;
    this.pid = pid;
    this.tail = new LogTail(runnerLogFile(this.options.dataDir), offset, (line) => {
      if (/^\S+ (WARN|ERROR) /.test(line)) log.warn(`[embedded runner] ${line}`);
      else log.info(`[embedded runner] ${line}`);
    });
    this.tail.start();
  }

  private async gone(pid: number, startedAt: number, how: { code?: number | null; signal?: NodeJS.Signals | null }): Promise<void> {
    await this.tail?.stop();
    this.pid = undefined;
    removeRecord(this.options.dataDir, pid);
    if (this.done) return;
    this.options.log.warn({ pid, ...how }, 'embedded runner exited unexpectedly');
    this.scheduleRestart(startedAt);
  }

  private scheduleRestart(startedAt: number): void {
    if (this.done || this.restartTimer) return;
    if (Date.now() - startedAt > HEALTHY_AFTER_MS) this.restartDelay = RESTART_MIN_MS;
    const delay = this.restartDelay;
    this.restartDelay = Math.min(RESTART_MAX_MS, this.restartDelay * 2);
    this.options.log.info(`restarting the embedded runner in ${delay / 1000} s`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      this.spawn();
    }, delay);
  }
}

/**
 * Stops the runner recorded in DATA_DIR when it runs (EMBEDDED_RUNNER=false, test harnesses): SIGTERM, so its runs
 * end CANCELLED with their outputs reported to a server that is up, SIGKILL after stopTimeoutMs.
 */
export async function stopRecordedRunner(dataDir: string, log: StopLog, why: string, stopTimeoutMs?: number): Promise<void> {
  const record = readRecord(dataDir);
  if (!record || !isOurRunner(record.pid, dataDir)) return;
  log.warn({ pid: record.pid }, why);
  await stopRunnerProcess(record.pid, dataDir, log, stopTimeoutMs);
}

type StopLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** SIGTERM, then waits for the runner to cancel its jobs and exit (SIGKILL after stopTimeoutMs). */
async function stopRunnerProcess(pid: number, dataDir: string, log: StopLog, stopTimeoutMs = 30_000): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // gone meanwhile
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + stopTimeoutMs;
  while (isOurRunner(pid, dataDir)) {
    if (Date.now() > deadline) {
      log.warn({ pid }, 'embedded runner did not stop in time; killing it');
      signal('SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  removeRecord(dataDir, pid);
  log.info({ pid }, 'embedded runner stopped');
}

/** The log file opened for appending (moved aside first when large), and where the new runner's lines begin. */
function openLog(dataDir: string): { fd: number; offset: number } {
  mkdirSync(runnerWorkDir(dataDir), { recursive: true });
  const file = runnerLogFile(dataDir);
  if (logSize(dataDir) > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
  return { fd: openSync(file, 'a', 0o600), offset: logSize(dataDir) };
}

function logSize(dataDir: string): number {
  try {
    return statSync(runnerLogFile(dataDir)).size;
  } catch {
    return 0;
  }
}

/** The address the embedded runner reaches the server at: loopback, as its token allows only that. */
export function loopbackUrl(host: string, port: number): string {
  return host === '::1' || host === '::' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
}
