/**
 * The editor's one store. Plain class with subscribe/getState for useSyncExternalStore; every change makes a new
 * state object. DATA (the changeset's history of graph versions over one shared base of loaded entities, and what
 * is read off it) is kept apart from the VIEW (selection, hover, tool, draft, layers, filters, notices): edits,
 * history commands and loads change the data, everything else only the view, and the view never enters the history
 * (style habit 2). An edit pushes one graph version that shares everything it did not change; undo and redo move
 * the history's index (no replay). Loads add to the base (graphs keep their identity: `dataRevision` says it grew);
 * the loaded-area cache keeps the base bounded, never dropping what an edit touched or what is selected.
 */
import {
  afterLoad,
  afterSave,
  EDIT_KINDS,
  graphOf,
  LINK,
  lists,
  TRANSIT_LINE,
  TRANSIT_ROUTE,
  TRANSIT_STOP,
  newHistory,
  NODE,
  openChangeset,
  push,
  redo,
  refusals,
  refusalText,
  rename,
  replace,
  savedGraphOf,
  scenarioBase,
  SCENARIO_INDEXES,
  ScenarioGraph,
  undo,
  UNSAVED_ID,
  type ChangesetHistory,
  type GraphBase,
  type GraphEntity,
} from '@corridor/changesets';
import type { DrtFileKind, LinkAttribute, Modification, NetworkCondition, NetworkLink, NetworkNode, NetworkQueryAnswer } from '@corridor/contract';
import { DRT_ENTITY_KIND } from '../groups/drt/kinds.ts';
import { EDITOR_GROUPS } from '../groups/index.ts';
import { fromAnswer } from '../model/answer.ts';
import { LoadedAreas, type AreaLimits } from './loadedAreas.ts';
import { lineTabId, NO_SELECTION, vehicleTabId, type DrtGeneration, type DrtMode, type DrtView, type ServiceAreaMode, type Draft, type FlyTarget, type LineTab, type EditorData, type EditorRefusal, type EditorState, type EditorView, type Selection, type ToolId } from './types.ts';

/** Issue 27 (docs/decisions.md "loaded-area cache"): 12 areas, at most 400,000 distinct links among them. */
export const AREA_LIMITS: AreaLimits = { maxAreas: 12, maxEntities: { [LINK]: 400_000 } };

/** The data read off a history. */
function dataOf(history: ChangesetHistory): Pick<EditorData, 'history' | 'graph' | 'saved' | 'lists' | 'applyErrors'> {
  return { history, graph: graphOf(history), saved: savedGraphOf(history), lists: lists(history), applyErrors: refusals(history.versions) };
}

const INITIAL_VIEW: EditorView = {
  selection: NO_SELECTION,
  hover: {},
  // Edit mode starts on: the first group's select handler (the network's Select).
  tool: EDITOR_GROUPS.groups[0]?.selectTool ?? EDITOR_GROUPS.plainSelect,
  editMode: true,
  calculateDiff: false,
  filters: [],
  draft: null,
  layers: { network: true, outline: true, transit: true, drt: false },
  drt: { mode: 'stops', areaMode: 'view', generation: 'none', area: null, vehicleTabs: [] },
  lineTabs: [],
  refusal: null,
  flyTo: null,
  shownTab: null,
  assigningStop: null,
};

export interface EditorStoreOptions {
  readonly areaLimits?: AreaLimits;
  /** The view's `calculateDiff` to start with (the address's `?diff=1`). */
  readonly calculateDiff?: boolean;
  /** Whether there is a transit schedule: the Public Transport layer starts on with one, off without. */
  readonly transit?: boolean;
  /** Whether the scenario has DRT files: the DRT layer starts on with them, off without. */
  readonly drt?: boolean;
}

/** A changeset as opened or answered by a save: what the editor keeps of it. */
export interface OpenedChangeset {
  readonly id: number;
  readonly name: string;
  readonly modifications: readonly Modification[];
  readonly baseFile?: EditorData['baseFile'];
}

/**
 * Spec 2 §8: a saved changeset whose public transport modifications do not apply to the loaded schedule is logged
 * with "Failed to apply modifications on data" (the modification list shows each one with its reason too).
 */
function logTransitFailures(history: ChangesetHistory): void {
  const failed = history.versions.savedSkipped.filter(({ index }) => EDITOR_GROUPS.groupOfModification(history.versions.savedModifications[index]?.type ?? '')?.id === 'transit');
  if (failed.length > 0) console.error('Failed to apply modifications on data', failed.map(({ index, refusal }) => `#${index + 1}: ${refusalText(refusal)}`));
}

export class EditorStore {
  private state: EditorState;
  private readonly listeners = new Set<() => void>();
  private flySeq = 0;
  private loadSeq = 0;
  /** The entities loaded for this editor (one network file), shared by every graph version of every history. */
  private readonly base: GraphBase = scenarioBase();
  /** The graph with nothing applied: what New and Open start from. */
  private readonly root = ScenarioGraph.of(this.base);
  private readonly areas: LoadedAreas;
  private transitLoaded = false;
  /** The DRT file whose items the base holds now, per kind (null: cleared; absent: none loaded yet). */
  private readonly drtLoaded: Partial<Record<DrtFileKind, number | null>> = {};

  constructor(options: EditorStoreOptions = {}) {
    this.areas = new LoadedAreas(options.areaLimits ?? AREA_LIMITS);
    this.state = {
      ...dataOf(newHistory(this.root)),
      baseFile: undefined,
      dataRevision: 0,
      transitRevision: 0,
      drtRevision: 0,
      linkAttributes: [],
      exceedsLimit: false,
      ...INITIAL_VIEW,
      calculateDiff: options.calculateDiff ?? INITIAL_VIEW.calculateDiff,
      layers: { ...INITIAL_VIEW.layers, transit: options.transit ?? false, drt: options.drt ?? false },
    };
  }

  getState = (): EditorState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<EditorState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** A new history and what is read off it, with view changes that go with it. */
  private setHistory(history: ChangesetHistory, patch: Partial<EditorState> = {}): void {
    this.set({ ...dataOf(history), ...patch });
  }

  /**
   * Applies one modification and records it. Answers the reason in English (for the console) when it cannot apply
   * (view mode, or the modification's own `disabled`, which is also kept as `refusal` for the map), else undefined.
   */
  perform(mod: Modification): string | undefined {
    if (!this.state.editMode) return 'view mode';
    if (!EDIT_KINDS.knows(mod)) return this.refuse({ code: 'notNetwork', params: { type: mod.type } });
    const reason = EDIT_KINDS.disabled(this.state.graph, mod);
    if (reason) return this.refuse(reason);
    this.setHistory(push(this.state.history, mod), { refusal: null });
    return undefined;
  }

  /** Shows why something a tool tried cannot be done (a refusal that is not a modification's own). */
  refuseWith(reason: EditorRefusal): string {
    return this.refuse(reason);
  }

  private refuse(reason: EditorRefusal): string {
    this.set({ refusal: { seq: (this.state.refusal?.seq ?? 0) + 1, reason } });
    return reason.code === 'notNetwork' ? `not a network modification: ${reason.params.type}` : refusalText(reason);
  }

  dismissRefusal(): void {
    if (this.state.refusal) this.set({ refusal: null });
  }

  /** Swaps the last unsaved modification when `when` holds for it (refining one drag), else pushes. */
  performOrReplace(mod: Modification, when: (last: Modification) => boolean): string | undefined {
    const last = this.state.lists.unsaved.at(-1);
    if (!last || !when(last)) return this.perform(mod);
    if (!this.state.editMode) return 'view mode';
    this.setHistory(replace(this.state.history, mod, when));
    return undefined;
  }

  undo(): void {
    this.setHistory(undo(this.state.history));
  }

  redo(): void {
    this.setHistory(redo(this.state.history));
  }

  /**
   * A new changeset: everything cleared, id -1, named Untitled. The DRT files stay loaded, so they stay its base
   * files (decisions: "Issue 29 — DRT group (web)").
   */
  newChangeset(): void {
    this.setHistory(newHistory(this.root), { baseFile: this.loadedDrtFiles(), selection: NO_SELECTION, draft: null });
  }

  /** The DRT files loaded now as a changeset's `baseFile` (undefined when none was loaded). */
  private loadedDrtFiles(): EditorData['baseFile'] {
    return Object.keys(this.drtLoaded).length > 0 ? { ...this.drtLoaded } : undefined;
  }

  /** Opens a saved changeset: its modifications as saved (replayed once on the base), the rest cleared; its base files kept. */
  open(changeset: OpenedChangeset): void {
    const history = openChangeset(this.root, changeset);
    this.setHistory(history, { baseFile: changeset.baseFile, selection: NO_SELECTION, draft: null });
    // Before the schedule is in, its modifications wait for it (loadTransit replays them then).
    if (this.transitLoaded) logTransitFailures(history);
  }

  /**
   * Unsaved modifications imported (JSON, or another saved changeset by id) join the history as one push each;
   * refused ones are kept with their reason and show in `applyErrors`.
   */
  importModifications(mods: readonly Modification[]): void {
    this.setHistory(mods.reduce((history, mod) => push(history, mod), this.state.history));
  }

  /**
   * After a save: the server's changeset becomes the saved state. An answer with id -1 starts fresh (spec 2 §4); it
   * stands on the DRT files the save wrote when the answer names them (DRT groups saved as files, nothing else),
   * else on the DRT files loaded now.
   */
  saved(answer: OpenedChangeset): void {
    const history = afterSave(this.state.history, answer);
    this.setHistory(history, { baseFile: history.id === UNSAVED_ID ? (answer.baseFile ?? this.loadedDrtFiles()) : answer.baseFile });
  }

  rename(name: string): void {
    this.setHistory(rename(this.state.history, name));
  }

  /**
   * Adds what a query loaded to the base (known features stay as they are) and the answer's attribute list. A
   * viewport answer is remembered under its area (`area`, the bbox); any other load (a changeset's ids, the search)
   * is an area of its own.
   */
  load(answer: NetworkQueryAnswer, viewport: boolean, area?: string): void {
    const { nodes, links } = fromAnswer(answer);
    this.addEntities(nodes, links, area ?? `load:${++this.loadSeq}`, {
      linkAttributes: answer.link_attributes as LinkAttribute[],
      ...(viewport ? { exceedsLimit: answer.query_exceeds_limit } : {}),
    });
  }

  /**
   * Adds a transit schedule's stops, lines and routes to the base (spec 2 §7: loaded by schedule file, whole). They
   * belong to no area and are never evicted: a schedule is small next to its network.
   */
  loadTransit(entities: { readonly stops: readonly GraphEntity[]; readonly lines: readonly GraphEntity[]; readonly routes: readonly GraphEntity[] }): void {
    const loaded = [
      { kind: TRANSIT_STOP, entities: entities.stops.filter((stop) => !this.base.has(TRANSIT_STOP, stop.id)) },
      { kind: TRANSIT_LINE, entities: entities.lines.filter((line) => !this.base.has(TRANSIT_LINE, line.id)) },
      { kind: TRANSIT_ROUTE, entities: entities.routes.filter((route) => !this.base.has(TRANSIT_ROUTE, route.id)) },
    ].filter((each) => each.entities.length > 0);
    this.transitLoaded = true;
    if (loaded.length === 0) return;
    for (const { kind, entities: added } of loaded) this.base.add(kind, added);
    const history = afterLoad(this.state.history, loaded);
    this.set({ ...(history === this.state.history ? {} : dataOf(history)), dataRevision: this.state.dataRevision + 1, transitRevision: this.state.transitRevision + 1 });
    logTransitFailures(history);
  }

  /**
   * Puts one DRT file's items into the base in place of the kind's previous file (spec 2 §4: loading or clearing a
   * vehicle, stop or service-area file updates the changeset's baseFile): `fileId` null clears the kind. The file
   * choosers are disabled while the group has unsaved changes, so only saved modifications can refer to the items
   * replaced; the history is rebuilt over the new base when they do.
   */
  loadDrt(kind: DrtFileKind, fileId: number | null, entities: readonly GraphEntity[]): void {
    const entityKind = DRT_ENTITY_KIND[kind];
    const removed = [...this.base.values(entityKind)];
    if (removed.length > 0) this.base.remove(entityKind, removed.map((entity) => entity.id));
    this.base.add(entityKind, entities);
    this.drtLoaded[kind] = fileId;
    const history = afterLoad(this.state.history, [{ kind: entityKind, entities: [...removed, ...entities] }]);
    const baseFile = { ...this.state.baseFile, [kind]: fileId };
    const changed = removed.length > 0 || entities.length > 0;
    this.set({
      ...(history === this.state.history ? {} : dataOf(history)),
      baseFile,
      ...(changed ? { dataRevision: this.state.dataRevision + 1, drtRevision: this.state.drtRevision + 1 } : {}),
    });
  }

  /**
   * Chooses the DRT file of a kind (the DRT tab's file choosers): the changeset's baseFile names it, and the DRT
   * loader loads it (or clears the kind for null). Undefined goes back to the scenario's first file of the kind.
   */
  chooseDrtFile(kind: DrtFileKind, fileId: number | null | undefined): void {
    const { [kind]: _, ...others } = this.state.baseFile ?? {};
    this.set({ baseFile: fileId === undefined ? others : { ...others, [kind]: fileId } });
  }

  /** The DRT file whose items are loaded for the kind (null: cleared; undefined: none loaded yet). */
  loadedDrtFile(kind: DrtFileKind): number | null | undefined {
    return this.drtLoaded[kind];
  }

  private setDrt(patch: Partial<DrtView>, more: Partial<EditorState> = {}): void {
    this.set({ drt: { ...this.state.drt, ...patch }, ...more });
  }

  /** The DRT tab's mode: stops or service area. */
  setDrtMode(mode: DrtMode): void {
    if (mode !== this.state.drt.mode) this.setDrt({ mode });
  }

  /** The Service Area card's mode: view, add, edit or delete. */
  setServiceAreaMode(areaMode: ServiceAreaMode): void {
    if (areaMode !== this.state.drt.areaMode) this.setDrt({ areaMode });
  }

  /** Opens a generation form (vehicles or stops) with no area drawn yet (spec 2 §4 "DRT generation"). */
  startGeneration(generation: Exclude<DrtGeneration, 'none'>): void {
    this.setDrt({ generation, area: null });
  }

  /** The area drawn for the generation (a closed ring), or null to draw again. */
  setDrtArea(area: readonly (readonly [number, number])[] | null): void {
    this.setDrt({ area });
  }

  /** Cancel: the form closes, the area is cleared and the DRT tools return to vehicle selection (spec 2 §4). */
  cancelGeneration(): void {
    const group = EDITOR_GROUPS.group('drt');
    this.setDrt({ generation: 'none', area: null }, { draft: null, ...(group && group.available(this.state) ? { tool: group.selectTool } : {}) });
  }

  /** Opens a DRT vehicle's tab, or brings its open tab forward (spec 2 §2 "Tabs"). */
  openVehicle(vehicleId: string): void {
    const tabs = this.state.drt.vehicleTabs;
    this.setDrt(tabs.includes(vehicleId) ? {} : { vehicleTabs: [...tabs, vehicleId] }, { shownTab: { seq: (this.state.shownTab?.seq ?? 0) + 1, id: vehicleTabId(vehicleId) } });
  }

  closeVehicle(vehicleId: string): void {
    if (this.state.drt.vehicleTabs.includes(vehicleId)) this.setDrt({ vehicleTabs: this.state.drt.vehicleTabs.filter((id) => id !== vehicleId) });
  }

  /** Adds nodes and links as one loaded area; then evicts the least recently used areas over the limits. */
  addEntities(nodes: readonly NetworkNode[], links: readonly NetworkLink[], area: string, patch: Partial<EditorState> = {}): void {
    this.areas.remember(area, { [NODE]: nodes.map((node) => node.id), [LINK]: links.map((link) => link.id) });
    const newNodes = nodes.filter((node) => !this.base.has(NODE, node.id));
    const newLinks = links.filter((link) => !this.base.has(LINK, link.id));
    let revision = this.state.dataRevision;
    let history = this.state.history;
    if (newNodes.length > 0 || newLinks.length > 0) {
      this.base.add(NODE, newNodes);
      this.base.add(LINK, newLinks);
      revision++;
      const loaded: { kind: string; entities: readonly GraphEntity[] }[] = [
        { kind: NODE, entities: newNodes },
        { kind: LINK, entities: newLinks },
      ];
      history = afterLoad(history, loaded);
    }
    if (this.evict()) revision++;
    const data = history === this.state.history ? {} : dataOf(history);
    this.set({ ...patch, ...data, dataRevision: revision });
  }

  /** Drops the base entities of areas over the limits, keeping what edits touched and what is selected. */
  private evict(): boolean {
    const keep = this.keeper();
    let removed = false;
    for (const [kind, ids] of this.areas.evict(keep)) {
      const present = ids.filter((id) => this.base.has(kind, id));
      if (present.length === 0) continue;
      this.base.remove(kind, present);
      removed = true;
    }
    return removed;
  }

  /**
   * What must stay in the base: every entity an edit of the history changed (the last version's overlay holds the
   * changes of all versions), what those refer to and what refers to them with its own ends (a changed link's nodes,
   * a moved node's links and their other nodes: so edits stay drawn and replay the same), and the selection.
   */
  private keeper(): (kind: string, id: string) => boolean {
    const latest = this.state.history.versions.entries.at(-1)!.graph;
    const kept = new Map<string, Set<string>>();
    const add = (kind: string, id: string) => {
      let set = kept.get(kind);
      if (!set) kept.set(kind, (set = new Set()));
      set.add(id);
    };
    if (latest.changedCount > 0) {
      for (const index of SCENARIO_INDEXES) {
        for (const [id, now] of latest.changedEntities(index.kind)) {
          for (const entity of [now, this.base.get(index.kind, id)]) if (entity) for (const key of index.keys(entity)) add(index.keyKind, key);
        }
        for (const [id] of latest.changedEntities(index.keyKind)) {
          for (const referrer of latest.referrers(index.name, id)) {
            add(index.kind, referrer);
            const entity = latest.get(index.kind, referrer);
            if (entity) for (const key of index.keys(entity)) add(index.keyKind, key);
          }
        }
      }
    }
    for (const [kind, id] of EDITOR_GROUPS.selectedEntities(this.state.selection)) add(kind, id);
    return (kind, id) => latest.changed(kind, id) || (kept.get(kind)?.has(id) ?? false);
  }

  /**
   * Selects; a selection of another group's type switches to the handler its type names (spec 2 §2, groups/). With
   * `fly`, the map flies to where the selection's type says.
   */
  select(selection: Selection, options: { fly?: boolean } = {}): void {
    const target = options.fly ? EDITOR_GROUPS.flyTarget(selection, this.state.graph) : undefined;
    const tool = EDITOR_GROUPS.toolForSelection(this.state.tool, selection);
    this.set({
      selection,
      ...(tool !== this.state.tool ? { tool, draft: null } : {}),
      ...(target ? { flyTo: { seq: ++this.flySeq, ...target } } : {}),
    });
  }

  hover(hover: EditorState['hover']): void {
    const now = this.state.hover;
    if (
      hover.linkId === now.linkId &&
      hover.nodeId === now.nodeId &&
      hover.stopGroup === now.stopGroup &&
      hover.route === now.route &&
      hover.drtVehicles === now.drtVehicles &&
      hover.drtStop === now.drtStop
    ) {
      return;
    }
    this.set({ hover });
  }

  setTool(tool: ToolId): void {
    this.set({ tool, draft: null, assigningStop: null });
  }

  /** Starts (a stop id) or ends (null) the stop-assignment overlay; it works in transit's Select. */
  assignStop(stopId: string | null): void {
    this.set({ assigningStop: stopId, ...(stopId !== null ? { tool: 'transit/select' as ToolId, draft: null } : {}) });
  }

  /** Several modifications one after the other (a stop assignment that first adds a self-loop); stops at a refusal. */
  performAll(mods: readonly Modification[]): string | undefined {
    for (const mod of mods) {
      const reason = this.perform(mod);
      if (reason !== undefined) return reason;
    }
    return undefined;
  }

  setDraft(draft: Draft | null): void {
    this.set({ draft });
  }

  /** Edit or view mode; the tool follows the §2 rules for edit modes turned on or off (groups/registry.ts). */
  setEditMode(editMode: boolean): void {
    this.set({ editMode, tool: EDITOR_GROUPS.toolAfterModeChange(this.state, { ...this.state, editMode }), draft: null });
  }

  setCalculateDiff(calculateDiff: boolean): void {
    if (calculateDiff !== this.state.calculateDiff) this.set({ calculateDiff });
  }

  /**
   * A layer on or off; the Public Transport and DRT layers are their groups' edit modes, so the tool follows the §2
   * rules.
   */
  setLayer(layer: keyof EditorState['layers'], on: boolean): void {
    const layers = { ...this.state.layers, [layer]: on };
    if ((layer !== 'transit' && layer !== 'drt') || on === this.state.layers[layer]) {
      this.set({ layers });
      return;
    }
    this.set({ layers, tool: EDITOR_GROUPS.toolAfterModeChange(this.state, { ...this.state, layers }), draft: null });
  }

  /**
   * Opens a line's tab, or brings its open tab forward with `routeId` chosen (spec 2 §2 "Tabs": opening a line that
   * already has a tab re-activates it and selects the route). `seq` tells the bottom area to show the tab.
   */
  openLine(lineId: string, routeId?: string): void {
    const others = this.state.lineTabs.filter((tab) => tab.lineId !== lineId);
    const before = this.state.lineTabs.find((tab) => tab.lineId === lineId);
    const tab: LineTab = { lineId, ...((routeId ?? before?.routeId) !== undefined ? { routeId: routeId ?? before?.routeId } : {}) };
    const at = before ? this.state.lineTabs.indexOf(before) : others.length;
    this.set({ lineTabs: [...others.slice(0, at), tab, ...others.slice(at)], shownTab: { seq: (this.state.shownTab?.seq ?? 0) + 1, id: lineTabId(lineId) } });
  }

  /** Asks the map to fly somewhere that is not a selection (a route chosen in a line tab). */
  flyTo(target: FlyTarget): void {
    this.set({ flyTo: { seq: ++this.flySeq, ...target } });
  }

  /** Chooses the route of an open line tab. */
  chooseRoute(lineId: string, routeId: string | undefined): void {
    this.set({ lineTabs: this.state.lineTabs.map((tab) => (tab.lineId === lineId ? { lineId, ...(routeId !== undefined ? { routeId } : {}) } : tab)) });
  }

  closeLine(lineId: string): void {
    if (this.state.lineTabs.some((tab) => tab.lineId === lineId)) this.set({ lineTabs: this.state.lineTabs.filter((tab) => tab.lineId !== lineId) });
  }

  setFilters(filters: readonly NetworkCondition[]): void {
    this.set({ filters });
  }
}
