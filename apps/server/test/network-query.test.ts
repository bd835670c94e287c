/**
 * The map editor's network query (spec 2 §3, §7) on berlin-medium (EPSG:31468, given as the scenario's __crs): the
 * answers are checked against the network read with @corridor/matsim and filtered here, independently of the
 * binary form and its index.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readNetwork, type Network } from '@corridor/matsim';
import { transformer, xy } from '@corridor/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPauses } from '../src/modules/network-query/service.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const BERLIN = path.join(SHARED_DATA, 'berlin-medium/network.xml.gz');
const LIMIT = 20_000;

let t: TestApp;
let alice: Session;
let bob: Session;
let fileId: number;
let network: Network;
const lngLat = new Map<string, readonly [number, number]>();

beforeAll(async () => {
  t = await createTestApp({ maxNetworkQueryLinks: LIMIT });
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  const content = await readFile(BERLIN);
  const scenario = await createScenario(t.app, alice, { attributes: { __crs: 'EPSG:31468' } });
  const [file] = await uploadOk(t.app, alice, [{ name: 'network.xml.gz', content }]);
  fileId = file!.id;
  await attach(t.app, alice, scenario.id, fileId);
  expect(await networkJob(t.app, alice, scenario.id)).toMatchObject({ status: 'FINISHED' });
  network = await readNetwork(new Uint8Array(content));
  const toWgs84 = transformer('EPSG:31468');
  for (const node of network.nodes.values()) lngLat.set(node.id, toWgs84(xy(node.x, node.y)));
}, 120_000);
afterAll(() => t?.close());

interface Answer {
  features: { geometry: { type: string }; properties: { kind: string; id?: string; links?: { id: string; capacity: number; fromId: string }[] } }[];
  link_attributes: { name: string; type: string }[];
  query_exceeds_limit: boolean;
}

const query = (session: Session, filters: object, id = fileId) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/network/${id}/query`, headers: { cookie: session.cookie }, payload: { type: 'Data', filters } });

async function answer(filters: object): Promise<Answer> {
  const response = await query(alice, filters);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const linkIds = (a: Answer) => a.features.flatMap((f) => f.properties.links?.map((l) => l.id) ?? []).sort();
const nodeIds = (a: Answer) => a.features.flatMap((f) => (f.properties.kind === 'node' ? [f.properties.id!] : [])).sort();
const sorted = (ids: Iterable<string>) => [...ids].sort();

/** Links whose box (from/to in WGS 84) overlaps the bbox: the index's own rule, computed here from the XML. */
function linksInBox([minLon, minLat, maxLon, maxLat]: number[]): string[] {
  return [...network.links.values()]
    .filter((link) => {
      const [a, b] = [lngLat.get(link.from)!, lngLat.get(link.to)!];
      return Math.max(a[0], b[0]) >= minLon! && Math.min(a[0], b[0]) <= maxLon! && Math.max(a[1], b[1]) >= minLat! && Math.min(a[1], b[1]) <= maxLat!;
    })
    .map((link) => link.id);
}

describe('network post-processing for the map', () => {
  it('writes the binary form and network-info/info.json with the centre of Berlin', async () => {
    const derived = (await t.app.inject({ url: `${API}/datasets/files/${fileId}/d`, headers: { cookie: alice.cookie } })).json();
    expect(derived.map((d: { filename: string }) => d.filename)).toEqual(expect.arrayContaining(['network.bin', 'network-info/info.json']));
    const info = await t.app.inject({ url: `${API}/datasets/files/${fileId}/d/network-info/info.json`, headers: { cookie: alice.cookie } });
    expect(info.statusCode).toBe(200);
    const { centerLat, centerLon, zoom } = info.json();
    expect(centerLon).toBeGreaterThan(12.8);
    expect(centerLon).toBeLessThan(14.2);
    expect(centerLat).toBeGreaterThan(52.0);
    expect(centerLat).toBeLessThan(53.0);
    expect(zoom).toBeGreaterThanOrEqual(7);
    expect(zoom).toBeLessThanOrEqual(11);
  });
});

describe('POST /datasets/network/{fileId}/query', () => {
  it('answers the links in a bbox, grouped by node pair, with their nodes and the link attributes', async () => {
    const bbox = [13.37, 52.5, 13.42, 52.53];
    const a = await answer({ bbox });
    const expected = linksInBox(bbox);
    expect(expected.length).toBeGreaterThan(100);
    expect(linkIds(a)).toEqual(sorted(expected));
    const ends = new Set(expected.flatMap((id) => [network.links.get(id)!.from, network.links.get(id)!.to]));
    expect(nodeIds(a)).toEqual(sorted(ends));
    const pairs = new Set(expected.map((id) => [network.links.get(id)!.from, network.links.get(id)!.to].sort().join('|')));
    expect(a.features.filter((f) => f.geometry.type === 'LineString')).toHaveLength(pairs.size);
    expect(a.query_exceeds_limit).toBe(false);
    expect(a.link_attributes).toEqual(
      expect.arrayContaining([
        { name: 'length', type: 'decimal' },
        { name: 'capacity', type: expect.stringMatching(/numeric|decimal/) },
        { name: 'modes', type: 'categorical' },
        { name: 'origid', type: expect.any(String) },
      ]),
    );
  });

  it('filters by attribute conditions (<, <=, >=, >, in)', async () => {
    const all = [...network.links.values()];
    const cases: [object[], (l: (typeof all)[number]) => boolean][] = [
      [[{ attribute: 'capacity', operator: '>=', value: 22400 }], (l) => l.capacity >= 22400],
      [[{ attribute: 'capacity', operator: '>', value: 22400 }, { attribute: 'freespeed', operator: '<', value: 20 }], (l) => l.capacity > 22400 && l.freespeed < 20],
      [[{ attribute: 'lanes', operator: 'in', values: [3, 4] }], (l) => l.permlanes === 3 || l.permlanes === 4],
      [[{ attribute: 'length', operator: '<=', value: 50 }, { attribute: 'modes', operator: 'in', values: ['car'] }], (l) => l.length <= 50 && l.modes.includes('car')],
    ];
    for (const [conditions, keep] of cases) {
      const expected = all.filter(keep).map((l) => l.id);
      expect(expected.length, JSON.stringify(conditions)).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(LIMIT);
      expect(linkIds(await answer({ conditions })), JSON.stringify(conditions)).toEqual(sorted(expected));
    }
    expect((await query(alice, { conditions: [{ attribute: 'nope', operator: '>', value: 1 }] })).statusCode).toBe(400);
    const categoricalCompare = await query(alice, { conditions: [{ attribute: 'modes', operator: '>', value: 1 }] });
    expect(categoricalCompare.statusCode).toBe(400);
    expect(categoricalCompare.json().message).toContain('categorical');
  });

  it('selects by ids, with the one-hop neighbourhood and the links of nodes', async () => {
    const [first, second] = [...network.links.values()];
    const byLinks = await answer({ ids: { links: [first!.id, second!.id] } });
    expect(linkIds(byLinks)).toEqual(sorted([first!.id, second!.id]));

    const touching = (nodes: Set<string>) => [...network.links.values()].filter((l) => nodes.has(l.from) || nodes.has(l.to)).map((l) => l.id);
    const hop = await answer({ ids: { links: [first!.id], one_hop_neighborhood: true } });
    const expectedHop = touching(new Set([first!.from, first!.to]));
    expect(expectedHop.length).toBeGreaterThan(1);
    expect(linkIds(hop)).toEqual(sorted(expectedHop));

    const node = first!.from;
    expect(linkIds(await answer({ ids: { nodes: [node] } }))).toEqual([]);
    expect(nodeIds(await answer({ ids: { nodes: [node] } }))).toEqual([node]);
    expect(linkIds(await answer({ ids: { nodes: [node], include_links_for_nodes: true } }))).toEqual(sorted(touching(new Set([node]))));
  });

  it('says query_exceeds_limit and answers the limit when more links match', async () => {
    const a = await answer({});
    expect(network.links.size).toBeGreaterThan(LIMIT);
    expect(a.query_exceeds_limit).toBe(true);
    expect(linkIds(a)).toHaveLength(LIMIT);
  });

  it("is 404 for another group's user and 400 for a file that is not a network", async () => {
    expect((await query(bob, {})).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/datasets/files/${fileId}/d/network-info/info.json`, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    const [config] = await uploadOk(t.app, alice, [{ name: 'config.xml', content: await readFile(path.join(SHARED_DATA, 'berlin-medium/config.xml')) }]);
    const notNetwork = await query(alice, {}, config!.id);
    expect(notNetwork.statusCode).toBe(400);
    expect(notNetwork.json().message).toBe('Only network files can be queried: this file is not a MATSim network.');
  });
});

describe('a query in progress (the network already loaded)', () => {
  /** The pauses one whole-network query makes (the limit's links looked at, answered and written as JSON). */
  async function pausesOfWholeQuery(): Promise<number> {
    const before = queryPauses.count;
    await answer({});
    return queryPauses.count - before;
  }

  it('gives the event loop turns while it works: a timer set at its first pause fires before it is done', async () => {
    const total = await pausesOfWholeQuery();
    expect(total).toBeGreaterThanOrEqual(6);
    const start = queryPauses.count;
    let timerAt: number | null = null;
    queryPauses.onPause = () => {
      queryPauses.onPause = undefined;
      setTimeout(() => (timerAt = queryPauses.count - start), 0);
    };
    await answer({});
    expect(timerAt).not.toBeNull();
    expect(timerAt!).toBeLessThan(total);
  });

  it('stops at the next pause when its client goes away (real HTTP server): no more work, no answer', async () => {
    const total = await pausesOfWholeQuery();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = new Promise<http.ServerResponse>((resolve) => t.app.server.once('request', (_req, res: http.ServerResponse) => resolve(res)));
    const body = JSON.stringify({ type: 'Data', filters: {} });
    const client = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `${API}/datasets/network/${fileId}/query`,
      headers: { cookie: alice.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<boolean>((resolve) => {
      client.on('response', () => resolve(true));
      client.on('error', () => resolve(false));
    });
    const start = queryPauses.count;
    // The network is loaded (the queries above): the client leaves while the answer is being computed.
    queryPauses.onPause = () => {
      queryPauses.onPause = undefined;
      client.destroy();
    };
    client.end(body);
    const res = await response;
    expect(await answered).toBe(false);
    await new Promise((resolve) => res.once('close', resolve));
    // Time for a query that went on to finish: it would have paused `total` times.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const done = queryPauses.count - start;
    expect(done).toBeGreaterThanOrEqual(1);
    expect(done).toBeLessThanOrEqual(3);
    expect(done).toBeLessThan(total);
    expect(res.statusCode).toBe(499);
  });
});
