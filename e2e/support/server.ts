import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopRecordedRunner } from '../../apps/server/src/embedded-runner.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const quiet = { info: () => undefined, warn: () => undefined };

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server process (benchmarks sample its CPU and memory). */
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The server did not become healthy within 30 s:\n${output()}`);
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse this data directory (kept on stop); default: a fresh temporary one, removed on stop. */
  dataDir?: string;
}

/** Starts the real server (built web app, PGlite, a fresh DATA_DIR) on a free port. */
export async function startServer({ env = {}, dataDir: given }: StartOptions = {}): Promise<RunningServer> {
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'corridor-e2e-'));
  // mkdtemp's 0700 would keep the sandbox user (nobody) from reaching DATA_DIR/runner/job-…: the embedded runner
  // would run unsandboxed. 0711 lets it pass without listing, as a fresh ./data (0755) does.
  if (!given) chmodSync(dataDir, 0o711);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Embedded defaults only: never a DATABASE_URL inherited from the shell.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    // Never leave a server (and its embedded runner) behind when it did not come up in time.
    child.kill('SIGKILL');
    await stopRecordedRunner(dataDir, quiet, 'the server did not come up', 0);
    if (!given) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    pid: child.pid ?? -1,
    async stop() {
      // The embedded runner outlives its server: stop it first, while its cancelled runs can still report.
      await stopRecordedRunner(dataDir, quiet, 'the test is over');
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!given) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
