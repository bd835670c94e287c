/**
 * The public transport edit group (spec 2 §2): Shift+T while edit mode and the Public Transport layer are on;
 * Select V, Add Stop S, Move Stop M and Edit (no key). Its selections are stop groups, a route being edited and a
 * route's network route being edited; its modifications are those of stops, lines, routes and network routes, and
 * they count in the change summary's Transit row.
 */
import { routeOf, stopOf, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP, type GraphReader } from '@corridor/changesets';
import type { FlyTarget } from '../../state/types.ts';
import { selectionType, type EditGroup, type GroupTool } from '../registry.ts';
import { addStopHandler } from './handlers/addStop.ts';
import { editRouteHandler } from './handlers/edit.ts';
import { moveStopHandler } from './handlers/moveStop.ts';
import { transitSelectHandler } from './handlers/select.ts';
import './types.ts';

/** Spec 2 §9: a transit stop is flown to at zoom 14. */
export const TRANSIT_STOP_ZOOM = 14;

/** A route's extent: its stops. */
export function routeBounds(graph: GraphReader, lineId: string, routeId: string): FlyTarget | undefined {
  const points = (routeOf(graph, lineId, routeId)?.stops ?? []).flatMap((stop) => {
    const found = stopOf(graph, stop.id);
    return found ? [found.coordinates] : [];
  });
  if (points.length === 0) return undefined;
  const lngs = points.map((point) => point[0]);
  const lats = points.map((point) => point[1]);
  return { bounds: [[Math.min(...lngs), Math.min(...lats)], [Math.max(...lngs), Math.max(...lats)]] };
}

const overTransit = (hover: { stopGroup?: string; route?: string }) => hover.stopGroup !== undefined || hover.route !== undefined;

export const TRANSIT_SELECT: GroupTool = {
  id: 'transit/select',
  label: 'toolbar.tools.transitSelect',
  keys: ['V'],
  changesData: false,
  handler: transitSelectHandler,
  cursor: (hover) => (overTransit(hover) ? 'pointer' : ''),
};

export const TRANSIT_GROUP: EditGroup = {
  id: 'transit',
  category: 'transit',
  label: 'toolbar.groups.transit',
  keys: ['Shift+T'],
  available: (state) => state.editMode && state.layers.transit,
  tools: [
    TRANSIT_SELECT,
    { id: 'transit/addStop', label: 'toolbar.tools.addStop', keys: ['S'], changesData: true, handler: addStopHandler, cursor: () => 'crosshair' },
    { id: 'transit/moveStop', label: 'toolbar.tools.moveStop', keys: ['M'], changesData: true, handler: moveStopHandler, cursor: (hover) => (hover.stopGroup ? 'move' : '') },
    { id: 'transit/edit', label: 'toolbar.tools.transitEdit', keys: [], changesData: true, handler: editRouteHandler, cursor: (hover) => (overTransit(hover) || hover.linkId ? 'pointer' : '') },
  ],
  selectTool: 'transit/select',
  selections: [
    selectionType({
      type: 'transit-stop',
      tool: 'transit/select',
      previewToFront: true,
      *entities(selection) {
        for (const id of selection.stops) yield [TRANSIT_STOP, id] as const;
      },
      flyTarget: (selection, graph) => {
        const stop = selection.stops[0] === undefined ? undefined : stopOf(graph, selection.stops[0]);
        return stop && { point: stop.coordinates, zoom: TRANSIT_STOP_ZOOM };
      },
    }),
    selectionType({
      type: 'transit-route',
      tool: 'transit/edit',
      ownTool: true,
      entities: (selection) => [[TRANSIT_LINE, selection.lineId]],
      flyTarget: (selection, graph) => routeBounds(graph, selection.lineId, selection.routeId),
    }),
    selectionType({
      type: 'transit-network-route',
      tool: 'transit/edit',
      ownTool: true,
      entities: (selection) => [[TRANSIT_LINE, selection.lineId]],
      flyTarget: (selection, graph) => routeBounds(graph, selection.lineId, selection.routeId),
    }),
  ],
  modificationPrefixes: ['transitStop/', 'transitLine/', 'route/', 'networkRoute/'],
  summary: [{ id: 'transit', kinds: [TRANSIT_STOP, TRANSIT_LINE, TRANSIT_ROUTE] }],
};
