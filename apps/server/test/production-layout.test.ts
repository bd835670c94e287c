/**
 * The production layout (issue 30, "Production deployment"): scripts/production-layout.sh — the Dockerfile's build
 * step — makes the runtime image's folder in an empty temporary folder (sources, the built web app, `npm ci
 * --omit=dev`), and the server starts from it as the image starts it (`node --import tsx apps/server/src/main.ts`)
 * against PostgreSQL, with nothing of this checkout on its module path: health, the web app, setup and sign-in, and
 * the runner download, which esbuild builds in production. PostgreSQL pass only (vitest.config.ts): the image runs
 * on PostgreSQL, and `npm ci` (about 30 s with a warm npm cache) runs once in CI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDatabaseUrl, ADMIN, API } from './harness.ts';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const LAYOUT_SCRIPT = path.join(REPO, 'scripts/production-layout.sh');

let folder: string;
let app: string;
let databaseName: string;
let server: ChildProcess | undefined;
const lines: string[] = [];
let origin = '';

/** A command's run to its end; rejects with its output when it fails. */
function run(program: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The web app as `npm start` and the browser tests build it (only when its sources changed).
  const web = spawnSync(process.execPath, ['--input-type=module', '-e', "(await import('./scripts/lib/web-build.mjs')).ensureWebBuild()"], { cwd: REPO, stdio: 'inherit' });
  expect(web.status).toBe(0);

  folder = await mkdtemp(path.join(tmpdir(), 'corridor-production-'));
  app = path.join(folder, 'app');
  const started = Date.now();
  await run('sh', [LAYOUT_SCRIPT, app], REPO);
  console.log(`production layout made in ${Math.round((Date.now() - started) / 1000)} s`);

  databaseName = `corridor_prod_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const databaseUrl = new URL(adminDatabaseUrl());
  databaseUrl.pathname = `/${databaseName}`;

  // The image's start, with an environment that names nothing of this checkout.
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      HOME: folder,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, 'data'),
      DATABASE_URL: databaseUrl.toString(),
      EMBEDDED_RUNNER: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout!, server.stderr!]) createInterface({ input: stream }).on('line', (line) => lines.push(line));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const startLine = lines.map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg?: string; listening?: string }) : {})).find((line) => line.msg === 'Corridor started');
    if (startLine) {
      const listening = lines.map((line) => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1]).find(Boolean);
      origin = listening ?? '';
      break;
    }
    if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${lines.slice(-30).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (databaseName) await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the production layout', { timeout: 60_000 }, () => {
  it('holds production dependencies only', () => {
    for (const name of ['tsx', 'esbuild', 'fastify', 'pg', '@duckdb/node-api']) expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(true);
    for (const name of ['vitest', 'typescript', 'vite', 'drizzle-kit', 'playwright-core', 'smtp-server']) expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(false);
    expect(existsSync(path.join(app, 'apps/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(app, 'apps/web/src'))).toBe(false);
    expect(existsSync(path.join(app, 'apps/server/test'))).toBe(false);
  });

  it('starts the server on PostgreSQL: health, the web app, setup and sign-in, the runner download', async () => {
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.join('\n')).toContain('"database":"postgresql"');

    const health = await fetch(`${origin}${API}/health`);
    expect(await health.json()).toEqual({ ok: true });

    const index = await fetch(`${origin}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('text/html');
    const html = await index.text();
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const asset = await fetch(`${origin}${script}`);
    expect(asset.status).toBe(200);
    // A route of the app answers with the app (the client-side router takes it from there).
    expect(await (await fetch(`${origin}/setup`)).text()).toBe(html);

    const post = (url: string, body: object) => fetch(`${origin}${API}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/accounts/setup', ADMIN)).status).toBe(200);
    const wrong = await post('/accounts/login', { username: ADMIN.username, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const login = await post('/accounts/login', ADMIN);
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('corridor_session='))!.split(';')[0]!;
    const validate = await fetch(`${origin}${API}/accounts/validate`, { headers: { cookie } });
    expect(validate.status).toBe(200);
    expect(((await validate.json()) as { username: string }).username).toBe(ADMIN.username);

    const bundle = await fetch(`${origin}${API}/jobs/files/corridor-runner.tgz`);
    expect(bundle.status).toBe(200);
    const bytes = Buffer.from(await bundle.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });
});
