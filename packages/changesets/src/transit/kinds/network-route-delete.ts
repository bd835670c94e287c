import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { findRoute, positionRefusal, putRoute } from '../edit.ts';
import { routeOf } from '../read.ts';

type DeleteNetworkRouteLink = Extract<TransitModification, { type: 'networkRoute/deleteLink' }>;

export const deleteNetworkRouteLink: EditKind<DeleteNetworkRouteLink> = {
  type: 'networkRoute/deleteLink',
  disabled: (graph, mod) => {
    const found = findRoute(graph, mod.lineId, mod.routeId);
    return 'refusal' in found ? found.refusal : positionRefusal(mod.lineId, mod.routeId, mod.index, found.route.links.length);
  },
  apply: (draft, mod) => {
    const route = routeOf(draft, mod.lineId, mod.routeId)!;
    putRoute(draft, { ...route, links: route.links.filter((_, index) => index !== mod.index) });
  },
};
