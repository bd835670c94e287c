/**
 * The embedded runner: `npm start` runs one runner agent (apps/runner) as a child process next to the server. It
 * talks the same protocol as a remote runner, over loopback, with the installation's embedded token (passed in the
 * environment, so it never shows in `ps`). Its output lines go to the server log; when it dies unexpectedly it is
 * restarted with backoff; on shutdown it gets SIGTERM (its jobs end CANCELLED with their outputs) and is waited for
 * before the server stops answering. Should the server die without that (SIGKILL), the runner notices its parent is
 * gone (--stop-with-parent) and stops too, so no orphaned runner keeps claiming jobs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/** <repo>/apps/runner/bin/corridor-runner.mjs */
export const RUNNER_BIN = fileURLToPath(new URL('../../runner/bin/corridor-runner.mjs', import.meta.url));

/** Server settings the runner child must not inherit. */
const HIDDEN_ENV = ['DATABASE_URL', 'TEST_DATABASE_URL', 'LICENSE_PUBLIC_KEY'];

export interface EmbeddedRunnerOptions {
  /** e.g. http://127.0.0.1:8080 */
  serverUrl: string;
  token: string;
  /** DATA_DIR: the runner works in DATA_DIR/runner and finds the setup wizard's MATSim releases in DATA_DIR/engines. */
  dataDir: string;
  log: FastifyBaseLogger;
  env?: NodeJS.ProcessEnv;
  /** How long stop() waits after SIGTERM before SIGKILL (the runner's jobs need 10 s to stop plus their uploads). */
  stopTimeoutMs?: number;
}

const RESTART_MIN_MS = 1_000;
const RESTART_MAX_MS = 60_000;
/** A runner that lived this long before dying starts over from the shortest restart delay. */
const HEALTHY_AFTER_MS = 60_000;

export class EmbeddedRunner {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  private restartDelay = RESTART_MIN_MS;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: EmbeddedRunnerOptions) {}

  start(): void {
    if (this.stopping) return;
    const { serverUrl, token, dataDir, log } = this.options;
    const env: NodeJS.ProcessEnv = { ...(this.options.env ?? process.env), CORRIDOR_RUNNER_TOKEN: token };
    for (const key of HIDDEN_ENV) delete env[key];
    const args = ['--server', serverUrl, '--name', 'embedded', '--stop-with-parent'];
    args.push('--work', path.join(dataDir, 'runner'), '--engines', path.join(dataDir, 'engines'));
    const child = spawn(process.execPath, [RUNNER_BIN, ...args], {
      env,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: Ctrl-C in a terminal reaches the server only, which then stops the runner in order.
      detached: true,
    });
    this.child = child;
    const startedAt = Date.now();
    log.info({ pid: child.pid }, 'embedded runner started');
    createInterface({ input: child.stdout! }).on('line', (line) => log.info(`[embedded runner] ${line}`));
    createInterface({ input: child.stderr! }).on('line', (line) => log.warn(`[embedded runner] ${line}`));

    this.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        log.error({ err: error }, 'embedded runner could not be started');
        resolve();
        this.scheduleRestart(startedAt);
      });
      child.once('exit', (code, signal) => {
        resolve();
        if (this.stopping) return;
        log.warn({ code, signal }, 'embedded runner exited unexpectedly');
        this.scheduleRestart(startedAt);
      });
    });
  }

  /** SIGTERM, then waits for the runner to cancel its jobs and exit (SIGKILL after stopTimeoutMs). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      this.options.log.warn('embedded runner did not stop in time; killing it');
      child.kill('SIGKILL');
    }, this.options.stopTimeoutMs ?? 30_000);
    await this.exited;
    clearTimeout(timer);
    this.options.log.info('embedded runner stopped');
  }

  private scheduleRestart(startedAt: number): void {
    if (this.stopping || this.restartTimer) return;
    if (Date.now() - startedAt > HEALTHY_AFTER_MS) this.restartDelay = RESTART_MIN_MS;
    const delay = this.restartDelay;
    this.restartDelay = Math.min(RESTART_MAX_MS, this.restartDelay * 2);
    this.options.log.info(`restarting the embedded runner in ${delay / 1000} s`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      this.start();
    }, delay);
  }
}

/** The address the embedded runner reaches the server at: loopback, as its token allows only that. */
export function loopbackUrl(host: string, port: number): string {
  return host === '::1' || host === '::' ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
}
