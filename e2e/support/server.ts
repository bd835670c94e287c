import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
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

const migrationsDir = join(repoRoot, 'apps/server/src/db/migrations');

/**
 * A migrated, empty PGlite database directory, made once per set of migrations and shared by all test files (in the
 * temporary folder, named after the migrations' hash): each fresh DATA_DIR starts from a copy, so the server skips
 * PGlite's initdb (about 2–3 s per file) and finds every migration applied — the same database a fresh start makes.
 */
async function migratedDbTemplate(): Promise<string> {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      hash.update(path);
      if (entry.isDirectory()) walk(path);
      else hash.update(readFileSync(path));
    }
  };
  walk(migrationsDir);
  const template = join(tmpdir(), `corridor-e2e-db-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  // Built aside and renamed into place, so two test files starting together never copy a half-made template.
  const building = mkdtempSync(`${template}.building-`);
  const { openDatabase } = await import('../../apps/server/src/db/connection.ts');
  const database = await openDatabase({ databaseUrl: null, dataDir: building });
  await database.migrate();
  await database.close();
  try {
    renameSync(join(building, 'db'), template);
  } catch (error) {
    if (!existsSync(template)) throw error;
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
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
  if (!given) {
    chmodSync(dataDir, 0o711);
    cpSync(await migratedDbTemplate(), join(dataDir, 'db'), { recursive: true });
  }
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
