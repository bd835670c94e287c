/**
 * The transit layers (spec 2 §2 "Layers", §9): routes with their outline, the route being edited in orange with its
 * network route (its links, and in add mode the edge nodes, candidate links and U-turns), and the stop groups above
 * them, coloured by their change flags. Off while the Public Transport layer is off. The arrays are memoised on the
 * graphs and the data revision, so a hover re-uploads only the highlight.
 */
import type { Layer } from '@deck.gl/core';
import { LineLayer, PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import { useEffect, useMemo } from 'react';
import type { Palette, Rgba } from '../../canvas/layers/palette.ts';
import { useEditor } from '../../state/context.ts';
import { useDrawn } from '../../canvas/layers/useDrawn.ts';
import { TRANSIT_ROUTE_PICK_LAYERS, TRANSIT_STOP_PICK_LAYERS } from './layerIds.ts';
import { networkRouteDrawing, routePaths, stopPoints, type LinkLine, type RoutePath, type StopPoint } from './layerData.ts';
import { routeHoverKey } from './routeKeys.ts';

/** Spec 2 §9: the selected route is orange. */
export const SELECTED_ROUTE: Rgba = [253, 126, 20, 255];
const ROUTE: Rgba = [112, 72, 232, 200];
const STOP: Rgba = [112, 72, 232, 255];
const CANDIDATE: Rgba = [47, 158, 68, 220];
const U_TURN: Rgba = [230, 73, 128, 220];
const STOP_RADIUS_PX = 6;
/** Spec 2 §8's console message. */
export const ROUTE_LAYER_NOT_FOUND = 'Route Layer not found';

const linkLayer = (id: string, data: LinkLine[], color: Rgba, width: number): Layer =>
  new LineLayer<LinkLine>({
    id,
    data,
    pickable: false,
    getSourcePosition: (line) => line.source as [number, number],
    getTargetPosition: (line) => line.target as [number, number],
    getColor: color,
    getWidth: width,
    widthUnits: 'pixels',
  });

/** The layers, and how many stop groups they draw (for tests and the bench). */
export function useTransitLayers(palette: Palette): { layers: Layer[]; stopGroups: number } {
  const on = useEditor((state) => state.layers.transit);
  const shown = useDrawn();
  const { graph } = shown;
  // Network loads bump dataRevision; the stops and routes only change with an edit (graph) or the schedule's load.
  const transitRevision = useEditor((state) => state.transitRevision);
  const revision = useEditor((state) => state.dataRevision);
  const selection = useEditor((state) => state.selection);
  const hover = useEditor((state) => state.hover);

  const stops = useMemo(() => (on ? stopPoints(shown) : []), [on, shown, transitRevision]);
  const routes = useMemo(() => (on ? routePaths(shown) : []), [on, shown, transitRevision]);
  const editing = useMemo(() => (on ? networkRouteDrawing(graph, selection) : undefined), [on, graph, selection, revision]);
  const selectedStops = selection.type === 'transit-stop' ? selection.stops : undefined;
  const selectedRoute = selection.type === 'transit-route' || selection.type === 'transit-network-route' ? routeHoverKey(selection.lineId, selection.routeId) : undefined;

  // Spec 2 §8: a route selected while its layer is not drawn (the Public Transport layer is off, or the route has no
  // stop to draw) is a console message only.
  const routeDrawn = selectedRoute === undefined || routes.some((path) => path.key === selectedRoute);
  useEffect(() => {
    if (!routeDrawn) console.warn(ROUTE_LAYER_NOT_FOUND);
  }, [routeDrawn, selectedRoute]);

  const base = useMemo((): Layer[] => {
    if (!on) return [];
    const routeColor = (path: RoutePath): Rgba => (path.key === selectedRoute ? SELECTED_ROUTE : path.flag ? palette.flags[path.flag] : ROUTE);
    const stopColor = (point: StopPoint): Rgba => (point.flag ? palette.flags[point.flag] : STOP);
    return [
      new PathLayer<RoutePath>({
        id: 'transit-routes-outline',
        data: routes,
        getPath: (path) => path.path as [number, number][],
        getColor: palette.outline,
        getWidth: 6,
        widthUnits: 'pixels',
      }),
      new PathLayer<RoutePath>({
        id: TRANSIT_ROUTE_PICK_LAYERS[0]!,
        data: routes,
        pickable: true,
        getPath: (path) => path.path as [number, number][],
        getColor: routeColor,
        getWidth: (path) => (path.key === selectedRoute ? 5 : 3),
        widthUnits: 'pixels',
        updateTriggers: { getColor: [selectedRoute, palette], getWidth: selectedRoute },
      }),
      ...(editing
        ? [
            linkLayer('transit-network-route', editing.links, SELECTED_ROUTE, 7),
            linkLayer('transit-candidates', editing.candidates, CANDIDATE, 5),
            linkLayer('transit-u-turns', editing.uTurns, U_TURN, 5),
            new ScatterplotLayer<readonly [number, number]>({
              id: 'transit-edge-nodes',
              data: editing.edgeNodes,
              getPosition: (point) => point as [number, number],
              getFillColor: SELECTED_ROUTE,
              getLineColor: palette.nodeOutline,
              stroked: true,
              radiusUnits: 'pixels',
              lineWidthUnits: 'pixels',
              getRadius: 7,
              getLineWidth: 2,
            }),
          ]
        : []),
      new ScatterplotLayer<StopPoint>({
        id: TRANSIT_STOP_PICK_LAYERS[0]!,
        data: stops,
        pickable: true,
        getPosition: (point) => point.position as [number, number],
        getFillColor: stopColor,
        getLineColor: palette.nodeOutline,
        stroked: true,
        radiusUnits: 'pixels',
        lineWidthUnits: 'pixels',
        getRadius: STOP_RADIUS_PX,
        getLineWidth: 1.5,
        updateTriggers: { getFillColor: palette },
      }),
    ];
  }, [on, routes, stops, editing, selectedRoute, palette]);

  const marks = useMemo((): Layer[] => {
    if (!on) return [];
    const marked = stops.filter((point) => point.stops.some((id) => selectedStops?.includes(id)) || point.id === hover.stopGroup);
    const hovered = routes.filter((path) => path.key === hover.route);
    return [
      new PathLayer<RoutePath>({
        id: 'transit-route-hover',
        data: hovered,
        getPath: (path) => path.path as [number, number][],
        getColor: palette.hover,
        getWidth: 5,
        widthUnits: 'pixels',
      }),
      new ScatterplotLayer<StopPoint>({
        id: 'transit-stops-marked',
        data: marked,
        getPosition: (point) => point.position as [number, number],
        filled: false,
        stroked: true,
        getLineColor: (point) => (selectedStops && point.stops.some((id) => selectedStops.includes(id)) ? palette.selected : palette.hover),
        radiusUnits: 'pixels',
        lineWidthUnits: 'pixels',
        getRadius: STOP_RADIUS_PX + 4,
        getLineWidth: 3,
        updateTriggers: { getLineColor: [selectedStops, hover.stopGroup] },
      }),
    ];
  }, [on, stops, routes, selectedStops, hover.stopGroup, hover.route, palette]);

  const layers = useMemo(() => [...base, ...marks], [base, marks]);
  return { layers, stopGroups: stops.length };
}
