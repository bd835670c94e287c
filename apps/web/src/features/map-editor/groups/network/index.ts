/**
 * The network edit group (spec 2 §2): Shift+N while edit mode is on; Select V, Add Node N, Add Link L, Move Node M and
 * Lasso O (Select and Lasso only select, so they work in view mode); the selection of links and nodes, handled by
 * Select; `network/` modifications; the Network row of the change summary, always listed. Its icons, preview and
 * search are in view.tsx.
 */
import { LINK, NODE } from '@corridor/changesets';
import { addLinkHandler } from '../../canvas/handlers/addLink.ts';
import { addNodeHandler } from '../../canvas/handlers/addNode.ts';
import { lassoHandler } from '../../canvas/handlers/lasso.ts';
import { moveNodeHandler } from '../../canvas/handlers/moveNode.ts';
import { selectHandler } from '../../canvas/handlers/select.ts';
import { selectionType, type EditGroup, type GroupTool } from '../registry.ts';
import './types.ts';

const crosshair = () => 'crosshair';

export const NETWORK_SELECT: GroupTool = {
  id: 'select',
  label: 'toolbar.tools.select',
  keys: ['V'],
  changesData: false,
  handler: selectHandler,
  cursor: (hover) => (hover.nodeId || hover.linkId ? 'pointer' : ''),
};

export const NETWORK_GROUP: EditGroup = {
  id: 'network',
  category: 'network',
  label: 'toolbar.groups.network',
  keys: ['Shift+N'],
  available: (state) => state.editMode,
  tools: [
    NETWORK_SELECT,
    { id: 'addNode', label: 'toolbar.tools.addNode', keys: ['N'], changesData: true, handler: addNodeHandler, cursor: crosshair },
    {
      id: 'addLink',
      label: 'toolbar.tools.addLink',
      keys: ['L'],
      changesData: true,
      handler: addLinkHandler,
      cursor: crosshair,
      // Done finishes the link being drawn once it has a point.
      offersDone: (state) => (state.draft?.points.length ?? 0) >= 1,
    },
    { id: 'moveNode', label: 'toolbar.tools.moveNode', keys: ['M'], changesData: true, handler: moveNodeHandler, cursor: (hover) => (hover.nodeId ? 'move' : '') },
    {
      id: 'lasso',
      label: 'toolbar.tools.lasso',
      keys: ['O'],
      changesData: false,
      handler: lassoHandler,
      cursor: crosshair,
      // Reset starts the lasso being drawn over.
      offersReset: (state) => state.draft !== null,
    },
  ],
  selectTool: 'select',
  selections: [
    selectionType({
      type: 'network-links-and-nodes',
      tool: 'select',
      previewToFront: true,
      *entities(selection) {
        for (const id of selection.links) yield [LINK, id] as const;
        for (const id of selection.nodes) yield [NODE, id] as const;
      },
      flyTarget: (selection) => ({ linkId: selection.links[0], nodeId: selection.links.length === 0 ? selection.nodes[0] : undefined }),
    }),
  ],
  modificationPrefixes: ['network/'],
  summary: [{ id: 'network', kinds: [NODE, LINK], alwaysListed: true }],
};
