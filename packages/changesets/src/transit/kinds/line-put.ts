import type { TransitLine } from '@corridor/contract';
import type { GraphDraft } from '../../graph/graph.ts';
import { TRANSIT_LINE } from '../entities.ts';
import { putRoute } from '../edit.ts';

/** The line's own fields and each of its routes (which belong to it, whatever line id they carried). */
export function putLine(draft: GraphDraft, line: TransitLine): void {
  const { transitRoutes, ...fields } = line;
  draft.put(TRANSIT_LINE, fields);
  for (const [id, route] of Object.entries(transitRoutes)) putRoute(draft, { ...route, id, transitLineId: line.id });
}
