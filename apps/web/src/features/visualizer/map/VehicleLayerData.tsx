/**
 * Loads a vehicle layer's trajectories by time window and registers its builder with the drawings. The builder
 * runs every frame: it applies the reload rule (one load at a time), interpolates the positions into reused arrays
 * and hands deck.gl the layers. Colours are worked out once per load (one per point).
 */
import { useEffect, useMemo, useRef } from 'react';
import { trajectories } from '../data/calls.ts';
import { activeFilters } from '../model/filters.ts';
import { frameFor, type Frame } from '../model/interpolate.ts';
import { interpolate } from '../model/interpolate.ts';
import type { VehicleLayer } from '../model/layers.ts';
import { fetchWindow, needsReload, type Buffer } from '../model/reload.ts';
import { colorsFor } from '../style/apply.ts';
import { useVisualizer } from '../state/context.ts';
import { frameColors, vehicleData, vehicleLayers, type FrameColors, type VehicleData } from './vehicleLayers.ts';

/** The attribute value of every point (the 4th float), for the colour strategy. */
function pointValues(points: Float32Array): Float32Array {
  const values = new Float32Array(points.length / 4);
  for (let i = 0; i < values.length; i++) values[i] = points[i * 4 + 3]!;
  return values;
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

  useEffect(() => {
    if (!ready || runId === undefined) return;
    let loading = false;
    let buffer: Buffer | null = null;
    let loaded: VehicleData | null = null;
    let frame: Frame | null = null;
    let colors: FrameColors | null = null;
    let stopped = false;
    const controller = new AbortController();

    const load = (time: number) => {
      loading = true;
      const window = fetchWindow(time);
      trajectories(runId, { timeFilter: window, ...(attribute ? { attribute } : {}), ...(filters.length ? { filters } : {}) }, controller.signal)
        .then((answer) => {
          if (stopped) return;
          const total = answer.data.points.length / 4;
          const pointColors = colorsFor(strategy, attribute ? pointValues(answer.data.points) : null, total, categories);
          loaded = vehicleData(answer.data, pointColors);
          buffer = { start: window.from, end: Math.max(answer.bufferEnd, window.from + 1), key };
          frame = frameFor(frame, answer.data.paths);
          drawings.invalidate();
        })
        .catch((error: unknown) => {
          if (stopped) return;
          console.warn('Vehicle data could not be loaded', error);
          // Try again for the next window instead of asking for the same one every frame.
          buffer = { start: window.from, end: window.to, key };
        })
        .finally(() => void (loading = false));
    };

    drawings.set(layer.id, ({ time, zoom, version, stats }) => {
      if (needsReload(buffer, time, key, loading)) load(time);
      if (!loaded || !frame) return [];
      interpolate(loaded.data, time, frame);
      colors = frameColors(colors, frame, loaded.colors);
      const { style, visible } = look.current;
      if (visible) stats.vehicles += frame.count;
      return vehicleLayers({ id: layer.id, visible, style, loaded, frame, colors, time, zoom, version });
    });
    return () => {
      stopped = true;
      controller.abort();
      drawings.delete(layer.id);
    };
  }, [drawings, layer.id, ready, runId, attribute, filters, key, strategy, categories]);

  return null;
}
