import type { NetworkLeafModification } from '@corridor/contract';
import { addedFlags, type Stage } from '../flags.ts';
import type { NetworkData } from './model.ts';

type AddNode = Extract<NetworkLeafModification, { type: 'network/addNode' }>;

export function disabled(data: NetworkData, mod: AddNode): string | undefined {
  return data.nodes.has(mod.node.id) ? `Node ${mod.node.id} exists` : undefined;
}

export function apply(data: NetworkData, mod: AddNode, stage: Stage): NetworkData {
  const deletedNodes = new Map(data.deletedNodes);
  deletedNodes.delete(mod.node.id);
  const nodes = new Map(data.nodes).set(mod.node.id, { ...mod.node, flags: addedFlags(stage) });
  return { ...data, nodes, deletedNodes };
}
