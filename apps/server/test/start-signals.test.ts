/**
 * `npm start` under a process manager (issue 26): SIGTERM to the npm process must stop the server and every process
 * `npm start` started, within the graceful-shutdown time, leaving the port free for the next start. Before, npm's
 * shell died and `node scripts/start.mjs` with the server kept running under PID 1. The startup line says which
 * database, DATA_DIR, runner mode and public URL the process uses.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../runner/test/server-process.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const SHUTDOWN_MS = 15_000;
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

/** The process and all its descendants (from `ps`). */
function processTree(pid: number): number[] {
  const rows = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' }).stdout.trim().split('\n');
  const children = new Map<number, number[]>();
  for (const row of rows) {
    const [child, parent] = row.trim().split(/\s+/).map(Number) as [number, number];
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    tree.push(p);
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return tree;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/v1/health`)).ok;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe('npm start under a process manager', () => {
  it('stops the server and everything it started on SIGTERM to the npm process; the startup line names database, DATA_DIR, where files live, runner mode and public URL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'corridor-start-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        EMBEDDED_RUNNER: 'false',
        PUBLIC_URL: 'https://corridor.example.org',
        LOG_LEVEL: 'info',
        CORRIDOR_WEB_BUILD: 'skip',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let tree: number[] = [];
    cleanup = () => {
      for (const pid of tree) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    };

    expect(await until(() => answers(url), 60_000), output).toBe(true);
    const started = output.split('\n').filter((line) => line.includes('"msg":"Corridor started"'));
    expect(started, output).toHaveLength(1);
    expect(JSON.parse(started[0]!)).toMatchObject({
      level: 30,
      database: 'pglite',
      dataDir,
      files: `${dataDir}/files`,
      runnerMode: 'external runners only (EMBEDDED_RUNNER=false)',
      publicUrl: 'https://corridor.example.org',
    });

    tree = processTree(npm.pid!);
    // npm, node scripts/start.mjs and the server at least (the shell is replaced by `exec`).
    expect(tree.length, spawnSync('ps', ['-o', 'pid,ppid,args', '-p', tree.join(',')], { encoding: 'utf8' }).stdout).toBeGreaterThanOrEqual(3);
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    npm.kill('SIGTERM');
    await exited;

    expect(await until(() => tree.every((pid) => !alive(pid)), SHUTDOWN_MS), `still running: ${tree.filter(alive).join(', ')}`).toBe(true);
    expect(await answers(url)).toBe(false);
    expect(output).toContain('"msg":"shutting down"');
    // The port is free for the next start.
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
  }, 90_000);
});
