/** A small DRT scenario for the group's tests: a 3 × 3 grid with two vehicles, two stops and one service area. */
import type { DrtServiceArea, DrtStop, DrtVehicle } from '@corridor/contract';
import { ScenarioGraph } from '../graph/graph.ts';
import { LINK, NODE } from '../network/entities.ts';
import { scenarioBase } from '../scenario.ts';
import { gridNetwork } from '../testing.ts';
import { areaEntity, DRT_AREA, DRT_STOP, DRT_VEHICLE } from './entities.ts';

export const testVehicle = (id: string, startLinkId = 'l0-1', capacity = '4', t0 = 0, t1 = 86_400): DrtVehicle => ({ id, startLinkId, capacity, t0, t1 });
export const testDrtStop = (id: string, linkId?: string): DrtStop => ({ id, name: `Stop ${id}`, coordinates: [13, 52], ...(linkId ? { linkId } : {}), isBlocking: false });
/** A square of four vertices (five positions, closed) with a numeric feature id. */
export const testArea = (id: string | number = 1): DrtServiceArea => ({
  type: 'Feature',
  id,
  geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]] },
  properties: { name: 'centre' },
});

export function drtTestGraph(): ScenarioGraph {
  const base = scenarioBase();
  const { nodes, links } = gridNetwork(3);
  base.add(NODE, nodes);
  base.add(LINK, links);
  base.add(DRT_VEHICLE, [testVehicle('v1'), testVehicle('v2', 'l1-2', '8')]);
  base.add(DRT_STOP, [testDrtStop('s1', 'l0-1'), testDrtStop('s2')]);
  base.add(DRT_AREA, [areaEntity(testArea(1))]);
  return ScenarioGraph.of(base);
}
