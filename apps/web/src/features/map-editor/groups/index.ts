/**
 * The editor's edit groups, in the group selector's and the change summary's order (spec 2 §2, §3). Public transport
 * (issue 28: `groups/transit/`, Shift+T) and DRT (issue 29: `groups/drt/`, Shift+D) are added to this list, after the
 * network, each with its own tool ids and selection types (augmenting state/types.ts from its folder); their views
 * (icons, previews, search) go into views.ts.
 */
import { NETWORK_GROUP, NETWORK_SELECT } from './network/index.ts';
import { DRT_GROUP } from './drt/index.ts';
import { GroupRegistry } from './registry.ts';
import { TRANSIT_GROUP } from './transit/index.ts';

export const EDITOR_GROUPS = new GroupRegistry([NETWORK_GROUP, TRANSIT_GROUP, DRT_GROUP], {
  // View mode keeps the network's Select until transit and DRT bring a plain select (decisions: editor registries).
  plainSelect: NETWORK_SELECT,
});
