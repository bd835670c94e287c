import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { TRANSIT_LINE } from '../entities.ts';
import { removeRoute } from '../edit.ts';
import { routesOfLine } from '../read.ts';
import { putLine } from './line-put.ts';

type UpdateLine = Extract<TransitModification, { type: 'transitLine/update' }>;

/** Replaces the line with its routes (a new id renames it). */
export const updateLine: EditKind<UpdateLine> = {
  type: 'transitLine/update',
  disabled: (graph, mod) => {
    if (!graph.has(TRANSIT_LINE, mod.id)) return refusal('lineNotFound', { id: mod.id });
    return mod.line.id !== mod.id && graph.has(TRANSIT_LINE, mod.line.id) ? refusal('lineExists', { id: mod.line.id }) : undefined;
  },
  apply: (draft, mod) => {
    for (const route of routesOfLine(draft, mod.id)) removeRoute(draft, mod.id, route.id);
    if (mod.line.id !== mod.id) draft.remove(TRANSIT_LINE, mod.id);
    putLine(draft, mod.line);
  },
};
