/** The network group's entities in the scenario graph: nodes (WGS84 lng/lat) and links that refer to their nodes. */
import type { Modification, NetworkLink, NetworkModification, NetworkNode } from '@corridor/contract';
import type { IndexDefinition } from '../graph/entity.ts';

export const NODE = 'node';
export const LINK = 'link';

/** node id → the links that start or end there (a self-loop once). */
export const LINKS_OF_NODE: IndexDefinition = {
  name: 'linksOfNode',
  kind: LINK,
  keyKind: NODE,
  keys: (entity) => {
    const { fromId, toId } = entity as NetworkLink;
    return fromId === toId ? [fromId] : [fromId, toId];
  },
};

export type { NetworkLink, NetworkNode };

/** Whether a modification belongs to the network group (its type starts with `network/`). */
export const isNetworkModification = (mod: Modification): mod is NetworkModification => mod.type.startsWith('network/');
