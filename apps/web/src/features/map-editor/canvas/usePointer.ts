/**
 * The map's pointer events turned into the handlers' `MapPointerEvent`s (state/handler.ts): the place, the link or
 * node within the picking radius (deck.gl picking, nodes first), Shift, and the zoom scale. A handler that takes a
 * drag (`dragStart` answers true) stops the map from panning for that drag; the release is caught on the window so
 * that letting go outside the map still ends it. Moves are coalesced to one per frame.
 */
import type { MapLayerMouseEvent, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useEffect } from 'react';
import type { Handler, MapPointerEvent } from '../state/handler.ts';
import type { EditorStore } from '../state/store.ts';
import { handlerFor } from './handlers/index.ts';
import { LINK_PICK_LAYERS, NODE_PICK_LAYERS } from './layers/useNetworkLayers.ts';
import { TRANSIT_ROUTE_PICK_LAYERS, TRANSIT_STOP_PICK_LAYERS } from '../groups/transit/layerIds.ts';
import { DRT_STOP_PICK_LAYERS, DRT_VEHICLE_PICK_LAYERS } from '../groups/drt/layerIds.ts';
import { PICKING_RADIUS_PX, type MapInstance } from '../../../components/map/useMapInstance.ts';

type Point = { readonly x: number; readonly y: number };

function pick(instance: MapInstance, point: Point, layerIds: string[]): string | undefined {
  const info = instance.overlay.pickObject({ x: point.x, y: point.y, radius: PICKING_RADIUS_PX, layerIds });
  const object = info?.object as { linkId?: string; nodeId?: string } | undefined;
  return object?.nodeId ?? object?.linkId;
}

/** Latitude degrees per screen pixel at the point (see handlers/geometry.ts). */
function degreesPerPixel(map: MapLibreMap, { x, y }: Point): number {
  return Math.abs(map.unproject([x, y - 10]).lat - map.unproject([x, y + 10]).lat) / 20;
}

/** The transit stop group or route under the point (their layers' objects carry `stops` or `lineId`/`routeId`). */
function pickTransit(instance: MapInstance, point: Point): Pick<MapPointerEvent, 'stops' | 'route'> {
  const stop = instance.overlay.pickObject({ x: point.x, y: point.y, radius: PICKING_RADIUS_PX, layerIds: TRANSIT_STOP_PICK_LAYERS });
  const stops = (stop?.object as { stops?: readonly string[] } | undefined)?.stops;
  if (stops) return { stops };
  const route = instance.overlay.pickObject({ x: point.x, y: point.y, radius: PICKING_RADIUS_PX, layerIds: TRANSIT_ROUTE_PICK_LAYERS });
  const object = route?.object as { lineId?: string; routeId?: string } | undefined;
  return object?.lineId !== undefined && object.routeId !== undefined ? { route: { lineId: object.lineId, routeId: object.routeId } } : {};
}

/** The DRT stop or vehicle marker under the point (their layers' objects carry `id` or `linkId`/`vehicles`). */
function pickDrt(instance: MapInstance, point: Point): Pick<MapPointerEvent, 'drtStop' | 'drtVehicles'> {
  const stop = instance.overlay.pickObject({ x: point.x, y: point.y, radius: PICKING_RADIUS_PX, layerIds: DRT_STOP_PICK_LAYERS });
  const stopId = (stop?.object as { id?: string } | undefined)?.id;
  if (stopId !== undefined) return { drtStop: stopId };
  const marker = instance.overlay.pickObject({ x: point.x, y: point.y, radius: PICKING_RADIUS_PX, layerIds: DRT_VEHICLE_PICK_LAYERS });
  const object = marker?.object as { linkId?: string; vehicles?: readonly string[] } | undefined;
  return object?.linkId !== undefined && object.vehicles ? { drtVehicles: { linkId: object.linkId, vehicles: object.vehicles } } : {};
}

export function pointerEvent(instance: MapInstance, point: Point, shiftKey: boolean): MapPointerEvent {
  const { lng, lat } = instance.map.unproject([point.x, point.y]);
  const nodeId = pick(instance, point, NODE_PICK_LAYERS);
  const linkId = pick(instance, point, LINK_PICK_LAYERS);
  return { lngLat: [lng, lat], nodeId, linkId, ...pickTransit(instance, point), ...pickDrt(instance, point), shiftKey, degreesPerPixel: degreesPerPixel(instance.map, point) };
}

export function usePointer(instance: MapInstance | null, store: EditorStore): void {
  useEffect(() => {
    if (!instance) return;
    const { map } = instance;
    const current = () => handlerFor(store.getState().tool);
    let dragging: Handler | null = null;
    let frame = 0;
    let lastMove: { point: Point; shiftKey: boolean } | null = null;

    const pointOf = (event: MouseEvent): Point => {
      const rect = map.getCanvasContainer().getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const onUp = (event: MouseEvent) => {
      window.removeEventListener('mouseup', onUp);
      const handler = dragging;
      dragging = null;
      handler?.dragEnd?.(store, pointerEvent(instance, pointOf(event), event.shiftKey));
    };
    const onDown = (event: MapMouseEvent) => {
      if (event.originalEvent.button !== 0) return;
      const handler = current();
      if (!handler.dragStart?.(store, pointerEvent(instance, event.point, event.originalEvent.shiftKey))) return;
      // Stops MapLibre's drag-pan (and box zoom) for this press: the handler has the drag.
      event.preventDefault();
      dragging = handler;
      window.addEventListener('mouseup', onUp);
    };
    const runMove = () => {
      frame = 0;
      if (!lastMove) return;
      const event = pointerEvent(instance, lastMove.point, lastMove.shiftKey);
      if (dragging) dragging.drag?.(store, event);
      else current().move?.(store, event);
    };
    const onMove = (event: MapMouseEvent) => {
      // While the map pans under the pointer there is nothing to hover or draw.
      if (!dragging && map.isMoving()) return;
      lastMove = { point: event.point, shiftKey: event.originalEvent.shiftKey };
      if (!frame) frame = requestAnimationFrame(runMove);
    };
    const onClick = (event: MapLayerMouseEvent) => {
      current().click?.(store, pointerEvent(instance, event.point, event.originalEvent.shiftKey));
    };
    const onOut = () => {
      if (!dragging) store.hover({});
    };

    map.on('mousedown', onDown);
    map.on('mousemove', onMove);
    map.on('click', onClick);
    map.on('mouseout', onOut);
    return () => {
      map.off('mousedown', onDown);
      map.off('mousemove', onMove);
      map.off('click', onClick);
      map.off('mouseout', onOut);
      window.removeEventListener('mouseup', onUp);
      cancelAnimationFrame(frame);
    };
  }, [instance, store]);
}
