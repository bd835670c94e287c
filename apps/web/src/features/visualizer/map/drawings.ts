/**
 * What each visible layer draws, kept outside React: a layer's data component registers a builder (time and zoom
 * in, deck.gl layers out) and the map's animation loop asks every builder each frame, in the layers' order.
 */
import type { Layer as DeckLayer } from '@deck.gl/core';
import type { Legend } from '../style/legend.ts';

export interface DrawContext {
  time: number;
  zoom: number;
  /** Changes every frame the loop draws (update trigger for arrays reused between frames). */
  version: number;
  /** What the frame draws, counted by the builders (the page shows it to tests as data attributes). */
  stats: { links: number; vehicles: number };
}

export type LayerBuilder = (context: DrawContext) => DeckLayer[];

/** What a layer's data is doing, shown on the map (nothing while it has what it needs). */
export type LayerStatus =
  | { layer: 'network' | 'vehicles' | 'difference'; state: 'loading' }
  | { layer: 'network' | 'vehicles' | 'difference'; state: 'error'; message: string };

/** A layer's colour legend now: what its colour follows (null: fixed) and the legend (for the PNG download). */
export interface LayerLegend {
  attribute: string | null;
  legend: Legend;
}

export interface Drawings {
  /** How a layer's colour legend is made when it is asked for (the PNG download); null removes it. */
  setLegend(id: string, legend: (() => LayerLegend) | null): void;
  /** The legends of the given layers, in their order (layers without one are left out). */
  legends(order: readonly string[]): { id: string; legend: LayerLegend }[];
  set(id: string, builder: LayerBuilder): void;
  delete(id: string): void;
  /** Something changed outside the clock: draw again at the next frame. */
  invalidate(): void;
  /** Builders in the given order; true when something was invalidated since the last call. */
  take(order: readonly string[]): { builders: LayerBuilder[]; dirty: boolean };
  /** A layer's loading or error state; null when it is fine. Listeners hear only real changes. */
  setStatus(id: string, status: LayerStatus | null): void;
  /** The values a layer's colour or width follows now (analyses, the difference), for the settings' data range. */
  setValues(id: string, attribute: string, values: Float32Array | null): void;
  values(id: string, attribute: string): Float32Array | null;
  /** Changes whenever values are set (for useSyncExternalStore). */
  valuesVersion(): number;
  /** Layer id → status, a new map after each change (for useSyncExternalStore). */
  statuses(): ReadonlyMap<string, LayerStatus>;
  subscribe(listener: () => void): () => void;
}

const sameStatus = (a: LayerStatus | undefined, b: LayerStatus | null) =>
  (a ?? null) === b || (!!a && !!b && a.layer === b.layer && a.state === b.state && (a.state !== 'error' || (b.state === 'error' && a.message === b.message)));

export function createDrawings(): Drawings {
  const builders = new Map<string, LayerBuilder>();
  const legends = new Map<string, () => LayerLegend>();
  const values = new Map<string, Float32Array>();
  let valuesVersion = 0;
  let dirty = true;
  let statuses: ReadonlyMap<string, LayerStatus> = new Map();
  const listeners = new Set<() => void>();
  const valueKey = (id: string, attribute: string) => `${id}\u0000${attribute}`;
  return {
    setValues(id, attribute, next) {
      const key = valueKey(id, attribute);
      if ((values.get(key) ?? null) === next) return;
      if (next) values.set(key, next);
      else values.delete(key);
      valuesVersion++;
      listeners.forEach((listener) => listener());
    },
    values: (id, attribute) => values.get(valueKey(id, attribute)) ?? null,
    valuesVersion: () => valuesVersion,
    setLegend(id, legend) {
      if (legend) legends.set(id, legend);
      else legends.delete(id);
    },
    legends(order) {
      return order.flatMap((id) => {
        const make = legends.get(id);
        return make ? [{ id, legend: make() }] : [];
      });
    },
    set(id, builder) {
      builders.set(id, builder);
      dirty = true;
    },
    delete(id) {
      builders.delete(id);
      legends.delete(id);
      for (const key of [...values.keys()]) if (key.startsWith(`${id}\u0000`)) values.delete(key);
      dirty = true;
      this.setStatus(id, null);
    },
    invalidate() {
      dirty = true;
    },
    take(order) {
      const wasDirty = dirty;
      dirty = false;
      return { builders: order.flatMap((id) => builders.get(id) ?? []), dirty: wasDirty };
    },
    setStatus(id, status) {
      if (sameStatus(statuses.get(id), status)) return;
      const next = new Map(statuses);
      if (status) next.set(id, status);
      else next.delete(id);
      statuses = next;
      listeners.forEach((listener) => listener());
    },
    statuses: () => statuses,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
