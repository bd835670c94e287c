/**
 * The editor's edit groups as a registry (spec 2 §2 "Toolbar", "Map handlers", "Selection types", "Preview panel";
 * issue 27 "Editor state as registries"). A group (network now; public transport and DRT with issues 28 and 29)
 * declares its id and handler category, its label and shortcut, when it is offered, its tools in toolbar order (each
 * with its key, whether it changes data, its map handler and cursor), its default select tool, its selection types
 * (each with the tool that handles it), its modification types and its rows of the change summary and the save
 * dialog. What it shows (tool icons, the preview of each selection type, the toolbar search) is its view
 * (views.ts), kept apart so that this logic, the store and their tests load no React components. The toolbar, the
 * shortcuts, the map's pointer and cursor, the preview panel, the change summary and the store read the groups only
 * through these lookups, so a group plugs in by being listed in groups/index.ts and groups/views.ts, without
 * editing another group's code.
 *
 * The §2 rules of the group selector live here too (`toolAfterModeChange`, `toolForSelection`, `toolForGroup`).
 */
import type { SaveGroup } from '@corridor/contract';
import type { ParseKeys } from 'i18next';
import type { Handler } from '../state/handler.ts';
import type { GraphReader } from '@corridor/changesets';
import type { EditorState, FlyTarget, GroupSelection, HandlerCategory, Selection, ToolId } from '../state/types.ts';

/** A key of the editor's catalogue (checked by the compiler). */
export type EditorText = ParseKeys<'editor'>;

/** An edit group's id: one per handler category other than none (spec 2 §2). */
export type GroupId = Exclude<HandlerCategory, 'none'>;

export type SelectionType = GroupSelection['type'];

/** A selection of one group type. */
export type SelectionOf<K extends SelectionType> = Extract<GroupSelection, { type: K }>;

/** One tool of a group: a map mode with one handler. */
export interface GroupTool {
  readonly id: ToolId;
  /** Catalogue key of its label (button name and tooltip). */
  readonly label: EditorText;
  /** Key combinations (toolbar/keys.ts); the first is shown in the tooltip. None for a tool without a key. */
  readonly keys: readonly string[];
  /** Whether it changes data: then it is disabled in view mode. */
  readonly changesData: boolean;
  readonly handler: Handler;
  /** The map's cursor while the tool is active, given what the pointer is over. */
  cursor(hover: EditorState['hover']): string;
  /** Whether the Done button shows (drawing that can be finished), when the handler has `done`. */
  offersDone?(state: EditorState): boolean;
  /** Whether the Reset button shows (drawing that can be started over), when the handler has `reset`. */
  offersReset?(state: EditorState): boolean;
  /** False for a tool started from a panel rather than the toolbar (the DRT tab's area drawing): no button. */
  readonly toolbar?: false;
}

/** One selection type a group owns (spec 2 §2 "Selection types"). */
export interface GroupSelectionType<K extends SelectionType = SelectionType> {
  readonly type: K;
  /** The tool that handles a selection of this type when it is made while another group's tool is active. */
  readonly tool: ToolId;
  /** Whether a selection of this type always switches to its tool, also from another tool of its group (a route to edit). */
  readonly ownTool?: boolean;
  /** Whether a selection of this type brings the Preview tab to the front (spec 2 §2 "Preview panel"). */
  readonly previewToFront?: boolean;
  /** The loaded entities it refers to (kind and id): the loaded-area cache keeps them while selected. */
  entities(selection: SelectionOf<K>): Iterable<readonly [kind: string, id: string]>;
  /** Where the map flies for it when asked to (issue 11: a link, else a node). */
  flyTarget?(selection: SelectionOf<K>, graph: GraphReader): FlyTarget | undefined;
}

/** Declares a selection type with its own narrow selection (stored in the registry under the union). */
export function selectionType<K extends SelectionType>(declared: GroupSelectionType<K>): GroupSelectionType {
  return declared as unknown as GroupSelectionType;
}

/** One row of the change summary and one group of the save dialog (spec 2 §3, §4 "Saving"). */
export interface SummaryGroup {
  readonly id: SaveGroup;
  /** Entity kinds whose change flags it counts. */
  readonly kinds: readonly string[];
  /** Listed even with nothing to count (the network); others appear once they have changes. */
  readonly alwaysListed?: boolean;
}

export interface EditGroup {
  readonly id: GroupId;
  /** Its handler category (spec 2 §2): the category of every tool it registers. */
  readonly category: GroupId;
  /** Catalogue key of its name in the group selector. */
  readonly label: EditorText;
  /** Shortcut (Shift+N for the network). */
  readonly keys: readonly string[];
  /** Whether it is offered (its edit mode is on). */
  available(state: EditorState): boolean;
  /** Its tools in toolbar order. */
  readonly tools: readonly GroupTool[];
  /** Its default tool: the select handler the group starts in (spec 2 §2). */
  readonly selectTool: ToolId;
  readonly selections: readonly GroupSelectionType[];
  /** The prefixes of its modification types (`network/`; transit has `transitStop/`, `route/`, …). */
  readonly modificationPrefixes: readonly string[];
  /** Its rows of the change summary and groups of the save dialog, in the spec's order. */
  readonly summary: readonly SummaryGroup[];
}

export interface RegistryOptions {
  /**
   * The plain select handler (category none) the editor falls back to when no group is offered (spec 2 §2). It may
   * be a tool of a group: until transit and DRT bring a select of their own, view mode uses the network's Select
   * (Select and Lasso work in view mode, issue 13).
   */
  readonly plainSelect: GroupTool;
}

export class GroupRegistry {
  private readonly byTool = new Map<string, { tool: GroupTool; group?: EditGroup }>();
  private readonly bySelection = new Map<string, { type: GroupSelectionType; group: EditGroup }>();

  constructor(
    readonly groups: readonly EditGroup[],
    private readonly options: RegistryOptions,
  ) {
    const ids = new Set<string>();
    for (const group of groups) {
      if (ids.has(group.id)) throw new Error(`edit group ${group.id} registered twice`);
      ids.add(group.id);
      for (const tool of group.tools) {
        if (this.byTool.has(tool.id)) throw new Error(`tool ${tool.id} registered twice`);
        if (tool.handler.category !== group.category) throw new Error(`tool ${tool.id}: its handler is of category ${tool.handler.category}, not ${group.category}`);
        this.byTool.set(tool.id, { tool, group });
      }
      if (!group.tools.some((tool) => tool.id === group.selectTool)) throw new Error(`edit group ${group.id}: select tool ${group.selectTool} is not one of its tools`);
      for (const type of group.selections) {
        if (this.bySelection.has(type.type)) throw new Error(`selection type ${type.type} registered twice`);
        if (this.byTool.get(type.tool)?.group !== group) throw new Error(`selection type ${type.type}: tool ${type.tool} is not a tool of ${group.id}`);
        this.bySelection.set(type.type, { type, group });
      }
    }
    if (!this.byTool.has(options.plainSelect.id)) this.byTool.set(options.plainSelect.id, { tool: options.plainSelect });
  }

  group(id: GroupId): EditGroup | undefined {
    return this.groups.find((group) => group.id === id);
  }

  /** The plain select tool (category none, or a group's select standing in for it). */
  get plainSelect(): ToolId {
    return this.options.plainSelect.id;
  }

  /** The tool's declaration, the plain select's included. */
  tool(id: ToolId): GroupTool | undefined {
    return this.byTool.get(id)?.tool;
  }

  /** The group that registers the tool; none for the plain select of category none. */
  groupOfTool(id: ToolId): EditGroup | undefined {
    return this.byTool.get(id)?.group;
  }

  categoryOf(id: ToolId): HandlerCategory {
    return this.groupOfTool(id)?.category ?? 'none';
  }

  /** The map handler of a tool; an unknown id gets the plain select's. */
  handlerFor(id: ToolId): Handler {
    return (this.tool(id) ?? this.options.plainSelect).handler;
  }

  cursorFor(id: ToolId, hover: EditorState['hover']): string {
    return (this.tool(id) ?? this.options.plainSelect).cursor(hover);
  }

  /** The groups the group selector offers now, in order. */
  available(state: EditorState): EditGroup[] {
    return this.groups.filter((group) => group.available(state));
  }

  /** The group whose tools the toolbar shows: the one of the active tool (none while in the plain select). */
  activeGroup(state: EditorState): EditGroup | undefined {
    return this.groupOfTool(state.tool);
  }

  /** The select tool Escape returns to: the active group's, else the plain select. */
  selectToolOf(id: ToolId): ToolId {
    return this.groupOfTool(id)?.selectTool ?? this.plainSelect;
  }

  /** Choosing a group in the selector (or its shortcut) starts in its select handler (spec 2 §2). */
  toolForGroup(id: GroupId): ToolId {
    return this.group(id)?.selectTool ?? this.plainSelect;
  }

  /**
   * The tool after the edit modes changed from `before` to `after` (spec 2 §2 "Map handlers"):
   * - turning off an edit mode while in its category switches to the first group still offered, else the plain select;
   * - turning one on from category none selects its default select handler;
   * - otherwise changing the map edit mode returns to the select handler (of the active group; the plain select
   *   stays).
   */
  toolAfterModeChange(before: EditorState, after: EditorState): ToolId {
    const group = this.groupOfTool(before.tool);
    if (!group) return this.groups.find((candidate) => candidate.available(after) && !candidate.available(before))?.selectTool ?? before.tool;
    if (group.available(before) && !group.available(after)) return this.available(after)[0]?.selectTool ?? this.plainSelect;
    return group.selectTool;
  }

  selectionType(type: Selection['type']): GroupSelectionType | undefined {
    return this.bySelection.get(type)?.type;
  }

  groupOfSelection(type: Selection['type']): EditGroup | undefined {
    return this.bySelection.get(type)?.group;
  }

  /**
   * The tool after a selection is made (spec 2 §2: "Selecting a different type of object switches the handler"):
   * a tool of the group that owns the selection's type stays (Add Node selects the node it added), any other tool
   * (another group's, or the plain select) gives way to the type's handler. None and area keep the tool.
   */
  toolForSelection(current: ToolId, selection: Selection): ToolId {
    const entry = this.bySelection.get(selection.type);
    if (!entry || (this.groupOfTool(current) === entry.group && !entry.type.ownTool)) return current;
    return entry.type.tool;
  }

  /** The entities a selection refers to (the loaded-area cache keeps them). */
  selectedEntities(selection: Selection): Iterable<readonly [kind: string, id: string]> {
    return this.selectionType(selection.type)?.entities(selection as GroupSelection) ?? [];
  }

  /** Where to fly for a selection, when its type says. */
  flyTarget(selection: Selection, graph: GraphReader): FlyTarget | undefined {
    return this.selectionType(selection.type)?.flyTarget?.(selection as GroupSelection, graph);
  }

  /** The group a modification type belongs to, by its prefix (`network/…`). */
  groupOfModification(type: string): EditGroup | undefined {
    return this.groups.find((group) => group.modificationPrefixes.some((prefix) => type.startsWith(prefix)));
  }

  /** The change summary's rows and the save dialog's groups, group by group in registration order. */
  summaryGroups(): SummaryGroup[] {
    return this.groups.flatMap((group) => group.summary);
  }
}
