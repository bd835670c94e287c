/**
 * Bodies for the dashboard and chart tests, the route matrix and the hostile-string table: a chart with every
 * optional string field filled (so each is an input to test), dashboard bodies, and preview pictures drawn here.
 */
import type { Chart, DashboardItem } from '@corridor/contract';
import { createCanvas } from '@napi-rs/canvas';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import { ADMIN, API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok } from './runner-client.ts';
import { addUser, createScenario, signIn, type Session } from './workspace-helpers.ts';

/** A bar chart of trips by mode with every string field of the contract's Chart set. */
export function fullChart(groupId: number, dataset: number, name = 'Trips by mode'): Chart {
  return {
    type: 'bar',
    name,
    dataset,
    groupId,
    table: 'output_trips',
    description: 'Trips per main mode',
    filters: [{ column: 'main_mode', is: '!=', value: 'walk' }],
    config: {
      measures: [{ name: 'main_mode', aggregation: 'COUNT', axisStyle: { axisType: 'value', label: 'Trips', prefix: '', postfix: ' trips' } }],
      dimensions: [{ name: 'dep_time', binning: { type: 'interval', binSize: 3600 }, binnedAxisStyle: { label: 'Hour', divisor: 3600 } }],
      options: { xAxis: 'discrete' },
    },
  };
}

export const textItem = (text = 'Hello', y = 0): DashboardItem => ({ type: 'text', x: 0, y, width: 4, height: 2, variables: [], data: { text, style: 'h1' } });

export function chartItem(chart: Chart): DashboardItem {
  const { groupId: _g, dataset: _d, id: _i, ...data } = chart;
  return { type: 'chart', x: 4, y: 0, width: 6, height: 4, variables: ['Dataset 1'], data };
}

/** A dashboard body; `textFirst` puts the text panel at index 0 (the hostile-string table changes items/0). */
export function dashboardBody(groupId: number, dataset: number, name = 'Mode share', textFirst = true) {
  const chart = chartItem(fullChart(groupId, dataset));
  return {
    groupId,
    name,
    items: textFirst ? [textItem(), chart] : [chart, textItem()],
    variables: [{ name: 'Dataset 1', id: dataset }],
    options: { size: 'normal' as const },
  };
}

/** A picture as the chart editor sends it: a data URL of a PNG or JPEG drawn with a few shapes. */
export function pictureDataUrl(width: number, height: number, format: 'png' | 'jpeg' = 'png'): string {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#1c7ed6';
  ctx.fillRect(width * 0.1, height * 0.3, width * 0.2, height * 0.6);
  ctx.fillStyle = '#f76707';
  ctx.fillRect(width * 0.5, height * 0.1, width * 0.2, height * 0.8);
  const bytes = format === 'png' ? canvas.encodeSync('png') : canvas.encodeSync('jpeg', 90);
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

/** Creates a chart (with a picture) or a dashboard as the session's user and answers its id. */
export async function createOk(app: App, cookie: string, what: 'charts' | 'dashboards', payload: object): Promise<number> {
  const response = await app.inject({ method: 'POST', url: `${API}/datasets/${what}`, headers: { cookie }, payload });
  if (response.statusCode !== 200) throw new Error(`create ${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

export type Caller = (session: Session | null, method: string, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/**
 * The people of the dashboard and chart tests: Alice owns the team "lab" with Carol in it, Bob is an outsider;
 * each has a scenario of their own, and the team one (Alice's). `call` sends a request as one of them.
 */
export interface GroupWorld {
  t: TestApp;
  admin: Session;
  alice: Session;
  bob: Session;
  carol: Session;
  team: number;
  aliceScenario: number;
  teamScenario: number;
  bobScenario: number;
  call: Caller;
}

export async function groupWorld(): Promise<GroupWorld> {
  const t = await createTestApp();
  const call: Caller = (session, method, url, payload) =>
    t.app.inject({
      method: method as 'GET',
      url: `${API}${url}`,
      headers: session ? { cookie: session.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const adminCookie = await setupAdmin(t.app);
  const [alice, bob, carol] = [await addUser(t.app, adminCookie, 'alice'), await addUser(t.app, adminCookie, 'bob'), await addUser(t.app, adminCookie, 'carol')];
  const team = ok<{ id: number }>(await call(alice, 'POST', '/accounts/groups', { name: 'lab' }), 'team').id;
  ok(await call(alice, 'POST', `/accounts/groups/${team}/users`, { username: 'carol' }), 'member');
  return {
    t,
    call,
    admin: await signIn(t.app, ADMIN.username, ADMIN.password),
    alice,
    bob,
    carol,
    team,
    aliceScenario: (await createScenario(t.app, alice, { key: 'a', name: 'A' })).id,
    teamScenario: (await createScenario(t.app, alice, { key: 't', name: 'T', groupId: team })).id,
    bobScenario: (await createScenario(t.app, bob, { key: 'b', name: 'B' })).id,
  };
}
