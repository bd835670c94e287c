/** The public transport group's edit kinds (spec 2 §3), one file each. */
import type { EditKind } from '../../graph/registry.ts';
import { lineGroup, stopGroup } from './groups.ts';
import { addLine } from './line-add.ts';
import { deleteLine } from './line-delete.ts';
import { updateLine } from './line-update.ts';
import { addNetworkRouteLink } from './network-route-add.ts';
import { deleteNetworkRouteLink } from './network-route-delete.ts';
import { addRoute } from './route-add.ts';
import { deleteRoute } from './route-delete.ts';
import { updateDepartures } from './route-departures.ts';
import { addRouteStop } from './route-stop-add.ts';
import { deleteRouteStop } from './route-stop-delete.ts';
import { updateRouteStop } from './route-stop-update.ts';
import { updateRoute } from './route-update.ts';
import { addStop } from './stop-add.ts';
import { deleteStop } from './stop-delete.ts';
import { updateStop } from './stop-update.ts';

export const TRANSIT_KINDS: readonly EditKind[] = [
  addStop, updateStop, deleteStop, stopGroup,
  addLine, updateLine, deleteLine, lineGroup,
  addRoute, updateRoute, deleteRoute, updateDepartures, addRouteStop, updateRouteStop, deleteRouteStop,
  addNetworkRouteLink, deleteNetworkRouteLink,
];
