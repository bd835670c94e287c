/**
 * Every route of the OpenAPI document × every kind of caller (sessions, runners, the owner's and the administrator's
 * API keys), no leak between users: callers a route's rule does not allow get 401/403/404 (never a 400 that would
 * hide the access check), allowed callers get an answer below 400, and no answer shows the owner's data (MARKER) to
 * an outsider or an administrator's secret to anyone else.
 * The rules and the calls are in route-matrix-table.ts; a route the document has and the table lacks (or the
 * reverse) fails the first test.
 */
import { API_PREFIX } from '@corridor/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKER, MatrixFixtures, ROLES, userOf, type Role } from './route-matrix-fixtures.ts';
import { allows, ROUTES, type Call, type RouteRule } from './route-matrix-table.ts';
import { documentedOperations } from './openapi-inputs.ts';

const REFUSED = [401, 403, 404];
const ROUTE_NAMES = Object.keys(ROUTES);
/** Answers that show the owner's data to those who may see it (and so show a leak to those who may not). */
const CARRY_MARKER = [
  'GET /datasets/scenarios',
  'GET /datasets/datasets/{id}',
  'GET /datasets/datasets/{id}/files',
  'GET /datasets/datasets/{id}/changesets',
  'GET /datasets/runs',
  'GET /datasets/run/{id}',
  'GET /datasets/sysfiles/{id}',
  'GET /jobs/jobs/list',
  'GET /jobs/jobs/{id}',
  'GET /accounts/groups',
  'GET /accounts/groups/{id}',
  'GET /accounts/users/{userId}/groups',
  'GET /accounts/users/{userId}/apikeys',
];

let fx: MatrixFixtures;
let documented: string[];
let calls = 0;

beforeAll(async () => {
  fx = await MatrixFixtures.create();
  documented = (await documentedOperations(fx.t.app)).map((operation) => operation.route);
}, 120_000);

afterAll(async () => {
  console.log(`route matrix: ${calls} calls over ${ROUTE_NAMES.length} routes × ${ROLES.length} roles`);
  await fx?.close();
});

describe(`route × role matrix: ${ROUTE_NAMES.length} routes × ${ROLES.length} roles = ${ROUTE_NAMES.length * ROLES.length} calls`, () => {
  it('has a rule for every route of the OpenAPI document, and none for a route it lacks', () => {
    expect({
      'documented routes without a rule in route-matrix-table.ts': documented.filter((route) => !(route in ROUTES)),
      'rules for routes the OpenAPI document lacks': ROUTE_NAMES.filter((route) => !documented.includes(route)),
    }).toEqual({ 'documented routes without a rule in route-matrix-table.ts': [], 'rules for routes the OpenAPI document lacks': [] });
  });

  it.each(CARRY_MARKER)("the owner's answer of %s carries the marker the leak checks look for", async (route) => {
    const response = await callAs(route, 'owner');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(MARKER);
  });

  it.each(ROUTE_NAMES)('%s', async (route) => {
    expect(documented, 'the route is in the OpenAPI document').toContain(route);
    const problems: string[] = [];
    for (const role of ROLES) problems.push(...(await check(route, ROUTES[route]!, role)));
    expect(problems).toEqual([]);
  });
});

/** Calls the route as the role, the way its table entry says. */
async function callAs(route: string, role: Role): Promise<LightMyRequestResponse> {
  const [method, template] = route.split(' ') as [string, string];
  const call = await ROUTES[route]!.call(role, fx);
  const headers = { ...(await fx.headersOf(role)), ...call.raw?.headers, ...(call.cookie ? { cookie: call.cookie } : {}) };
  calls++;
  return fx.t.app.inject({
    method: method as 'GET',
    url: `${API_PREFIX}${fillPath(template, call.params)}${queryString(call.query)}`,
    headers,
    payload: call.raw ? call.raw.payload : (call.json as object | undefined),
  });
}

/** Calls the route as the role and answers what is wrong with the answer (nothing: []). */
async function check(route: string, rule: RouteRule, role: Role): Promise<string[]> {
  const response = await callAs(route, role);
  const status = response.statusCode;
  const body = response.body;
  const allowed = allows(rule, role);
  const problems: string[] = [];
  if (allowed && status >= 400) problems.push(`${role} may call it but got ${status}: ${body.slice(0, 300)}`);
  if (!allowed && !(rule.refusedWith ?? REFUSED).includes(status)) problems.push(`${role} must be refused but got ${status}: ${body.slice(0, 300)}`);
  if (!seesOwnerData(rule, role, allowed) && body.includes(MARKER)) problems.push(`${role} (${status}) sees the owner's data: ${excerpt(body, MARKER)}`);
  if (userOf(role) !== 'admin') {
    for (const secret of fx.adminSecrets) if (body.includes(secret)) problems.push(`${role} (${status}) sees an administrator's secret: ${excerpt(body, secret)}`);
  }
  return problems;
}

/** Members, granted users, the owner and administrators (and their keys) where allowed; runners in the runner protocol. */
function seesOwnerData(rule: RouteRule, role: Role, allowed: boolean): boolean {
  if (!allowed) return false;
  const user = userOf(role);
  if (user) return user !== 'stranger';
  return rule.who === 'runner' || rule.who === 'job-runner';
}

function fillPath(template: string, params: Call['params'] = {}): string {
  const used = new Set<string>();
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (!(name in params)) throw new Error(`${template}: the table gives no value for {${name}}`);
    used.add(name);
    return encodeURIComponent(String(params[name]));
  });
  const unused = Object.keys(params).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`${template}: the table gives values for parameters it lacks: ${unused.join(', ')}`);
  return path;
}

function queryString(query: Call['query']): string {
  if (!query) return '';
  return `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

function excerpt(body: string, needle: string): string {
  const at = body.indexOf(needle);
  return body.slice(Math.max(0, at - 80), at + needle.length + 80);
}
