/** The editor's state shapes (spec 2 §2 "Selection types", handlers and tools). */
import type { ChangesetHistory, HistoryLists, Refusal, ScenarioGraph } from '@corridor/changesets';
import type { ChangesetBody, LinkAttribute, NetworkCondition } from '@corridor/contract';

/**
 * The map tools' ids, one key per tool (spec 2 §2 "Map handlers"). Each edit group adds its own by augmenting this
 * interface from its folder (`declare module '…/state/types.ts' { interface ToolIds { 'transit/select': true } }`),
 * so a new group never edits this file. The network's are `select`, `addNode`, `addLink`, `moveNode`, `lasso`
 * (groups/network/types.ts); new groups prefix theirs (`transit/select`).
 */
export interface ToolIds {}
export type ToolId = keyof ToolIds & string;

/** Handler categories (spec 2 §2): network now; transit and DRT slot in beside it. */
export type HandlerCategory = 'none' | 'network' | 'transit' | 'drt';

export type LngLat = readonly [number, number];

/**
 * The selection types edit groups own (spec 2 §2 "Selection types"), by type with the fields beside `type`. Each group
 * augments this interface from its folder (the network: `network-links-and-nodes` in groups/network/types.ts;
 * transit adds `transit-stop`, …), so a new group never edits this file.
 */
export interface SelectionTypes {}

/** A selection of one of the groups' types. */
export type GroupSelection = { [K in keyof SelectionTypes]: { readonly type: K } & SelectionTypes[K] }[keyof SelectionTypes];

/** Selection types of spec 2 §2: none and area belong to no group; the others are the groups'. */
export type Selection = { readonly type: 'none' } | { readonly type: 'area'; readonly polygon: readonly LngLat[] } | GroupSelection;

export const NO_SELECTION: Selection = { type: 'none' };

/** What a handler draws while it works (the temporary layer): a link being drawn, a lasso, a dragged node. */
export interface Draft {
  readonly points: readonly LngLat[];
  readonly closed?: boolean;
}

/** Why an edit was refused: the package's reasons, and a kind this editor cannot apply yet (transit, DRT). */
export type EditorRefusal = Refusal | { readonly code: 'notNetwork'; readonly params: { readonly type: string } };

/**
 * The editor's data: the changeset's history (a stack of graph versions over one shared base of loaded entities)
 * and what is read off it. Changed only by edits, history commands and loads.
 */
export interface EditorData {
  readonly history: ChangesetHistory;
  /** The graph shown now (`graphOf(history)`): what the map, panels and tools read. */
  readonly graph: ScenarioGraph;
  /** The saved graph (`savedGraphOf(history)`) the change flags compare `graph` with. */
  readonly saved: ScenarioGraph;
  /** Spec 2's lists: id, name, saved, unsaved, redo (`lists(history)`). */
  readonly lists: HistoryLists;
  /** Modifications that could not be applied to the loaded data, with the reason. */
  readonly applyErrors: readonly Refusal[];
  /**
   * The DRT files the open changeset started from (spec 2 §3 `baseFile`), as opened or as the last save answered:
   * sent back with every save so the server keeps them. None for a new changeset.
   */
  readonly baseFile: ChangesetBody['baseFile'];
  /**
   * Bumped whenever the shared base grows (a load) or shrinks (an evicted area): the graphs keep their identity
   * then, so every memo over the graph depends on this too.
   */
  readonly dataRevision: number;
  /**
   * Bumped when transit entities join the base (the schedule's load): transit views memoise on it instead of
   * `dataRevision`, so that every network area the map loads does not rebuild the schedule's stops and routes.
   */
  readonly transitRevision: number;
  /** Bumped when DRT entities join or leave the base (a DRT file loaded or cleared): DRT views memoise on it. */
  readonly drtRevision: number;
  readonly linkAttributes: readonly LinkAttribute[];
  /** The last viewport query hit the server's limit ("Viewport too large"). */
  readonly exceedsLimit: boolean;
}

/** One transit line tab: the line and the route chosen in its Routes card. */
export interface LineTab {
  readonly lineId: string;
  readonly routeId?: string;
}

/**
 * Where the map flies (spec 2 §2 "View behaviour", §9): a link's extent, a node at zoom 16, a transit stop at zoom 14
 * (`point` with `zoom`), a route's extent (`bounds`).
 */
export interface FlyTarget {
  readonly linkId?: string;
  readonly nodeId?: string;
  readonly point?: LngLat;
  readonly zoom?: number;
  readonly bounds?: readonly [LngLat, LngLat];
}

/** The bottom area's id of a line's tab. */
export const lineTabId = (lineId: string): string => `line:${lineId}`;

/** The bottom area's id of a DRT vehicle's tab (spec 2 §2 "Tabs": a closeable tab per DRT vehicle). */
export const vehicleTabId = (vehicleId: string): string => `drt-vehicle:${vehicleId}`;

/** The DRT tab's mode (spec 2 §2 "DRT tab"): its stops or its service area. */
export type DrtMode = 'stops' | 'serviceArea';
/** The Service Area card's mode (spec 2 §4 "Service area"). */
export type ServiceAreaMode = 'view' | 'add' | 'edit' | 'delete';
/** The generation form shown (spec 2 §4 "DRT generation"): none, vehicles or stops. */
export type DrtGeneration = 'none' | 'vehicles' | 'stops';

/** The DRT group's view state (groups/drt/; issue 29). Never in the history. */
export interface DrtView {
  readonly mode: DrtMode;
  readonly areaMode: ServiceAreaMode;
  readonly generation: DrtGeneration;
  /** The area drawn for a generation (closed ring, WGS84) once the drawing closed; null: none drawn yet. */
  readonly area: readonly LngLat[] | null;
  /** The open DRT vehicle tabs, by vehicle id in opening order. */
  readonly vehicleTabs: readonly string[];
}

/** The view: selection, hover, tool, drawing, layers, filters, notices, camera requests. Never in the history. */
export interface EditorView {
  readonly selection: Selection;
  /**
   * What the pointer is over: a link or node, a transit stop group (by its first stop) or route (its key), the DRT
   * vehicles of a link (`drtVehicles`: the link id) or a DRT stop.
   */
  readonly hover: {
    readonly linkId?: string;
    readonly nodeId?: string;
    readonly stopGroup?: string;
    readonly route?: string;
    readonly drtVehicles?: string;
    readonly drtStop?: string;
  };
  readonly tool: ToolId;
  /** Edit mode on (default) or view mode (tables read-only, no tools that change data). */
  readonly editMode: boolean;
  /**
   * Spec 2 §4 `calculateDiff` (off by default, `?diff=1`): the map marks the saved changeset's changes in their
   * colours and draws its deletions. Off, the saved changes are applied but only unsaved edits are marked.
   */
  readonly calculateDiff: boolean;
  readonly filters: readonly NetworkCondition[];
  readonly draft: Draft | null;
  /**
   * Layers switched on in the sidebar. `transit` is the Public Transport layer (stops, routes and their outline,
   * network routes), `drt` the DRT layer (vehicles, stops, service area): each group's edit mode is on while its
   * layer is.
   */
  readonly layers: { readonly network: boolean; readonly outline: boolean; readonly transit: boolean; readonly drt: boolean };
  /** The DRT tab's and tools' view state. */
  readonly drt: DrtView;
  /** The open transit line tabs in opening order, each with its chosen route (spec 2 §2 "Tabs", "Transit line tab"). */
  readonly lineTabs: readonly LineTab[];
  /** The stop being assigned to the network (spec 2 §2 "stop-assignment overlay"): the next map click picks its link. */
  readonly assigningStop: string | null;
  /** Bumped when something asks the bottom area to bring a tab to the front (opening a line). */
  readonly shownTab: { readonly seq: number; readonly id: string } | null;
  /** The last edit that could not be made, with its reason (shown on the map until dismissed or the next edit). */
  readonly refusal: { readonly seq: number; readonly reason: EditorRefusal } | null;
  /** Bumped when something asks the map to fly to the current selection. */
  readonly flyTo: ({ readonly seq: number } & FlyTarget) | null;
}

export interface EditorState extends EditorData, EditorView {}

/** The two graphs a reader needs to draw a feature with its change flags. */
export type Shown = Pick<EditorData, 'graph' | 'saved'>;

/** What the map draws: the graphs, and whether the saved changes are marked too (absent: they are). */
export type Drawn = Shown & { readonly calculateDiff?: boolean };
