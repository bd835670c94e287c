/**
 * POST /datasets/editor/dvrp_vehicles/generate and /dvrp_stops/generate (issue 29, spec 2 §7): DRT vehicles and
 * stops on links of a mode inside a WGS84 area, checked against the network file read here (drt-mielec's network in
 * an Atlantis scenario, every fourth link made a bus-only link so the mode matters).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FAILED_TO_GENERATE_STOPS, FAILED_TO_GENERATE_VEHICLES, type AreaGeometry, type GenerateStopsAnswer, type GenerateVehiclesAnswer } from '@corridor/contract';
import { transformer, xy } from '@corridor/geo';
import { readNetwork, type Network } from '@corridor/matsim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser, attach, createScenario, networkJob, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let networkId: number;
let fleetId: number;
let network: Network;
const toWgs84 = transformer('Atlantis');

/** The local frame's rectangle x 0…4,000 m, y -5,000…-1,000 m as a WGS84 polygon (Mielec's centre, part of its links). */
const corner = (x: number, y: number) => [...toWgs84(xy(x, y))] as [number, number];
const AREA: AreaGeometry = { type: 'Polygon', coordinates: [[corner(0, -5000), corner(4000, -5000), corner(4000, -1000), corner(0, -1000), corner(0, -5000)]] };
const FAR_AWAY: AreaGeometry = { type: 'Polygon', coordinates: [[[10, 50], [10.1, 50], [10.1, 50.1], [10, 50]]] };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  // Every fourth link carries buses only: those must never get a car vehicle or stop.
  const xml = (await readFile(path.join(SHARED_DATA, 'drt-mielec/network.xml'), 'utf8')).replace(/<link id="(\d+)"/g, (link, id: string) =>
    Number(id) % 4 === 0 ? `${link} modes="bus"` : link,
  );
  network = await readNetwork(new TextEncoder().encode(xml));
  const scenario = await createScenario(t.app, alice, { key: 'drt-generate', attributes: { __crs: 'Atlantis' } });
  const [net, fleet] = await uploadOk(t.app, alice, [
    { name: 'network.xml', content: xml },
    { name: 'vehicles-10-cap-4.xml', content: await readFile(path.join(SHARED_DATA, 'drt-mielec/vehicles-10-cap-4.xml')) },
  ]);
  networkId = net!.id;
  fleetId = fleet!.id;
  await attach(t.app, alice, scenario.id, networkId);
  await attach(t.app, alice, scenario.id, fleetId);
  expect(await networkJob(t.app, alice, scenario.id)).toMatchObject({ status: 'FINISHED' });
}, 120_000);
afterAll(() => t?.close());

const generate = (what: 'vehicles' | 'stops', payload: object, session = alice) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/editor/dvrp_${what}/generate`, headers: { cookie: session.cookie }, payload });
const vehiclesBody = (fields: object = {}) => ({ networkFileId: networkId, area: AREA, vehicleCount: 25, seats: 3, mode: 'car', startTime: 0, endTime: 86400, ...fields });
const stopsBody = (fields: object = {}) => ({ networkFileId: networkId, area: AREA, count: 10, mode: 'car', ...fields });

/** Ray casting over the polygon's outer ring, written here independently of the server's. */
function insideArea([px, py]: [number, number]): boolean {
  const ring = (AREA as { coordinates: [number, number][][] }).coordinates[0]!;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
const nodeLngLat = (id: string) => {
  const node = network.nodes.get(id)!;
  return [...toWgs84(xy(node.x, node.y))] as [number, number];
};
/** A car link with both end nodes inside the area: what the server may choose. */
function carLinkInside(linkId: string): boolean {
  const link = network.links.get(linkId);
  return !!link && link.modes.includes('car') && insideArea(nodeLngLat(link.from)) && insideArea(nodeLngLat(link.to));
}
const carLinksInside = () => [...network.links.keys()].filter(carLinkInside);

describe('generated DRT vehicles', () => {
  it('exact count on car links inside the area, spread before doubling up, capacity and hours as asked, the same answer twice', async () => {
    const candidates = carLinksInside();
    expect(candidates.length).toBeGreaterThan(25);
    expect(candidates.length).toBeLessThan(network.links.size / 2);
    const response = await generate('vehicles', vehiclesBody());
    expect(response.statusCode, response.body).toBe(200);
    const { vehicles } = response.json<GenerateVehiclesAnswer>();
    expect(vehicles).toHaveLength(25);
    for (const vehicle of vehicles) {
      expect(vehicle).toMatchObject({ capacity: '3', t0: 0, t1: 86400 });
      expect(vehicle.id).toMatch(/^[0-9a-f]{8}$/);
      expect(carLinkInside(vehicle.startLinkId), vehicle.startLinkId).toBe(true);
    }
    expect(new Set(vehicles.map((v) => v.id)).size).toBe(25);
    // Fewer vehicles than links: no link has two.
    expect(new Set(vehicles.map((v) => v.startLinkId)).size).toBe(25);
    // Deterministic: the same request answers the same.
    expect((await generate('vehicles', vehiclesBody())).json()).toEqual({ vehicles });

    // More vehicles than links: every candidate link gets one before any gets three.
    const many = (await generate('vehicles', vehiclesBody({ vehicleCount: 2 * candidates.length + 1, seats: 1, startTime: 3600, endTime: 7200 }))).json<GenerateVehiclesAnswer>();
    expect(many.vehicles).toHaveLength(2 * candidates.length + 1);
    const perLink = new Map<string, number>();
    for (const v of many.vehicles) perLink.set(v.startLinkId, (perLink.get(v.startLinkId) ?? 0) + 1);
    expect([...perLink.keys()].sort()).toEqual([...candidates].sort());
    expect([...perLink.values()].sort()).toEqual([...Array<number>(candidates.length - 1).fill(2), 3].sort());
    expect(many.vehicles[0]).toMatchObject({ capacity: '1', t0: 3600, t1: 7200 });
    expect(new Set(many.vehicles.map((v) => v.id)).size).toBe(many.vehicles.length);

    // Another count or area places them anew; the editor's existing ids are never taken.
    const other = (await generate('vehicles', vehiclesBody({ vehicleCount: 24 }))).json<GenerateVehiclesAnswer>();
    expect(other.vehicles.map((v) => v.startLinkId)).not.toEqual(vehicles.slice(0, 24).map((v) => v.startLinkId));
    const avoiding = (await generate('vehicles', vehiclesBody({ existingIds: vehicles.map((v) => v.id) }))).json<GenerateVehiclesAnswer>();
    expect(avoiding.vehicles.filter((v) => vehicles.some((old) => old.id === v.id))).toEqual([]);
  });

  it('400 for bad bodies, a file that is no network, no link of the mode, an area without links; 404 for another group', async () => {
    for (const fields of [{ vehicleCount: 0 }, { seats: 0 }, { mode: '' }, { mode: '  ' }, { startTime: -1 }, { area: { type: 'Polygon', coordinates: [] } }]) {
      expect((await generate('vehicles', vehiclesBody(fields))).statusCode, JSON.stringify(fields)).toBe(400);
    }
    const reversed = await generate('vehicles', vehiclesBody({ startTime: 7200, endTime: 3600 }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(`${FAILED_TO_GENERATE_VEHICLES} the operating hours end (01:00:00) before they start (02:00:00).`);
    const notNetwork = await generate('vehicles', vehiclesBody({ networkFileId: fleetId }));
    expect(notNetwork.statusCode).toBe(400);
    expect(notNetwork.json().message).toBe(`${FAILED_TO_GENERATE_VEHICLES} "vehicles-10-cap-4.xml" is not a MATSim network.`);
    const noMode = await generate('vehicles', vehiclesBody({ mode: 'drt' }));
    expect(noMode.statusCode).toBe(400);
    expect(noMode.json().message).toBe(`${FAILED_TO_GENERATE_VEHICLES} no link of the network allows mode "drt".`);
    const empty = await generate('vehicles', vehiclesBody({ area: FAR_AWAY }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(new RegExp(`^${FAILED_TO_GENERATE_VEHICLES} no link allowing mode "car" lies inside the area`));
    expect((await generate('vehicles', vehiclesBody(), bob)).statusCode).toBe(404);
  });
});

describe('generated DRT stops', () => {
  it('exact count on distinct car links inside the area, at the to-node in both CRSs, the same answer twice', async () => {
    const response = await generate('stops', stopsBody());
    expect(response.statusCode, response.body).toBe(200);
    const stops = response.json<GenerateStopsAnswer>();
    expect(stops).toHaveLength(10);
    expect(new Set(stops.map((s) => s.linkId)).size).toBe(10);
    expect(new Set(stops.map((s) => s.id)).size).toBe(10);
    for (const stop of stops) {
      expect(stop.id).toMatch(/^[0-9a-f]{8}$/);
      expect(carLinkInside(stop.linkId), stop.linkId).toBe(true);
      const to = network.nodes.get(network.links.get(stop.linkId)!.to)!;
      expect(stop.coord.x).toBeCloseTo(to.x, 4);
      expect(stop.coord.y).toBeCloseTo(to.y, 4);
      expect(stop.coordinates[0]).toBeCloseTo(nodeLngLat(to.id)[0], 9);
      expect(stop.coordinates[1]).toBeCloseTo(nodeLngLat(to.id)[1], 9);
    }
    expect((await generate('stops', stopsBody())).json()).toEqual(stops);
    // Every candidate link once when all are asked for.
    const all = carLinksInside();
    const every = (await generate('stops', stopsBody({ count: all.length }))).json<GenerateStopsAnswer>();
    expect(every.map((s) => s.linkId).sort()).toEqual([...all].sort());
  });

  it('more stops than links names both numbers; no link of the mode, a non-network and another group as for vehicles', async () => {
    const links = carLinksInside().length;
    const tooMany = await generate('stops', stopsBody({ count: links + 1 }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`${FAILED_TO_GENERATE_STOPS} only ${links} links allow mode "car" inside the area, ${links + 1} stops were asked for (one stop per link).`);
    for (const fields of [{ count: 0 }, { mode: '' }]) expect((await generate('stops', stopsBody(fields))).statusCode).toBe(400);
    const bus = (await generate('stops', stopsBody({ mode: 'bus', count: 1 }))).json<GenerateStopsAnswer>();
    expect(network.links.get(bus[0]!.linkId)!.modes).toEqual(['bus']);
    expect((await generate('stops', stopsBody({ area: FAR_AWAY }))).json().message).toMatch(new RegExp(`^${FAILED_TO_GENERATE_STOPS} no link allowing mode "car"`));
    expect((await generate('stops', stopsBody({ networkFileId: fleetId }))).statusCode).toBe(400);
    expect((await generate('stops', stopsBody(), bob)).statusCode).toBe(404);
  });
});
