/**
 * The MapLibre map and the deck.gl overlay on it, made once per mount (map editor and visualizer). Double-click zoom, rotation and pitch are
 * off (spec 2 §2 "View behaviour"), also for touch and keyboard. The overlay is not interleaved: deck.gl draws on
 * its own canvas above the map, so a style change never touches the network layers.
 */
import { MapboxOverlay } from '@deck.gl/mapbox';
import { Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
// Vite does not copy MapLibre's worker by itself: its URL is handed over explicitly.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Camera } from './camera.ts';
import { backgroundStyle } from './mapStyle.ts';

setWorkerUrl(workerUrl);

/** Map picking radius (spec 2 §9). */
export const PICKING_RADIUS_PX = 10;

export interface MapInstance {
  readonly map: MapLibreMap;
  readonly overlay: MapboxOverlay;
}

export interface MapOptions {
  /** Keep the map's pixels after drawing, so they can be read back (the visualizer's PNG download). */
  preserveDrawingBuffer?: boolean;
}

/** `background`: the plain style's colour the map starts with (before the themed style is set). */
export function useMapInstance(container: RefObject<HTMLDivElement | null>, camera: Camera, background: string, options: MapOptions = {}): MapInstance | null {
  const [instance, setInstance] = useState<MapInstance | null>(null);
  const initial = useRef({ camera, background, options });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { camera: start, background: startBackground, options: startOptions } = initial.current;
    const map = new MapLibreMap({
      container: element,
      style: backgroundStyle(startBackground),
      ...(startOptions.preserveDrawingBuffer ? { canvasContextAttributes: { preserveDrawingBuffer: true } } : {}),
      center: [start.lng, start.lat],
      zoom: start.zoom,
      doubleClickZoom: false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      rollEnabled: false,
      maxPitch: 0,
      attributionControl: { compact: true },
    });
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    const overlay = new MapboxOverlay({ interleaved: false, pickingRadius: PICKING_RADIUS_PX, layers: [] });
    map.addControl(overlay);
    setInstance({ map, overlay });
    return () => {
      setInstance(null);
      map.removeControl(overlay);
      overlay.finalize();
      map.remove();
    };
  }, [container]);

  return instance;
}

/** True once the map has loaded its first style (MapLibre's `load`), for `data-map-ready`. */
export function useMapReady(map: MapLibreMap | undefined): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!map) return setReady(false);
    if (map.loaded()) return setReady(true);
    const onLoad = () => setReady(true);
    map.once('load', onLoad);
    return () => void map.off('load', onLoad);
  }, [map]);
  return ready;
}

/**
 * Keeps the map's style on the theme's URL, or on the plain background when there is none. A URL whose style
 * does not load (offline, wrong address) is dropped for the background instead of leaving an empty map.
 */
export function useThemedStyle(map: MapLibreMap | undefined, background: string, url: string | null): void {
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!map) return;
    const usable = url !== null && url !== failed ? url : null;
    if (usable === null) {
      map.setStyle(backgroundStyle(background), { diff: false });
      return;
    }
    let loaded = false;
    const onLoad = () => void (loaded = true);
    const onError = () => {
      if (!loaded) setFailed(usable);
    };
    map.once('style.load', onLoad);
    map.on('error', onError);
    map.setStyle(usable, { diff: false });
    return () => {
      map.off('style.load', onLoad);
      map.off('error', onError);
    };
  }, [map, background, url, failed]);
}
