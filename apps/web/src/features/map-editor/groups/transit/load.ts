/** The server's transit data (spec 2 §7) as the graph's base entities: stops, lines, and each route as its own entity. */
import { routeEntity, type LineEntity, type RouteEntity } from '@corridor/changesets';
import type { TransitData, TransitStop } from '@corridor/contract';

export function transitDataEntities(data: Pick<TransitData, 'stops' | 'transitLines'>): { stops: TransitStop[]; lines: LineEntity[]; routes: RouteEntity[] } {
  const lines: LineEntity[] = [];
  const routes: RouteEntity[] = [];
  for (const line of data.transitLines) {
    lines.push(line.name !== undefined ? { id: line.id, name: line.name } : { id: line.id });
    for (const route of Object.values(line.transitRoutes)) routes.push(routeEntity({ ...route, transitLineId: line.id }));
  }
  return { stops: data.stops, lines, routes };
}
