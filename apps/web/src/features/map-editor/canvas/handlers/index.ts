/** The handler of each tool (stub until the handlers land: nothing happens on the map). */
import type { Handler } from '../../state/handler.ts';
import type { ToolId } from '../../state/types.ts';

export function handlerFor(tool: ToolId): Handler {
  return { tool, category: 'network' };
}
