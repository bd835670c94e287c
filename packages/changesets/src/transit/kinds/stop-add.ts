import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';
import { refusal } from '../../refusal.ts';
import { TRANSIT_STOP } from '../entities.ts';

type AddStop = Extract<TransitModification, { type: 'transitStop/add' }>;

export const addStop: EditKind<AddStop> = {
  type: 'transitStop/add',
  disabled: (graph, mod) => (graph.has(TRANSIT_STOP, mod.stop.id) ? refusal('stopExists', { id: mod.stop.id }) : undefined),
  apply: (draft, mod) => draft.put(TRANSIT_STOP, { ...mod.stop }),
};
