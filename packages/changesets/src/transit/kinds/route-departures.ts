import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { routeRefusal, putRoute } from '../edit.ts';
import { routeOf } from '../read.ts';

type UpdateDepartures = Extract<TransitModification, { type: 'route/updateDepartures' }>;

/** The route's departures replaced (the departures table, duplicates, CSV import). */
export const updateDepartures: EditKind<UpdateDepartures> = {
  type: 'route/updateDepartures',
  disabled: (graph, mod) => routeRefusal(graph, mod.lineId, mod.routeId),
  apply: (draft, mod) => putRoute(draft, { ...routeOf(draft, mod.lineId, mod.routeId)!, departures: mod.departures.map((departure) => ({ ...departure })) }),
};
