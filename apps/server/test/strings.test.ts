/**
 * Hostile strings (issue 11): a NUL or another control character in any string input is refused with a 400 that
 * names the field, never a 500, and nothing is stored; names have one length limit for create and rename; "."
 * and ".." and path separators are not file names; text a runner sends is stored without NULs.
 */
import path from 'node:path';
import { SCHEDULE_MESSAGES, UNKNOWN_MODIFICATION_TYPE } from '@corridor/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TestApp } from './harness.ts';
import { stringInputs, type StringInput } from './openapi-inputs.ts';
import { routeInputs, sendInput, type RouteInputs } from './route-inputs.ts';
import { ok, type TestRunner } from './runner-client.ts';
import { BASE_REQUESTS, type BaseRequest, type Fixture } from './string-routes.ts';
import { attach, createScenario, networkJob, uploadOk, type Session } from './workspace-helpers.ts';

const NUL = 'a\u0000b';
/** The schedule form shows these texts of spec 1 §5.2 as they are, without the field (jobs/routes.ts). */
const VERBATIM = new Set<string>([...Object.values(SCHEDULE_MESSAGES), UNKNOWN_MODIFICATION_TYPE]);
/** Text a runner sends about a job is kept, without its control characters (see 'text a runner sends'). */
const STRIPPED = new Set(['POST /jobs/runner/jobs/{id}/finish body/message']);

let ctx: RouteInputs;
let t: TestApp;
let admin: Session;
let runner: TestRunner;
let fixture: Fixture;

beforeAll(async () => {
  ctx = await routeInputs();
  ({ t, admin, runner, fixture } = ctx);
});
afterAll(() => t?.close());

const call = (method: string, url: string, payload?: unknown) => ctx.call(method, url, payload);
const send = (input: StringInput, base: BaseRequest, value: string) => sendInput(ctx, input.route, input.pointer, base, value);

/** The error message of a JSON answer, else the start of the body. */
function messageOf(body: string): string {
  try {
    return String(JSON.parse(body).message);
  } catch {
    return body.slice(0, 60);
  }
}

/** Tables the server writes on its own timers (leases renewed by the leader of each tick), whatever requests come. */
const BOOKKEEPING = new Set(['leader_leases']);

/** Row counts and a hash of every table's content: equal before and after a refused request. */
async function databaseFingerprint(): Promise<Record<string, string>> {
  const tables = (await t.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as {
    rows: { tablename: string }[];
  };
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows.filter((row) => !BOOKKEEPING.has(row.tablename))) {
    const result = (await t.database.db.execute(
      sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f from "${tablename}" x`),
    )) as unknown as { rows: { f: string }[] };
    out[tablename] = result.rows[0]!.f;
  }
  return out;
}

describe('a NUL in any string input', () => {
  it('every route with a string input has a base request in the table', async () => {
    const routes = new Set((await stringInputs(t.app)).map((input) => input.route));
    expect([...routes].filter((route) => !BASE_REQUESTS[route])).toEqual([]);
  });

  it('is refused with a 400 naming the field, and nothing is stored (every route of the OpenAPI document)', async () => {
    const all = await stringInputs(t.app);
    expect(all.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const input of all.filter((i) => !STRIPPED.has(`${i.route} ${i.pointer}`))) {
      const before = await databaseFingerprint();
      const response = await send(input, BASE_REQUESTS[input.route]!(fixture, input.pointer), NUL);
      const message = messageOf(response.body);
      const named = message.includes(`${input.pointer}: `) || VERBATIM.has(message);
      const explained = input.restricted || /control characters/.test(message);
      if (response.statusCode !== 400 || !named || !explained) failures.push(`${input.route} ${input.pointer}: ${response.statusCode} ${message}`);
      const after = await databaseFingerprint();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length) failures.push(`${input.route} ${input.pointer}: changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
    // One call and two database fingerprints per string input of every route: well over the default timeout.
  }, 240_000);
});

describe('text a runner sends', () => {
  it('a log chunk with NUL characters is stored without them; a finish message without control characters', async () => {
    ok(await runner.log(fixture.jobId, 'text\u0000 chunk\n'), 'log text');
    ok(await runner.call('POST', `/jobs/${fixture.jobId}/log`, { raw: Buffer.from('bytes\u0000\u0000 chunk ü\n'), contentType: 'application/octet-stream' }), 'log bytes');
    const log = await call('GET', `/datasets/sysfiles/${fixture.logFileId}`);
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('text chunk\nbytes chunk ü\n');
    expect(log.body).not.toContain('\u0000');

    // A program the user shaped writes the statistics: a mode name with a NUL is kept without it.
    ok(await runner.stats(fixture.jobId, 'modestats', 'iteration\tcar\tbi\u0000ke\n0\t0.75\t0.25\n'), 'mode stats');
    const modes = ok<{ rows: [string][] }>(
      await call('POST', `/datasets/datasets/${fixture.runId}/tables/modeStats/query`, { query: { select: [{ column: 'key' }], groupBy: [{ column: 'key' }] }, shape: 'RAW' }),
      'mode stats table',
    );
    expect(modes.rows.map(([key]) => key)).toEqual(['bike', 'car']);

    ok(await runner.finish(fixture.jobId, 'FAILED', 1, 'Crashed\u0000 at\u0007 line 3\nsee the log'), 'finish');
    const job = ok<{ message: string }>(await call('GET', `/jobs/jobs/${fixture.jobId}`), 'job');
    expect(job.message).toBe('Crashed at line 3\nsee the log');
  });
});

describe('a NUL where no schema looks', () => {
  it('a session cookie with a NUL is simply not a session (401, not 500)', async () => {
    const response = await t.app.inject({ url: `${API}/accounts/validate`, headers: { cookie: 'corridor_session=a%00b' } });
    expect(response.statusCode).toBeLessThan(500);
    const groups = await t.app.inject({ url: `${API}/datasets/scenarios`, headers: { cookie: 'corridor_session=a%00b' } });
    expect(groups.statusCode).toBe(401);
  });

  it('file contents with NULs are stored and processed without a 500 (sniffing, network processing)', async () => {
    // The NUL comes late: the head is a network (sniffed and tagged), the processing meets the NUL.
    const nodes = Array.from({ length: 3000 }, (_, i) => `<node id="n${i}" x="${i}" y="0"/>`).join('\n');
    const network = `<?xml version="1.0"?>\n<network>\n<nodes>\n${nodes}\n<node id="a\u0000" x="0" y="0"/>\n</nodes>\n<links/>\n</network>\n`;
    const [binary, broken] = await uploadOk(t.app, admin, [
      { name: 'binary.bin', content: Buffer.from([0, 1, 2, 0, 0, 255]) },
      { name: 'broken-network.xml', content: network },
    ]);
    expect(binary!.tag).toBeNull();
    expect(broken!.tag).toBe('network_v1');
    const scenario = await createScenario(t.app, admin, { key: 'nul-network' });
    await attach(t.app, admin, scenario.id, broken!.id);
    expect((await networkJob(t.app, admin, scenario.id)).status).toBe('FAILED');
    expect((await call('GET', `/datasets/datasets/${scenario.id}`)).statusCode).toBe(200);
  });
});
