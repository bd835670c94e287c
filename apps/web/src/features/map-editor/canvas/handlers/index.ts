/** The handler of each tool (spec 2 §2 "Map handlers"), shared by the map's pointer events and the toolbar. */
import type { Handler } from '../../state/handler.ts';
import type { ToolId } from '../../state/types.ts';
import { addLinkHandler } from './addLink.ts';
import { addNodeHandler } from './addNode.ts';
import { lassoHandler } from './lasso.ts';
import { moveNodeHandler } from './moveNode.ts';
import { selectHandler } from './select.ts';

const HANDLERS: Readonly<Record<ToolId, Handler>> = {
  select: selectHandler,
  addNode: addNodeHandler,
  addLink: addLinkHandler,
  moveNode: moveNodeHandler,
  lasso: lassoHandler,
};

export function handlerFor(tool: ToolId): Handler {
  return HANDLERS[tool];
}
