/**
 * A MATSim transit schedule through the editor's scenario graph (issue 28): unchanged, it writes as it was read;
 * edited by transit modifications, it writes a valid schedule that reads back with the edits.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EDIT_KINDS, LINK, networkGraph, NODE, replay, ScenarioGraph, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP } from '@corridor/changesets';
import type { Modification } from '@corridor/contract';
import { lngLat, xy, type XY } from '@corridor/geo';
import { readNetwork, readTransitSchedule, writeTransitSchedule, type TransitSchedule } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { toModelLink } from '../src/modules/jobs/apply-changesets.ts';
import { scheduleOf, transitEntities } from '../src/shared/transit-graph.ts';
import { SHARED_DATA } from './workspace-helpers.ts';

// pt-tutorial has no CRS: x/y stand for lng/lat unchanged both ways.
const toWgs84 = (point: XY) => lngLat(point[0], point[1]);
const fromWgs84 = (point: readonly [number, number]) => xy(point[0], point[1]);

async function tutorial(): Promise<{ schedule: TransitSchedule; graph: ScenarioGraph }> {
  const dir = path.join(SHARED_DATA, 'pt-tutorial');
  const schedule = await readTransitSchedule(await readFile(path.join(dir, 'transitschedule.xml')));
  const network = await readNetwork(await readFile(path.join(dir, 'multimodalnetwork.xml')));
  const graph = networkGraph(
    [...network.nodes.values()].map((node) => ({ id: node.id, lng: node.x, lat: node.y })),
    [...network.links.values()].map(toModelLink),
  );
  const { stops, lines, routes } = transitEntities(schedule, toWgs84);
  graph.base.add(TRANSIT_STOP, stops);
  graph.base.add(TRANSIT_LINE, lines);
  graph.base.add(TRANSIT_ROUTE, routes);
  return { schedule, graph };
}

const text = async (schedule: TransitSchedule) => {
  let out = '';
  for await (const chunk of writeTransitSchedule(schedule)) out += chunk;
  return out;
};

describe('a transit schedule through the scenario graph', () => {
  it('unchanged, writes exactly as the file read', async () => {
    const { schedule, graph } = await tutorial();
    expect(await text(scheduleOf(schedule, graph, fromWgs84))).toBe(await text(schedule));
  });

  it('edited, writes a schedule that reads back with the edits and keeps what the editor does not model', async () => {
    const { schedule, graph } = await tutorial();
    const mods: Modification[] = [
      { type: 'transitStop/delete', id: '2a' },
      { type: 'transitStop/add', stop: { id: 'new1', name: 'Stop-new1', coordinates: [2500, 3000], isBlocking: false, linkId: '23' } },
      { type: 'route/addStop', lineId: 'Blue Line', routeId: '1to3', stopId: 'new1', afterIndex: 0 },
      { type: 'route/updateDepartures', lineId: 'Blue Line', routeId: '3to1', departures: [{ id: '99', departureTime: 30_000, vehicleRefId: 'tr_1' }] },
      { type: 'network/deleteLink', id: '33' },
    ];
    const edited = replay(graph, mods, EDIT_KINDS);
    const written = await text(scheduleOf(schedule, edited, fromWgs84));
    const back = await readTransitSchedule(Buffer.from(written));
    expect([...back.stops.keys()]).toEqual(['1', '2b', '3', 'new1']);
    expect(back.stops.get('new1')).toEqual({ id: 'new1', x: 2500, y: 3000, linkRefId: '23', name: 'Stop-new1' });
    expect(back.stops.get('1')).toEqual(schedule.stops.get('1'));
    const line = back.lines.get('Blue Line')!;
    expect([...line.routes.keys()]).toEqual(['1to3', '3to1']);
    const there = line.routes.get('1to3')!;
    expect(there.stops.map((stop) => [stop.refId, stop.arrivalOffset, stop.departureOffset])).toEqual([
      ['1', undefined, 0],
      ['new1', 270, 270],
      ['3', 540, undefined],
    ]);
    expect(there.links).toEqual(schedule.lines.get('Blue Line')!.routes.get('1to3')!.links.filter((id) => id !== '33'));
    expect(there.departures).toEqual(schedule.lines.get('Blue Line')!.routes.get('1to3')!.departures);
    expect(line.routes.get('3to1')!.departures).toEqual([{ id: '99', departureTime: 30_000, vehicleRefId: 'tr_1' }]);
    expect(edited.has(LINK, '33')).toBe(false);
    expect(edited.has(NODE, '3')).toBe(true);
  });
});
