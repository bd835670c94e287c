/**
 * Hostile integers (issue 23, finding 8): every integer a client sends — path and query parameters and JSON body
 * values of every route in the OpenAPI document — is bounded to what the database stores (int4), so 2³¹, 2⁵³ + 1,
 * -1 and 1e400 are a 400 naming the field, never a 500; the reported cases (dashboard ids, external run ids,
 * external progress iterations), a JSON body where an output file's, a log chunk's or a statistics file's bytes
 * belong (415) and a broken multipart upload (400) are tested on their own.
 */
import { CHUNK_BODY_TYPE, INT32_MAX, INT32_MIN, OUTPUT_BODY_TYPE } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modificationWith } from './modification-samples.ts';
import { integerInputs, type IntegerInput } from './openapi-inputs.ts';
import { RawJson, routeInputs, sendInput, type RouteInputs } from './route-inputs.ts';
import { ok } from './runner-client.ts';
import { BASE_REQUESTS, type BaseRequest, type Fixture } from './string-routes.ts';

/** As text in a path or query: just above int4, above the safe integers, negative, and no finite number at all. */
const HOSTILE_TEXT = ['2147483648', '9007199254740993', '-1', '1e400', '9'.repeat(400)];
/** As JSON body values (1e400 parses to Infinity). */
const HOSTILE_JSON = [2147483648, 9007199254740993, -1, new RawJson('1e400'), new RawJson('-1e400')];

/**
 * Base requests of routes whose only inputs are integers, and of the changeset routes with a modification that has
 * the number (string-routes.ts has the other routes with a string input; a runner protocol route without a body
 * needs only the runner's token).
 */
const INTEGER_BASE_REQUESTS: Record<string, (f: Fixture, pointer: string) => BaseRequest> = {
  'POST /datasets/datasets/{id}/team': (f) => ({ params: { id: f.scenarioId }, payload: { newTeam: f.teamId } }),
  'POST /jobs/runner/heartbeat': (f) => ({ runner: true, payload: { availableResources: { cpuCores: 1, ramInGb: 1 }, jobs: [f.jobId] } }),
  'POST /datasets/datasets/{id}/changesets': (f, pointer) => ({ params: { id: f.scenarioId }, payload: { id: -1, name: 'Changes', modifications: [modificationWith(pointer, 'number')] } }),
  'PUT /datasets/datasets/{id}/changesets/{changesetId}': (f, pointer) => ({
    params: { id: f.scenarioId, changesetId: f.changesetId },
    payload: { name: 'Renamed', modifications: [modificationWith(pointer, 'number')] },
  }),
};
const RUNNER_ONLY: BaseRequest = { runner: true };

/** Byte counts of the installation settings (a JSON document, not an int4 column): bounded, but above 2³¹. */
const BYTE_COUNTS = new Set(['body/runOutputMaxBytes', 'body/settings/runOutputMaxBytes']);

let ctx: RouteInputs;
beforeAll(async () => {
  ctx = await routeInputs();
});
afterAll(() => ctx?.t.close());

function baseFor(input: IntegerInput): BaseRequest | undefined {
  const base = INTEGER_BASE_REQUESTS[input.route] ?? BASE_REQUESTS[input.route];
  if (base) return base(ctx.fixture, input.pointer);
  return input.route.includes(' /jobs/runner/') ? RUNNER_ONLY : undefined;
}
const valueOf = (value: string | number | RawJson) => Number(value instanceof RawJson ? value.text : value);
const inRange = (input: IntegerInput, value: number) => Number.isSafeInteger(value) && value >= input.minimum! && value <= input.maximum!;

describe('an integer input of any route', () => {
  it('is bounded to int4 in the OpenAPI document (the contract’s integers.ts), path, query and body alike', async () => {
    const all = await integerInputs(ctx.t.app);
    expect(all.length).toBeGreaterThan(100);
    const max = (i: IntegerInput) => (BYTE_COUNTS.has(i.pointer) ? Number.MAX_SAFE_INTEGER : INT32_MAX);
    const unbounded = all.filter((i) => i.minimum === undefined || i.maximum === undefined || i.minimum < INT32_MIN || i.maximum > max(i));
    expect(unbounded.map((i) => `${i.route} ${i.pointer} [${i.minimum}, ${i.maximum}]`)).toEqual([]);
  });

  it('every route with an integer in its JSON body has a base request', async () => {
    const routes = new Set((await integerInputs(ctx.t.app)).filter((i) => i.pointer.startsWith('body/')).map((i) => i.route));
    expect([...routes].filter((route) => !BASE_REQUESTS[route] && !INTEGER_BASE_REQUESTS[route])).toEqual([]);
  });

  it('2³¹, 2⁵³ + 1, -1 and 1e400 in a path or query parameter: 400 naming the parameter, never a 5xx', async () => {
    const params = (await integerInputs(ctx.t.app)).filter((i) => !i.pointer.startsWith('body/'));
    expect(params.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const input of params) {
      for (const value of HOSTILE_TEXT) {
        const response = await sendInput(ctx, input.route, input.pointer, baseFor(input) ?? {}, value);
        const named = response.statusCode === 400 && (response.json() as { message: string }).message.includes(`${input.pointer}: `);
        // Fastify refuses a path parameter of more than 100 characters itself, before any schema.
        const tooLong = value.length > 100 && input.pointer.startsWith('params/') && response.statusCode === 414;
        if (!named && !tooLong) failures.push(`${input.route} ${input.pointer}=${value.slice(0, 20)}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('2³¹, 2⁵³ + 1, -1 and ±1e400 as a JSON body value: 400 naming the field when out of range, never a 5xx', async () => {
    const body = (await integerInputs(ctx.t.app)).filter((i) => i.pointer.startsWith('body/'));
    expect(body.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const input of body) {
      for (const value of HOSTILE_JSON) {
        const response = await sendInput(ctx, input.route, input.pointer, baseFor(input)!, value);
        const refused = response.statusCode === 400 && (response.json() as { message: string }).message.includes(`${input.pointer}: `);
        const expected = inRange(input, valueOf(value)) ? response.statusCode < 500 : refused;
        if (!expected) failures.push(`${input.route} ${input.pointer}=${String(valueOf(value))}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('the reported cases', () => {
  const message = (response: { json(): unknown }) => (response.json() as { message: string }).message;

  it('a dashboard id or group id of 2³¹ is a 400, not a 500', async () => {
    const { fixture, call } = ctx;
    expect((await call('GET', '/datasets/dashboards/2147483648')).statusCode).toBe(400);
    expect((await call('DELETE', '/datasets/dashboards/9007199254740993')).statusCode).toBe(400);
    const created = await call('POST', '/datasets/dashboards', { groupId: 2147483648, name: 'Board' });
    expect([created.statusCode, message(created)]).toEqual([400, expect.stringContaining('body/groupId: ')]);
    const dataset = await call('POST', '/datasets/dashboards', { groupId: fixture.groupId, name: 'Board', variables: [{ name: 'Dataset 1', id: 2147483648 }] });
    expect([dataset.statusCode, message(dataset)]).toEqual([400, expect.stringContaining('body/variables/0/id: ')]);
  });

  it('an external run with a group or scenario id of 2³¹, or reported to as run 2³¹, is a 400', async () => {
    const { call } = ctx;
    for (const field of ['groupId', 'scenarioId']) {
      const response = await call('POST', '/datasets/runs/external', { name: 'External', [field]: 2147483648 });
      expect([response.statusCode, message(response)]).toEqual([400, expect.stringContaining(`body/${field}: `)]);
    }
    for (const route of ['progress', 'finish']) expect((await call('POST', `/datasets/runs/2147483648/external/${route}`, { status: 'FAILED' })).statusCode).toBe(400);
  });

  it('an external run’s progress at iteration 2³¹ or 2⁵³ + 1 is a 400; iteration 2³¹ - 1 is stored', async () => {
    const { call } = ctx;
    const run = ok<{ id: number }>(await call('POST', '/datasets/runs/external', { name: 'Far' }), 'external run');
    for (const iteration of [2147483648, 9007199254740993]) {
      const response = await call('POST', `/datasets/runs/${run.id}/external/progress`, { iteration });
      expect([response.statusCode, message(response)]).toEqual([400, expect.stringContaining('body/iteration: ')]);
    }
    ok(await call('POST', `/datasets/runs/${run.id}/external/progress`, { iteration: INT32_MAX }), 'progress');
    expect(ok<{ run: { currentIteration: number } }>(await call('GET', `/datasets/run/${run.id}`), 'run').run.currentIteration).toBe(INT32_MAX);
  });

  it('a JSON body to an external run’s outputs (and the runner’s) is a 415 saying what to send, and stores nothing', async () => {
    const { call, fixture, runnerToken, runner, t } = ctx;
    const run = ok<{ id: number }>(await call('POST', '/datasets/runs/external', { name: 'Json outputs' }), 'external run');
    const external = await call('POST', `/datasets/runs/${run.id}/external/outputs?path=out.txt`, { some: 'json' });
    expect([external.statusCode, message(external)]).toEqual([415, OUTPUT_BODY_TYPE]);
    const fromRunner = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/runner/jobs/${fixture.jobId}/outputs?path=out.txt`,
      headers: { authorization: `Bearer ${runnerToken}`, 'x-runner-id': runner.runnerId ?? '', 'content-type': 'application/json' },
      remoteAddress: '127.0.0.1',
      payload: '{"some":"json"}',
    });
    expect([fromRunner.statusCode, message(fromRunner)]).toEqual([415, OUTPUT_BODY_TYPE]);
    const files = ok<{ name: string }[]>(await call('GET', `/datasets/datasets/${run.id}/files`), 'files');
    expect(files.map((f) => f.name)).not.toContain('out.txt');
  });

  it('a log chunk or statistics file sent as JSON is a 415; a broken multipart upload is a 400 (the other upload routes)', async () => {
    const { call, t, admin } = ctx;
    const run = ok<{ id: number }>(await call('POST', '/datasets/runs/external', { name: 'Json log' }), 'external run');
    const log = await call('POST', `/datasets/runs/${run.id}/external/log`, { text: 'line' });
    expect([log.statusCode, message(log)]).toEqual([415, CHUNK_BODY_TYPE]);
    const stats = await call('PUT', `/datasets/runs/${run.id}/external/stats/scorestats`, { rows: [] });
    expect([stats.statusCode, message(stats)]).toEqual([415, CHUNK_BODY_TYPE]);
    for (const url of ['/datasets/files', '/corridor/licenses', '/corridor/licenses/check']) {
      const broken = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="files[]"; filename="a.txt"\r\n\r\nabc',
      });
      expect([url, broken.statusCode, message(broken)]).toEqual([url, 400, expect.stringContaining('not a readable multipart/form-data body')]);
    }
  });
});
