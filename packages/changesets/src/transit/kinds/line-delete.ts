import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { TRANSIT_LINE } from '../entities.ts';
import { removeRoute } from '../edit.ts';
import { routesOfLine } from '../read.ts';

type DeleteLine = Extract<TransitModification, { type: 'transitLine/delete' }>;

export const deleteLine: EditKind<DeleteLine> = {
  type: 'transitLine/delete',
  disabled: (graph, mod) => (graph.has(TRANSIT_LINE, mod.id) ? undefined : refusal('lineNotFound', { id: mod.id })),
  apply: (draft, mod) => {
    for (const route of routesOfLine(draft, mod.id)) removeRoute(draft, mod.id, route.id);
    draft.remove(TRANSIT_LINE, mod.id);
  },
};
