/** The network group's edit kinds (spec 2 §3), one file each. */
import type { EditKind } from '../../graph/registry.ts';
import { addLink } from './add-link.ts';
import { addNode } from './add-node.ts';
import { deleteLink } from './delete-link.ts';
import { deleteNode } from './delete-node.ts';
import { networkGroup } from './group.ts';
import { updateLink } from './update-link.ts';
import { updateNode } from './update-node.ts';

export const NETWORK_KINDS: readonly EditKind[] = [addNode, updateNode, deleteNode, addLink, updateLink, deleteLink, networkGroup];
