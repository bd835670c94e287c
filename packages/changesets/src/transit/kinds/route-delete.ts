import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { routeRefusal, removeRouteAndEmptyLine } from '../edit.ts';

type DeleteRoute = Extract<TransitModification, { type: 'route/delete' }>;

/** Deleting a route; deleting the last route of a line deletes the line (spec 2 §4). */
export const deleteRoute: EditKind<DeleteRoute> = {
  type: 'route/delete',
  disabled: (graph, mod) => routeRefusal(graph, mod.lineId, mod.routeId),
  apply: (draft, mod) => removeRouteAndEmptyLine(draft, mod.lineId, mod.routeId),
};
