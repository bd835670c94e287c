/**
 * The handler of each tool (spec 2 §2 "Map handlers"), shared by the map's pointer events and the toolbar: the one
 * its edit group registers (groups/), the plain select's for an unknown tool.
 */
import { EDITOR_GROUPS } from '../../groups/index.ts';
import type { Handler } from '../../state/handler.ts';
import type { ToolId } from '../../state/types.ts';

export function handlerFor(tool: ToolId): Handler {
  return EDITOR_GROUPS.handlerFor(tool);
}
