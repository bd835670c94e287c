import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RUNNER_HEARTBEAT_TIMEOUT_MS, RUNNER_MESSAGES } from '@corridor/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/connection.ts';
import { jobs, runners, runnerTokens } from '../src/db/schema.ts';
import { EMBEDDED_TOKEN, embeddedTokenFile, ensureEmbeddedToken } from '../src/modules/runner-tokens/embedded-token.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { insertRun } from './run-fixtures.ts';
import { addUser, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
  // The migration test makes its own app: the last one is not closed twice.
  t = undefined as unknown as TestApp;
});

async function start(): Promise<{ admin: string; alice: Session }> {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice') };
}

const list = (cookie: string) => t.app.inject({ url: `${API}/jobs/runners/list`, headers: { cookie } });
const create = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}/jobs/runners`, headers: { cookie }, payload });
const remove = (cookie: string, id: number) => t.app.inject({ method: 'DELETE', url: `${API}/jobs/runners/${id}`, headers: { cookie } });
const edit = (cookie: string, id: number, payload: object) => t.app.inject({ method: 'PUT', url: `${API}/jobs/runners/${id}`, headers: { cookie }, payload });
const online = (cookie: string) => t.app.inject({ url: `${API}/jobs/runners/online`, headers: { cookie } });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const resources = { cpuCores: 2, ramInGb: 4 };
/** A runner's connect call with this token from this address, through HTTP as a runner makes it. */
const connectFrom = (token: string, remoteAddress: string, name = 'box') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/jobs/runner/connect`,
    headers: { authorization: `Bearer ${token}` },
    payload: { name, capabilities: ['engine'], totalResources: resources, availableResources: resources },
    remoteAddress,
  });
const office = { description: 'Office cluster', ipv4range: '10.0.0.0/8', ipv6range: '::1/128' };

async function connectRunner(tokenId: number, id: string, lastHeartbeat: Date) {
  await t.database.db.insert(runners).values({
    id,
    tokenId,
    name: `runner ${id}`,
    capabilities: ['engine', 'java'],
    totalResources: { cpuCores: 8, ramInGb: 32 },
    availableResources: { cpuCores: 7, ramInGb: 28 },
    address: '10.1.2.3',
    lastHeartbeat,
  });
}

describe('runner tokens', () => {
  it('adds a token (administrators): its secret is in that answer only, the database keeps its SHA-256', async () => {
    const { admin, alice } = await start();
    const created = await create(admin, office);
    expect(created.statusCode).toBe(200);
    const { token: secret, ...token } = created.json();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).toEqual({ id: expect.any(Number), tokenHint: secret.slice(-4), ...office, embedded: false, connectedRunners: [] });
    const second = (await create(admin, { description: 'laptop', ipv4range: '', ipv6range: '::1' })).json();
    expect(second.token).not.toBe(secret);

    // The list never holds a secret, nor does the database.
    const listed = await list(admin);
    expect(listed.json()).toEqual([token, { ...second, token: undefined }]);
    expect(listed.body).not.toContain(secret);
    const rows = await t.database.db.select().from(runnerTokens).where(eq(runnerTokens.id, token.id));
    expect(rows).toEqual([expect.objectContaining({ tokenHash: sha256(secret), tokenHint: secret.slice(-4) })]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    // A runner authenticates with the secret (from an address in the range).
    expect((await connectFrom(secret, '10.1.2.3')).statusCode).toBe(200);
    expect((await connectFrom(sha256(secret), '10.1.2.3')).statusCode).toBe(401);

    // Tokens and resources are for administrators only.
    expect((await list(alice.cookie)).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(401);
  });

  it('refuses ranges that are not CIDR with the spec messages', async () => {
    const { admin } = await start();
    const refused = async (ranges: object, message: string) => {
      const response = await create(admin, { description: 'x', ...ranges });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused({ ipv4range: '10.0.0.0/33' }, RUNNER_MESSAGES.badIpv4);
    await refused({ ipv4range: '10.0.0/8' }, RUNNER_MESSAGES.badIpv4);
    await refused({ ipv4range: '::1/128' }, RUNNER_MESSAGES.badIpv4);
    await refused({ ipv4range: 'localhost' }, RUNNER_MESSAGES.badIpv4);
    await refused({ ipv6range: '10.0.0.0/8' }, RUNNER_MESSAGES.badIpv6);
    await refused({ ipv6range: '::1/129' }, RUNNER_MESSAGES.badIpv6);
    await refused({ ipv6range: 'fe80::/10/2' }, RUNNER_MESSAGES.badIpv6);
    // Both empty: no address could use the token.
    await refused({ ipv4range: '', ipv6range: ' ' }, RUNNER_MESSAGES.noRange);
    await refused({}, RUNNER_MESSAGES.noRange);
    expect((await list(admin)).json()).toEqual([]);
    // Several ranges and single addresses are fine.
    const many = await create(admin, { ipv4range: '10.0.0.0/8, 192.168.1.7', ipv6range: 'fd00::/8 ::1' });
    expect(many.statusCode).toBe(200);
    expect(many.json()).toMatchObject({ description: '', ipv4range: '10.0.0.0/8, 192.168.1.7', ipv6range: 'fd00::/8 ::1' });
  });

  it('lists the runners that sent a heartbeat within the timeout', async () => {
    const { admin, alice } = await start();
    const token = (await create(admin, office)).json();
    const fresh = new Date(Date.now() - 1000);
    await connectRunner(token.id, 'runner-fresh-1', fresh);
    await connectRunner(token.id, 'runner-gone-01', new Date(Date.now() - RUNNER_HEARTBEAT_TIMEOUT_MS - 5000));
    const [entry] = (await list(admin)).json();
    expect(entry.connectedRunners).toEqual([
      {
        runnerId: 'runner-fresh-1',
        name: 'runner runner-fresh-1',
        capabilities: ['engine', 'java'],
        sandboxed: false,
        availableResources: { cpuCores: 7, ramInGb: 28 },
        totalResources: { cpuCores: 8, ramInGb: 32 },
        lastHeartbeat: fresh.toISOString(),
      },
    ]);
    // Everyone signed in sees which runners are online, without tokens, addresses or resources.
    const forAlice = await online(alice.cookie);
    expect(forAlice.statusCode).toBe(200);
    expect(forAlice.json()).toEqual([{ name: 'runner runner-fresh-1', capabilities: ['engine', 'java'], sandboxed: false, busy: true }]);
    expect(forAlice.body).not.toMatch(/Office|10\.0\.0\.0|cpuCores|ramInGb|10\.1\.2\.3/);
    expect((await online('')).statusCode).toBe(401);
  });

  it('lets administrators edit a token: description and ranges, which apply to its runners at their next call', async () => {
    const { admin, alice } = await start();
    const created = (await create(admin, office)).json();
    expect((await connectFrom(created.token, '10.1.2.3')).statusCode).toBe(200);

    const moved = { description: 'Lab cluster', ipv4range: '192.168.0.0/16', ipv6range: '' };
    expect((await edit(alice.cookie, created.id, moved)).statusCode).toBe(403);
    expect((await edit('', created.id, moved)).statusCode).toBe(401);
    expect((await edit(admin, created.id + 1000, moved)).statusCode).toBe(404);
    const badRange = await edit(admin, created.id, { ...moved, ipv4range: '192.168.0.0/33' });
    expect([badRange.statusCode, badRange.json().message]).toEqual([400, RUNNER_MESSAGES.badIpv4]);
    const noRange = await edit(admin, created.id, { ...moved, ipv4range: '' });
    expect([noRange.statusCode, noRange.json().message]).toEqual([400, RUNNER_MESSAGES.noRange]);

    const edited = await edit(admin, created.id, moved);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, ...moved, tokenHint: created.tokenHint });
    expect(edited.json().token).toBeUndefined();
    expect((await list(admin)).json()).toEqual([edited.json()]);

    // The runner's address is outside the new range: refused, with the address and where to allow it.
    const refused = await connectFrom(created.token, '10.1.2.3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('This address (10.1.2.3) may not use this runner token.');
    expect(refused.json().message).toContain('Runners page');
    expect((await connectFrom(created.token, '192.168.4.5')).statusCode).toBe(200);
  });

  it('shows whether a runner starts its jobs in the sandbox, as it said when connecting (older runners: not)', async () => {
    const { admin } = await start();
    const token = (await create(admin, { ipv4range: '127.0.0.1/32' })).json();
    const resources = { cpuCores: 2, ramInGb: 4 };
    for (const [name, sandboxed] of [['boxed', true], ['plain', false], ['older', undefined]] as const) {
      const connected = await t.app.inject({
        method: 'POST',
        url: `${API}/jobs/runner/connect`,
        headers: { authorization: `Bearer ${token.token}` },
        payload: { name, capabilities: ['engine'], totalResources: resources, availableResources: resources, ...(sandboxed === undefined ? {} : { sandboxed }) },
        remoteAddress: '127.0.0.1',
      });
      expect(connected.statusCode).toBe(200);
    }
    const [entry] = (await list(admin)).json();
    expect(entry.connectedRunners.map((r: { name: string; sandboxed: boolean }) => [r.name, r.sandboxed])).toEqual([
      ['boxed', true],
      ['older', false],
      ['plain', false],
    ]);
  });

  it('deletes a token (administrators): its runners go and their running jobs fail', async () => {
    const { admin, alice } = await start();
    const token = (await create(admin, office)).json();
    await connectRunner(token.id, 'runner-doomed', new Date());
    const run = await insertRun(t, { owner: alice, job: { status: 'STARTED', currentIteration: 2 } });
    await t.database.db.update(jobs).set({ runnerId: 'runner-doomed' }).where(eq(jobs.id, run.jobId!));

    expect((await remove(alice.cookie, token.id)).statusCode).toBe(403);
    const deleted = await remove(admin, token.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await list(admin)).json()).toEqual([]);
    expect(await t.database.db.select().from(runners)).toEqual([]);
    const details = (await t.app.inject({ url: `${API}/datasets/run/${run.id}`, headers: { cookie: alice.cookie } })).json();
    expect(details.run).toMatchObject({ status: 'FAILED', message: expect.stringContaining('token') });
    expect((await remove(admin, token.id)).statusCode).toBe(404);
  });

  it("keeps the embedded runner's token: the secret in DATA_DIR, its hash in the database, never edited or deleted", async () => {
    const { admin } = await start();
    const dataDir = t.config.dataDir;
    const first = await ensureEmbeddedToken(t.database.db, dataDir);
    expect(await ensureEmbeddedToken(t.database.db, dataDir)).toBe(first);
    expect((await readFile(embeddedTokenFile(dataDir), 'utf8')).trim()).toBe(first);
    expect((await stat(embeddedTokenFile(dataDir))).mode & 0o777).toBe(0o600);
    const rows = await t.database.db.select().from(runnerTokens);
    expect(rows).toEqual([expect.objectContaining({ tokenHash: sha256(first), embedded: true, ...EMBEDDED_TOKEN })]);
    expect(EMBEDDED_TOKEN).toEqual({ description: 'Embedded runner', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' });
    expect((await connectFrom(first, '127.0.0.1')).statusCode).toBe(200);

    const [listed] = (await list(admin)).json();
    expect(listed).toMatchObject({ embedded: true, description: 'Embedded runner', tokenHint: first.slice(-4) });
    const refused = await remove(admin, listed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("The embedded runner's token cannot be deleted.");
    expect((await edit(admin, listed.id, { ipv4range: '0.0.0.0/0' })).statusCode).toBe(409);

    // A DATA_DIR without the secret (or with another one) gets a new token; the old one stops working.
    await writeFile(embeddedTokenFile(dataDir), 'some-other-secret\n');
    const renewed = await ensureEmbeddedToken(t.database.db, dataDir);
    expect(renewed).not.toBe(first);
    expect(await t.database.db.select({ id: runnerTokens.id, tokenHash: runnerTokens.tokenHash }).from(runnerTokens)).toEqual([{ id: listed.id, tokenHash: sha256(renewed) }]);
    expect((await connectFrom(first, '127.0.0.1')).statusCode).toBe(401);
    expect((await connectFrom(renewed, '127.0.0.1')).statusCode).toBe(200);
  });

  it('hashes the clear tokens of an older database in the migration, so their runners keep working', async () => {
    // The migrations up to 0008 (before hashing), a clear token as they stored it, then the server's migration.
    const dir = await mkdtemp(path.join(tmpdir(), 'corridor-tokens-'));
    const older = path.join(dir, 'migrations');
    await cp(MIGRATIONS_FOLDER, older, { recursive: true });
    const journal = JSON.parse(await readFile(path.join(older, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < '0009');
    await writeFile(path.join(older, 'meta', '_journal.json'), JSON.stringify(journal));
    const database = await openDatabase({ databaseUrl: null, dataDir: dir, pglite: { inMemory: true } });
    try {
      await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: older });
      await database.db.execute(sql`insert into runner_tokens (token, description, ipv4range) values ('an-old-clear-token', 'old', '127.0.0.1/32')`);
      await database.migrate();
      const [row] = await database.db.select().from(runnerTokens);
      expect(row).toMatchObject({ tokenHash: sha256('an-old-clear-token'), tokenHint: 'oken', description: 'old' });
      const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, WEB_DIST: path.join(dir, 'none'), LOG_LEVEL: 'silent' }), db: database.db, logger: false });
      try {
        const connected = await app.inject({
          method: 'POST',
          url: `${API}/jobs/runner/connect`,
          headers: { authorization: 'Bearer an-old-clear-token' },
          payload: { name: 'old', capabilities: ['engine'], totalResources: resources, availableResources: resources },
          remoteAddress: '127.0.0.1',
        });
        expect(connected.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
