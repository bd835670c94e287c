/**
 * Loads a vehicle layer's trajectories by time window and registers its builder with the drawings. The builder
 * runs every frame: it applies the reload rule (one load at a time), interpolates the positions into reused arrays
 * and hands deck.gl the layers. Colours are worked out once per load (one per point) and again from the loaded
 * points when the colour strategy changes — a colour edit never loads again. Loading and failures show on the map.
 */
import { useEffect, useMemo, useRef } from 'react';
import { trajectories } from '../server/calls.ts';
import { activeFilters } from '../model/filters.ts';
import { frameFor, type Frame } from '../model/interpolate.ts';
import { interpolate } from '../model/interpolate.ts';
import type { VehicleLayer } from '../model/layers.ts';
import { fetchWindow, needsReload, type Buffer } from '../model/reload.ts';
import { colorsFor } from '../style/apply.ts';
import { legendOf } from '../style/legend.ts';
import { useVisualizer } from '../state/context.ts';
import { createStandingScratch, frameColors, vehicleData, vehicleLayers, type FrameColors, type VehicleData } from './vehicleLayers.ts';

/** The attribute value of every point (the 4th float), for the colour strategy. */
function pointValues(points: Float32Array): Float32Array {
  const values = new Float32Array(points.length / 4);
  for (let i = 0; i < values.length; i++) values[i] = points[i * 4 + 3]!;
  return values;
}

interface Paint {
  strategy: VehicleLayer['color']['strategy'];
  attribute: string | null;
  categories: readonly string[] | undefined;
}

/** A colour per loaded point under the layer's colour strategy. */
function pointColors(points: Float32Array, { strategy, attribute, categories }: Paint): Uint8Array {
  return colorsFor(strategy, attribute ? pointValues(points) : null, points.length / 4, categories);
}

export function VehicleLayerData({ layer }: { layer: VehicleLayer }) {
  const { sources, drawings } = useVisualizer();
  const source = sources.get(layer.dataSource);
  const options = source?.options;
  const ready = options?.vehicleData.status === 'READY';
  const runId = source?.runId;
  const attribute = layer.color.attribute;
  const filters = useMemo(() => activeFilters(layer.filters), [layer.filters]);
  const key = JSON.stringify([runId, attribute, filters]);
  const strategy = layer.color.strategy;
  const categories = attribute ? options?.vehicleCategories[attribute] : undefined;
  // Style and visibility are read by the builder each frame: changing them redraws without loading again.
  const look = useRef({ style: layer.style, visible: layer.visible });
  useEffect(() => {
    look.current = { style: layer.style, visible: layer.visible };
    drawings.invalidate();
  }, [layer.style, layer.visible, drawings]);
  // The colours are made again from the loaded points when the strategy (scheme, bins, …) changes.
  const paint = useRef<Paint>({ strategy, attribute, categories });
  const loadedRef = useRef<VehicleData | null>(null);
  useEffect(() => {
    paint.current = { strategy, attribute, categories };
    const loaded = loadedRef.current;
    if (loaded) loadedRef.current = { ...loaded, colors: pointColors(loaded.data.points, paint.current) };
    drawings.invalidate();
  }, [strategy, attribute, categories, drawings]);

  // The colour legend for the PNG: the strategy over the loaded points' values.
  useEffect(() => {
    drawings.setLegend(layer.id, () => {
      const loaded = loadedRef.current;
      const { strategy: now, attribute: by, categories: names } = paint.current;
      const values = loaded && by ? pointValues(loaded.data.points) : null;
      return { attribute: by, legend: legendOf(now, values, values?.length ?? 0, names) };
    });
  }, [drawings, layer.id]);

  useEffect(() => {
    if (!ready || runId === undefined) return;
    let loading = false;
    let buffer: Buffer | null = null;
    loadedRef.current = null;
    let frame: Frame | null = null;
    let colors: FrameColors | null = null;
    const scratch = createStandingScratch();
    let stopped = false;
    const controller = new AbortController();

    const load = (time: number) => {
      loading = true;
      if (!loadedRef.current) drawings.setStatus(layer.id, { layer: 'vehicles', state: 'loading' });
      const window = fetchWindow(time);
      trajectories(runId, { timeFilter: window, ...(attribute ? { attribute } : {}), ...(filters.length ? { filters } : {}) }, controller.signal)
        .then((answer) => {
          if (stopped) return;
          loadedRef.current = vehicleData(answer.data, pointColors(answer.data.points, paint.current));
          drawings.setStatus(layer.id, null);
          buffer = { start: window.from, end: Math.max(answer.bufferEnd, window.from + 1), key };
          frame = frameFor(frame, answer.data.paths);
          drawings.invalidate();
        })
        .catch((error: unknown) => {
          if (stopped) return;
          drawings.setStatus(layer.id, { layer: 'vehicles', state: 'error', message: error instanceof Error ? error.message : String(error) });
          // Try again for the next window instead of asking for the same one every frame.
          buffer = { start: window.from, end: window.to, key };
        })
        .finally(() => void (loading = false));
    };

    drawings.set(layer.id, ({ time, zoom, version, stats }) => {
      if (needsReload(buffer, time, key, loading)) load(time);
      const loaded = loadedRef.current;
      if (!loaded || !frame) return [];
      interpolate(loaded.data, time, frame);
      const { style, visible } = look.current;
      // Trails take their colours per point from the load; only the shapes need a colour per vehicle each frame.
      if (style.type !== 'trail' || !colors) colors = frameColors(colors, frame, loaded.colors);
      if (visible) stats.vehicles += frame.count;
      return vehicleLayers({ id: layer.id, visible, style, loaded, frame, colors, time, zoom, version, scratch });
    });
    return () => {
      stopped = true;
      controller.abort();
      drawings.delete(layer.id);
    };
  }, [drawings, layer.id, ready, runId, attribute, filters, key]);

  return null;
}
