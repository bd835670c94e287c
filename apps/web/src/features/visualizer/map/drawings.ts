/**
 * What each visible layer draws, kept outside React: a layer's data component registers a builder (time and zoom
 * in, deck.gl layers out) and the map's animation loop asks every builder each frame, in the layers' order.
 */
import type { Layer as DeckLayer } from '@deck.gl/core';

export interface DrawContext {
  time: number;
  zoom: number;
  /** Changes every frame the loop draws (update trigger for arrays reused between frames). */
  version: number;
  /** What the frame draws, counted by the builders (the page shows it to tests as data attributes). */
  stats: { links: number; vehicles: number };
}

export type LayerBuilder = (context: DrawContext) => DeckLayer[];

export interface Drawings {
  set(id: string, builder: LayerBuilder): void;
  delete(id: string): void;
  /** Something changed outside the clock: draw again at the next frame. */
  invalidate(): void;
  /** Builders in the given order; true when something was invalidated since the last call. */
  take(order: readonly string[]): { builders: LayerBuilder[]; dirty: boolean };
}

export function createDrawings(): Drawings {
  const builders = new Map<string, LayerBuilder>();
  let dirty = true;
  return {
    set(id, builder) {
      builders.set(id, builder);
      dirty = true;
    },
    delete(id) {
      builders.delete(id);
      dirty = true;
    },
    invalidate() {
      dirty = true;
    },
    take(order) {
      const wasDirty = dirty;
      dirty = false;
      return { builders: order.flatMap((id) => builders.get(id) ?? []), dirty: wasDirty };
    },
  };
}
