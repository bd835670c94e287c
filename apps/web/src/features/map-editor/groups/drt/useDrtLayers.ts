/**
 * The DRT layers (spec 2 §2 "Layers": DRT service area, DRT vehicles, DRT stops; §9 vehicle markers), coloured by
 * their change flags, with hover and selection marks. Off while the DRT layer is off. The arrays are memoised on the
 * graphs and the DRT data, so a hover re-uploads only the marks.
 */
import { linkCoordinates, linkOf } from '@corridor/changesets';
import type { Layer } from '@deck.gl/core';
import { LineLayer, PathLayer, ScatterplotLayer, SolidPolygonLayer, TextLayer } from '@deck.gl/layers';
import { useMemo } from 'react';
import type { Palette, Rgba } from '../../canvas/layers/palette.ts';
import { useEditor } from '../../state/context.ts';
import { useDrawn } from '../../canvas/layers/useDrawn.ts';
import { DRT_STOP_PICK_LAYERS, DRT_VEHICLE_PICK_LAYERS } from './layerIds.ts';
import { areaShapes, stopPoints, vehicleMarkers, type AreaShape, type DrtStopPoint, type VehicleMarker } from './layerData.ts';

const VEHICLE: Rgba = [12, 133, 153, 255];
const STOP: Rgba = [230, 119, 0, 255];
const AREA_LINE: Rgba = [34, 139, 230, 220];
const VEHICLE_RADIUS_PX = 6;
const COUNT_RADIUS_PX = 11;
const STOP_RADIUS_PX = 5;
const WHITE: Rgba = [255, 255, 255, 255];

const withAlpha = (color: Rgba, alpha: number): Rgba => [color[0], color[1], color[2], alpha];

/** The layers, and how many vehicle markers and stops they draw (for tests and the bench). */
export function useDrtLayers(palette: Palette): { layers: Layer[]; vehicleMarkers: number; stops: number } {
  const on = useEditor((state) => state.layers.drt);
  const shown = useDrawn();
  const { graph } = shown;
  // The markers stand on links: they follow the loaded network (dataRevision) as well as the DRT files.
  const revision = useEditor((state) => state.dataRevision);
  const drtRevision = useEditor((state) => state.drtRevision);
  const selection = useEditor((state) => state.selection);
  const hover = useEditor((state) => state.hover);
  const stopsOnTop = useEditor((state) => state.tool === 'drt/selectStop' || state.tool === 'drt/addStop');

  const markers = useMemo(() => (on ? vehicleMarkers(shown) : { live: [], deleted: [] }), [on, shown, revision]);
  const stops = useMemo(() => (on ? stopPoints(shown) : []), [on, shown, drtRevision]);
  const areas = useMemo(() => (on ? areaShapes(shown) : []), [on, shown, drtRevision]);
  const selectedVehicles = selection.type === 'drt-vehicle' ? selection.vehicles : undefined;
  const selectedStops = selection.type === 'drt-stop' ? selection.stops : undefined;
  const selectedLink = selection.type === 'drt-link' ? selection.linkId : undefined;
  // The link the add-vehicle form adds to (drawn once its nodes are loaded).
  const linkEnds = useMemo(() => {
    const link = on && selectedLink !== undefined ? linkOf(graph, selectedLink) : undefined;
    return link && linkCoordinates(graph, link);
  }, [on, graph, selectedLink, revision]);

  const base = useMemo((): Layer[] => {
    if (!on) return [];
    const areaColor = (shape: AreaShape): Rgba => (shape.flag ? palette.flags[shape.flag] : AREA_LINE);
    const counted = markers.live.filter((marker) => marker.count !== undefined);
    const stopLayer = new ScatterplotLayer<DrtStopPoint>({
      id: DRT_STOP_PICK_LAYERS[0]!,
      data: stops,
      pickable: true,
      getPosition: (point) => point.position as [number, number],
      getFillColor: (point) => (point.flag ? palette.flags[point.flag] : STOP),
      getLineColor: palette.nodeOutline,
      stroked: true,
      radiusUnits: 'pixels',
      lineWidthUnits: 'pixels',
      getRadius: STOP_RADIUS_PX,
      getLineWidth: 1.5,
      updateTriggers: { getFillColor: palette },
    });
    const drawn: Layer[] = [
      new SolidPolygonLayer<AreaShape>({
        id: 'drt-service-area-fill',
        data: areas,
        getPolygon: (shape) => shape.rings as [number, number][][],
        getFillColor: (shape) => withAlpha(areaColor(shape), 40),
        updateTriggers: { getFillColor: palette },
      }),
      new PathLayer<{ shape: AreaShape; ring: readonly (readonly [number, number])[] }>({
        id: 'drt-service-area',
        data: areas.flatMap((shape) => shape.rings.map((ring) => ({ shape, ring }))),
        getPath: (entry) => entry.ring as [number, number][],
        getColor: (entry) => areaColor(entry.shape),
        getWidth: 2,
        widthUnits: 'pixels',
        updateTriggers: { getColor: palette },
      }),
      new ScatterplotLayer<VehicleMarker>({
        id: 'drt-vehicles-deleted',
        data: markers.deleted,
        getPosition: (marker) => marker.position as [number, number],
        getFillColor: (marker) => (marker.flag ? palette.flags[marker.flag] : VEHICLE),
        radiusUnits: 'pixels',
        getRadius: VEHICLE_RADIUS_PX,
        updateTriggers: { getFillColor: palette },
      }),
      new ScatterplotLayer<VehicleMarker>({
        id: DRT_VEHICLE_PICK_LAYERS[0]!,
        data: markers.live,
        pickable: true,
        getPosition: (marker) => marker.position as [number, number],
        getFillColor: (marker) => (marker.flag ? palette.flags[marker.flag] : VEHICLE),
        getLineColor: palette.nodeOutline,
        stroked: true,
        radiusUnits: 'pixels',
        lineWidthUnits: 'pixels',
        getRadius: (marker) => (marker.count !== undefined ? COUNT_RADIUS_PX : VEHICLE_RADIUS_PX),
        getLineWidth: 1.5,
        updateTriggers: { getFillColor: palette },
      }),
      new TextLayer<VehicleMarker>({
        id: 'drt-vehicle-counts',
        data: counted,
        getPosition: (marker) => marker.position as [number, number],
        getText: (marker) => String(marker.count),
        getColor: WHITE,
        getSize: 11,
        fontWeight: 700,
        getTextAnchor: 'middle',
        getAlignmentBaseline: 'center',
      }),
    ];
    // Stops are drawn under the vehicles, and over them while a stop tool picks stops (they share the to-nodes).
    drawn.splice(stopsOnTop ? drawn.length : drawn.length - 2, 0, stopLayer);
    return drawn;
  }, [on, markers, stops, areas, palette, stopsOnTop]);

  const marks = useMemo((): Layer[] => {
    if (!on) return [];
    const markedVehicles = markers.live.filter((marker) => marker.linkId === hover.drtVehicles || (selectedVehicles && marker.vehicles.some((id) => selectedVehicles.includes(id))));
    const markedStops = stops.filter((point) => point.id === hover.drtStop || selectedStops?.includes(point.id));
    const ring = <T extends { position: readonly [number, number] }>(id: string, data: T[], radius: (item: T) => number, selected: (item: T) => boolean) =>
      new ScatterplotLayer<T>({
        id,
        data,
        getPosition: (item) => item.position as [number, number],
        filled: false,
        stroked: true,
        getLineColor: (item) => (selected(item) ? palette.selected : palette.hover),
        radiusUnits: 'pixels',
        lineWidthUnits: 'pixels',
        getRadius: radius,
        getLineWidth: 3,
        updateTriggers: { getLineColor: [selectedVehicles, selectedStops, palette] },
      });
    return [
      new LineLayer<readonly [readonly [number, number], readonly [number, number]]>({
        id: 'drt-link-selected',
        data: linkEnds ? [linkEnds] : [],
        getSourcePosition: (ends) => ends[0] as [number, number],
        getTargetPosition: (ends) => ends[1] as [number, number],
        getColor: palette.selected,
        getWidth: 6,
        widthUnits: 'pixels',
      }),
      ring('drt-vehicles-marked', markedVehicles, (marker) => (marker.count !== undefined ? COUNT_RADIUS_PX : VEHICLE_RADIUS_PX) + 4, (marker) => !!selectedVehicles && marker.vehicles.some((id) => selectedVehicles.includes(id))),
      ring('drt-stops-marked', markedStops, () => STOP_RADIUS_PX + 4, (point) => !!selectedStops?.includes(point.id)),
    ];
  }, [on, markers, stops, linkEnds, selectedVehicles, selectedStops, hover.drtVehicles, hover.drtStop, palette]);

  const layers = useMemo(() => [...base, ...marks], [base, marks]);
  return { layers, vehicleMarkers: markers.live.length, stops: stops.length };
}
