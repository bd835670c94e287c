/** A small scenario for the line tab's unit tests: a row of links with opposites, stops, one line of two routes. */
import { LINK, NODE, routeEntity, scenarioBase, ScenarioGraph, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP } from '@corridor/changesets';
import type { NetworkLink, RouteStop, TransitRoute, TransitStop } from '@corridor/contract';

const link = (id: string, fromId: string, toId: string): NetworkLink => ({ id, fromId, toId, length: 100, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car', 'bus'] });

export const stop = (id: string, name: string, linkId?: string): TransitStop => ({ id, name, coordinates: [13, 52], isBlocking: false, ...(linkId ? { linkId } : {}) });
export const routeStop = (id: string, offset: number, linkId?: string): RouteStop => ({ id, arrivalOffset: offset, departureOffset: offset + 30, awaitDeparture: false, ...(linkId ? { linkId } : {}) });

/**
 * Nodes n0 … n6 in a row; links a01 … a56 forward and b10 … b65 back; a self-loop `loop3` at n3. Stops s1 (on a01),
 * s2 (on a23), s3 (on loop3), s4 (on a56). Line L1 has route R1 (s1 → s4 along a01 … a56) and R2 (s2 only).
 */
export function testScenario(routes?: readonly TransitRoute[]): ScenarioGraph {
  const base = scenarioBase();
  base.add(NODE, Array.from({ length: 7 }, (_, i) => ({ id: `n${i}`, lng: 13 + i * 0.001, lat: 52 })));
  const links: NetworkLink[] = [link('loop3', 'n3', 'n3')];
  for (let i = 0; i < 6; i++) links.push(link(`a${i}${i + 1}`, `n${i}`, `n${i + 1}`), link(`b${i + 1}${i}`, `n${i + 1}`, `n${i}`));
  base.add(LINK, links);
  base.add(TRANSIT_STOP, [stop('s1', 'Main Station', 'a01'), stop('s2', 'Market', 'a23'), stop('s3', 'Loop Stop', 'loop3'), stop('s4', 'A very long stop name that goes on and on', 'a56')]);
  base.add(TRANSIT_LINE, [{ id: 'L1', name: 'Blue' }]);
  base.add(
    TRANSIT_ROUTE,
    (
      routes ?? [
        {
          id: 'R1',
          name: 'Eastbound',
          mode: 'bus',
          transitLineId: 'L1',
          stops: [routeStop('s1', 0, 'a01'), routeStop('s2', 120, 'a23'), routeStop('s4', 400, 'a56')],
          links: ['a01', 'a12', 'a23', 'a34', 'a45', 'a56'],
          departures: [
            { id: 'd1', departureTime: 21_600, vehicleRefId: 'v1' },
            { id: 'd2', departureTime: 36_000, vehicleRefId: 'v2' },
            { id: 'd3', departureTime: 25_200, vehicleRefId: 'v1' },
          ],
        },
        { id: 'R2', mode: 'tram', transitLineId: 'L1', stops: [routeStop('s2', 0, 'a23')], links: ['a23'], departures: [] },
      ]
    ).map(routeEntity),
  );
  return ScenarioGraph.of(base);
}
