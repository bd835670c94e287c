import { RUNNER_HEARTBEAT_TIMEOUT_MS, RUNNER_MESSAGES } from '@corridor/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs, runners, runnerTokens } from '../src/db/schema.ts';
import { EMBEDDED_TOKEN, ensureEmbeddedToken } from '../src/modules/runner-tokens/embedded-token.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { insertRun } from './run-fixtures.ts';
import { addUser, type Session } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

async function start(): Promise<{ admin: string; alice: Session }> {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  return { admin, alice: await addUser(t.app, admin, 'alice') };
}

const list = (cookie: string) => t.app.inject({ url: `${API}/jobs/runners/list`, headers: { cookie } });
const create = (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}/jobs/runners`, headers: { cookie }, payload });
const remove = (cookie: string, id: number) => t.app.inject({ method: 'DELETE', url: `${API}/jobs/runners/${id}`, headers: { cookie } });
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
  it('adds a token (administrators) and shows its secret only to administrators', async () => {
    const { admin, alice } = await start();
    const created = await create(admin, office);
    expect(created.statusCode).toBe(200);
    const token = created.json();
    expect(token).toEqual({ id: expect.any(Number), token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), ...office, embedded: false, connectedRunners: [] });
    const second = (await create(admin, { description: 'laptop', ipv4range: '', ipv6range: '' })).json();
    expect(second.token).not.toBe(token.token);

    expect((await list(admin)).json()).toEqual([token, second]);
    const forAlice = await list(alice.cookie);
    expect(forAlice.statusCode).toBe(200);
    expect(forAlice.json()).toEqual([
      { ...token, token: null },
      { ...second, token: null },
    ]);
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
    const [entry] = (await list(alice.cookie)).json();
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

  it("keeps the embedded runner's token: made once, found again, never deleted", async () => {
    const { admin, alice } = await start();
    const first = await ensureEmbeddedToken(t.database.db);
    const again = await ensureEmbeddedToken(t.database.db);
    expect(again).toBe(first);
    const rows = await t.database.db.select().from(runnerTokens);
    expect(rows).toEqual([expect.objectContaining({ token: first, embedded: true, ...EMBEDDED_TOKEN })]);
    expect(EMBEDDED_TOKEN).toEqual({ description: 'Embedded runner', ipv4range: '127.0.0.1/32', ipv6range: '::1/128' });

    const [listed] = (await list(admin)).json();
    expect(listed).toMatchObject({ token: first, embedded: true, description: 'Embedded runner' });
    expect((await list(alice.cookie)).json()[0].token).toBeNull();
    const refused = await remove(admin, listed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("The embedded runner's token cannot be deleted.");
    expect(await ensureEmbeddedToken(t.database.db)).toBe(first);
  });
});
