import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { LINK } from '../../network/entities.ts';
import { refusal } from '../../refusal.ts';
import { findRoute, positionRefusal, putRoute } from '../edit.ts';
import { routeOf } from '../read.ts';

type AddNetworkRouteLink = Extract<TransitModification, { type: 'networkRoute/addLink' }>;

/** Inserts a link into the route's network route at `index` (0 … its length). */
export const addNetworkRouteLink: EditKind<AddNetworkRouteLink> = {
  type: 'networkRoute/addLink',
  disabled: (graph, mod) => {
    const found = findRoute(graph, mod.lineId, mod.routeId);
    if ('refusal' in found) return found.refusal;
    if (!graph.has(LINK, mod.linkId)) return refusal('linkNotFound', { id: mod.linkId });
    return positionRefusal(mod.lineId, mod.routeId, mod.index, found.route.links.length + 1);
  },
  apply: (draft, mod) => {
    const route = routeOf(draft, mod.lineId, mod.routeId)!;
    const links = [...route.links];
    links.splice(mod.index, 0, mod.linkId);
    putRoute(draft, { ...route, links });
  },
};
