/**
 * Map handlers (spec 2 §2 "Map handlers"): one object per tool, driven by the map's pointer events and by the
 * toolbar (Backspace → delete, Done, Reset, Escape → cancel). Handlers change data only through
 * `store.perform` / `store.performOrReplace`, so every edit is one modification in the history.
 */
import type { EditorStore } from './store.ts';
import type { HandlerCategory, LngLat, ToolId } from './types.ts';

export interface MapPointerEvent {
  readonly lngLat: LngLat;
  /** The link or node under the pointer (picking radius 10 px), if any. */
  readonly linkId?: string;
  readonly nodeId?: string;
  /** The transit stop group under the pointer (its stops), if any. */
  readonly stops?: readonly string[];
  /** The transit route under the pointer, if any. */
  readonly route?: { readonly lineId: string; readonly routeId: string };
  /** The DRT vehicle marker under the pointer: the link it stands on and that link's vehicles. */
  readonly drtVehicles?: { readonly linkId: string; readonly vehicles: readonly string[] };
  /** The DRT stop under the pointer, if any. */
  readonly drtStop?: string;
  readonly shiftKey: boolean;
  /** Map units (degrees) per screen pixel at the pointer, for zoom-scaled distances such as lasso closing. */
  readonly degreesPerPixel: number;
}

export interface Handler {
  readonly tool: ToolId;
  readonly category: HandlerCategory;
  click?(store: EditorStore, event: MapPointerEvent): void;
  move?(store: EditorStore, event: MapPointerEvent): void;
  /** Answers true when the handler takes the drag (the map does not pan). */
  dragStart?(store: EditorStore, event: MapPointerEvent): boolean;
  drag?(store: EditorStore, event: MapPointerEvent): void;
  dragEnd?(store: EditorStore, event: MapPointerEvent): void;
  /** Backspace on the map. */
  delete?(store: EditorStore): void;
  /** The Done button while drawing links. */
  done?(store: EditorStore): void;
  /** The Reset button while drawing a lasso. */
  reset?(store: EditorStore): void;
  /** Escape: drop what is being drawn (the store then returns to Select). */
  cancel?(store: EditorStore): void;
}
