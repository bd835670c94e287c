/**
 * What the hostile-input tests (strings.test.ts, hostile-integers.test.ts) call every route with: an app with an
 * administrator, a team, a scenario with inputs, a changeset, a job template and a running job of a connected
 * runner (the `Fixture` the base requests of string-routes.ts use), and `sendInput`, which sends a base request
 * with one input (a path or query parameter, or a JSON body value at a pointer) replaced.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, ok, scenarioWithInputs, scheduleOk, schedulePayload, TestRunner } from './runner-client.ts';
import type { BaseRequest, Fixture } from './string-routes.ts';
import { addUser, signIn, type Session } from './workspace-helpers.ts';

export interface RouteInputs {
  t: TestApp;
  admin: Session;
  runner: TestRunner;
  runnerToken: string;
  fixture: Fixture;
  /** A call as the administrator (session cookie). */
  call(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function routeInputs(): Promise<RouteInputs> {
  const t = await createTestApp();
  const adminCookie = await setupAdmin(t.app);
  const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  const call = (method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const member = await addUser(t.app, adminCookie, 'mike');
  await addUser(t.app, adminCookie, 'erin');
  const team = ok<{ id: number }>(await call('POST', '/accounts/groups', { name: 'lab' }), 'team');
  ok(await call('POST', `/accounts/groups/${team.id}/users`, { username: 'mike' }), 'member');
  const inputs = await scenarioWithInputs(t.app, admin);
  const changeset = ok<{ id: number }>(await call('POST', `/datasets/datasets/${inputs.scenarioId}/changesets`, { name: 'C' }), 'changeset');
  const template = ok<{ id: number }>(await call('POST', '/jobs/templates', { name: 'Engine', command: '$ENGINE $CONFIG $ARGS' }), 'job template');
  const runnerToken = (await createRunnerToken(t.app, adminCookie)).token;
  const runner = new TestRunner(t.app, { token: runnerToken });
  await runner.connect();
  const run = await scheduleOk(t.app, admin, inputs);
  expect((await runner.claimJob())?.jobId).toBe(run.id);
  ok(await runner.started(run.id), 'started');
  const logs = ok<{ id: number }[]>(await call('GET', `/datasets/datasets/${run.datasetId}/sysfiles`), 'system files');
  const fixture: Fixture = {
    groupId: admin.groupId,
    teamId: team.id,
    memberId: member.userId,
    scenarioId: inputs.scenarioId,
    configId: inputs.files.config.id,
    networkId: inputs.files.network.id,
    changesetId: changeset.id,
    templateId: template.id,
    runId: run.datasetId,
    jobId: run.id,
    logFileId: logs[0]!.id,
    schedule: schedulePayload(admin, inputs, { name: 'Run 2', matsimRunId: 'equil_2' }),
  };
  return { t, admin, runner, runnerToken, fixture, call };
}

/** A JSON value written into the body as it is (`1e400`, which JSON.stringify cannot write). */
export class RawJson {
  constructor(readonly text: string) {}
}
const RAW_MARK = 'raw-json-value-here';

/**
 * Sends `base` for `route` ("PUT /datasets/files/{id}/meta") with the input at `pointer` ("params/id",
 * "querystring/groupId", "body/items/0/x") replaced by `value`, as JSON (a string body too), as the administrator
 * (the runner protocol's routes as the runner).
 */
export function sendInput(ctx: RouteInputs, route: string, pointer: string, base: BaseRequest, value: string | number | RawJson) {
  const [method, template] = route.split(' ') as [string, string];
  const [place, ...rest] = pointer.split('/');
  const text = value instanceof RawJson ? value.text : String(value);
  const params = { ...base.params, ...(place === 'params' ? { [rest[0]!]: text } : {}) };
  const query = new URLSearchParams({ ...base.query, ...(place === 'querystring' ? { [rest[0]!]: text } : {}) });
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? 1)));
  const payload = place === 'body' ? withValue(base.payload, rest, value instanceof RawJson ? RAW_MARK : value) : base.payload;
  const headers: Record<string, string> = base.runner
    ? { authorization: `Bearer ${ctx.runnerToken}`, 'x-runner-id': ctx.runner.runnerId ?? '' }
    : { cookie: ctx.admin.cookie };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const json = payload === undefined ? undefined : JSON.stringify(payload).replace(`"${RAW_MARK}"`, () => (value as RawJson).text);
  return ctx.t.app.inject({
    method: method as 'GET',
    url: `${API}${url}${query.size ? `?${query}` : ''}`,
    headers,
    remoteAddress: '127.0.0.1',
    ...(json === undefined ? {} : { payload: json }),
  });
}

/** A copy of `value` with the value at `pointer` (object keys and array indexes) replaced; a missing list is made. */
function withValue(value: unknown, pointer: string[], replacement: unknown): unknown {
  if (pointer.length === 0) return replacement;
  const [head, ...tail] = pointer as [string, ...string[]];
  const list = Array.isArray(value) || (value === undefined && /^\d+$/.test(head));
  const copy = (list ? [...((value as unknown[] | undefined) ?? [])] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = withValue(copy[head], tail, replacement);
  return copy;
}
