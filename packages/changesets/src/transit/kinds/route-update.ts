import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { findRoute, putRoute, removeRoute } from '../edit.ts';
import { routeOf } from '../read.ts';

type UpdateRoute = Extract<TransitModification, { type: 'route/update' }>;

/** Replaces the route within its line (a new id renames it; the id stays unique within the line). */
export const updateRoute: EditKind<UpdateRoute> = {
  type: 'route/update',
  disabled: (graph, mod) => {
    const found = findRoute(graph, mod.lineId, mod.routeId);
    if ('refusal' in found) return found.refusal;
    return mod.route.id !== mod.routeId && routeOf(graph, mod.lineId, mod.route.id) ? refusal('routeExists', { lineId: mod.lineId, id: mod.route.id }) : undefined;
  },
  apply: (draft, mod) => {
    if (mod.route.id !== mod.routeId) removeRoute(draft, mod.lineId, mod.routeId);
    putRoute(draft, { ...mod.route, transitLineId: mod.lineId });
  },
};
