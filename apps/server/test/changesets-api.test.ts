/**
 * Map editor changesets over HTTP (spec 2 §7, §8): create, save, list (with and without a trailing slash), the
 * spec's messages for unparsable JSON and unknown modification types, and access by group.
 */
import type { Modification } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, createScenario, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let scenarioId: number;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  scenarioId = (await createScenario(t.app, alice)).id;
});
afterAll(() => t?.close());

const url = (suffix = '') => `${API}/datasets/datasets/${scenarioId}/changesets${suffix}`;
const call = (session: Session | null, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object | string) =>
  t.app.inject({
    method,
    url: path,
    headers: { ...(session ? { cookie: session.cookie } : {}), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
    payload,
  });

const network: Modification[] = [
  { type: 'network/addNode', node: { id: 'n1', lng: 13.4, lat: 52.5 } },
  {
    type: 'network/group',
    modifications: [
      { type: 'network/updateLink', id: 'l7', changes: { capacity: 1200, attributes: { toll: { type: 'bool', value: true }, old: null } } },
      { type: 'network/deleteLink', id: 'l8' },
    ],
  },
];
// DRT modifications are written as files, never kept (drt-save.test.ts).
const transit: Modification[] = [
  { type: 'transitStop/add', stop: { id: 'abcd1234', name: 'Stop-abcd1234', coordinates: [13.4, 52.5], isBlocking: false } },
  { type: 'route/updateDepartures', lineId: 'L1', routeId: 'R1', departures: [{ id: 'd1', departureTime: 28_800, vehicleRefId: 'v1' }] },
];

async function created(modifications: Modification[], name = 'Bridge closed'): Promise<{ id: number }> {
  const response = await call(alice, 'POST', url('/'), { id: -1, name, modifications });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('changesets of the map editor', () => {
  it('creates with id -1, saves, and lists with and without a trailing slash; modifications come back equal', async () => {
    const { id } = await created(network);
    expect(id).toBeGreaterThan(0);

    const saved = await call(alice, 'PUT', url(`/${id}`), {
      id,
      name: 'Bridge closed, new stop',
      modifications: [...network, ...transit],
      saveOptions: { network: 'changeset', transit: 'changeset', drtVehicles: 'new_file' },
      newFileNames: { drtVehicles: 'drt_vehicles.xml' },
      baseFile: { vehicles: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // saveOptions, newFileNames and baseFile are stored as sent and answered back (spec 2 §3, §7).
    const stored = {
      id,
      name: 'Bridge closed, new stop',
      fkDataset: scenarioId,
      modifications: [...network, ...transit],
      saveOptions: { network: 'changeset', transit: 'changeset', drtVehicles: 'new_file' },
      newFileNames: { drtVehicles: 'drt_vehicles.xml' },
      baseFile: { vehicles: null },
    };
    expect(saved.json()).toEqual(stored);

    for (const suffix of ['', '/']) {
      const list = await call(alice, 'GET', url(suffix));
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual(stored);
    }
    // A rename keeps them; a later save without them clears them (they say how the LAST save was written).
    expect((await call(alice, 'PUT', url(`/${id}`), { name: 'Renamed' })).json()).toEqual({ ...stored, name: 'Renamed' });
    const plain = await call(alice, 'PUT', url(`/${id}`), { id, name: 'Plain', modifications: network });
    expect(plain.json()).toEqual({ id, name: 'Plain', fkDataset: scenarioId, modifications: network });
  });

  it('refuses to save network or transit changes as a file (spec 2 §4), naming the group, and keeps the changeset', async () => {
    const { id } = await created(network);
    for (const [group, option] of [['network', 'new_file'], ['transit', 'overwrite']] as const) {
      const refused = await call(alice, 'PUT', url(`/${id}`), { id, name: 'x', modifications: [], saveOptions: { [group]: option } });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(`The ${group} changes can only be saved into the changeset, not as a file.`);
    }
    const list = (await call(alice, 'GET', url())).json() as { id: number; name: string; modifications: unknown[] }[];
    expect(list.find((entry) => entry.id === id)).toMatchObject({ name: 'Bridge closed', modifications: network });
  });

  it('a save without modifications only renames (the scenario page), and keeps the modifications', async () => {
    const { id } = await created(network);
    const renamed = await call(alice, 'PUT', url(`/${id}`), { name: 'Renamed' });
    expect(renamed.json()).toEqual({ id, name: 'Renamed', fkDataset: scenarioId, modifications: network });
  });

  it('takes a save of several megabytes (a generated fleet, many edits) and answers 413 past 16 MiB', async () => {
    const many: Modification[] = Array.from({ length: 40_000 }, (_, i) => ({ type: 'network/addNode', node: { id: `node-${i}-with-a-longer-id`, lng: 13.4, lat: 52.5 } }));
    const big = await call(alice, 'POST', url('/'), { id: -1, name: 'Big', modifications: many });
    expect(big.statusCode, big.body.slice(0, 200)).toBe(200);
    expect((big.json() as { modifications: unknown[] }).modifications).toHaveLength(40_000);
    const huge = await call(alice, 'POST', url('/'), JSON.stringify({ id: -1, name: 'x'.repeat(17 * 1024 * 1024), modifications: [] }));
    expect(huge.statusCode).toBe(413);
  });

  it('a body without a name is "Untitled"; one without modifications is empty', async () => {
    const answer = (await call(alice, 'POST', url('/'), { id: -1 })).json();
    expect(answer).toMatchObject({ name: 'Untitled', modifications: [] });
  });

  it('answers "Invalid JSON format for changeset" for unparsable bodies on create and save', async () => {
    const { id } = await created(network);
    for (const [method, path] of [['POST', url('/')], ['PUT', url(`/${id}`)]] as const) {
      const response = await call(alice, method, path, '{"name": "x", "modifications": [');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid JSON format for changeset');
    }
    // Other routes keep Fastify's own message.
    const other = await call(alice, 'PUT', `${API}/datasets/datasets/${scenarioId}/name`, '{');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).not.toBe('Invalid JSON format for changeset');
  });

  it('answers "Unknown Modification Type" for a type it does not know, and stores nothing', async () => {
    const { id } = await created(network);
    const unknown = [{ type: 'network/teleport', id: 'n1' }];
    for (const [method, path] of [['POST', url('/')], ['PUT', url(`/${id}`)]] as const) {
      const response = await call(alice, method, path, { id: -1, name: 'x', modifications: unknown });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Unknown Modification Type');
    }
    const list: { id: number; modifications: unknown[] }[] = (await call(alice, 'GET', url())).json();
    expect(list.find((c) => c.id === id)?.modifications).toEqual(network);
    // A known type with a wrong payload is an ordinary validation error at its path.
    const wrong = await call(alice, 'POST', url('/'), { name: 'x', modifications: [{ type: 'network/deleteLink' }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/body\/modifications\/0\/id/);
  });

  it("another group's user gets 404 on read and write; anonymous gets 401", async () => {
    const { id } = await created(network);
    const attempts = [
      ['GET', url(), undefined],
      ['GET', url('/'), undefined],
      ['POST', url('/'), { id: -1, name: 'x', modifications: [] }],
      ['PUT', url(`/${id}`), { name: 'x', modifications: [] }],
    ] as const;
    for (const [method, path, payload] of attempts) {
      expect((await call(bob, method, path, payload)).statusCode, `${method} ${path}`).toBe(404);
      expect((await call(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
    }
    const list: { id: number; name: string; modifications: unknown[] }[] = (await call(alice, 'GET', url())).json();
    expect(list.find((c) => c.id === id)).toMatchObject({ name: 'Bridge closed', modifications: network });
    expect(list.some((c) => c.name === 'x')).toBe(false);
  });
});
