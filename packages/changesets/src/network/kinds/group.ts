import type { NetworkGroupModification } from '@corridor/contract';
import type { EditKind } from '../../graph/registry.ts';

/** Steps that apply and undo as one (a split link); refused by its first step that cannot apply, leaving nothing behind. */
export const networkGroup: EditKind<NetworkGroupModification> = {
  type: 'network/group',
  composite: true,
  disabled: (graph, mod, kinds) => kinds.firstRefusal(graph, mod.modifications),
  apply: (draft, mod, kinds) => {
    for (const step of mod.modifications) kinds.applyTo(draft, step);
  },
};
