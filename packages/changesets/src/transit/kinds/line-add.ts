import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { TRANSIT_LINE } from '../entities.ts';
import { putLine } from './line-put.ts';

type AddLine = Extract<TransitModification, { type: 'transitLine/add' }>;

export const addLine: EditKind<AddLine> = {
  type: 'transitLine/add',
  disabled: (graph, mod) => (graph.has(TRANSIT_LINE, mod.line.id) ? refusal('lineExists', { id: mod.line.id }) : undefined),
  apply: (draft, mod) => putLine(draft, mod.line),
};
