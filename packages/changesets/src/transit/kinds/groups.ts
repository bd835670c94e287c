import type { TransitModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';

type Group = Extract<TransitModification, { type: 'transitStop/group' | 'transitLine/group' }>;

/** Steps that apply and undo as one; refused by the first step that cannot apply, leaving nothing behind. */
const group = (type: Group['type']): EditKind<Group> => ({
  type,
  composite: true,
  disabled: (graph, mod, kinds) => kinds.firstRefusal<{ type: string }>(graph, mod.modifications),
  apply: (draft, mod, kinds) => {
    for (const step of mod.modifications) kinds.applyTo(draft, step);
  },
});

export const stopGroup = group('transitStop/group');
export const lineGroup = group('transitLine/group');
