/**
 * What each tab of the form shows (issue 25): every param the file has, at every level — the schema's fields where
 * the schema has one, the other params of the module and of its parametersets as plain fields — and, for params the
 * file does not have, what the level offers: the schema's fields of the level and, at the expert level, every other
 * param MATSim documents for the module (the config catalogue of @corridor/matsim).
 */
import {
  canonicalModuleName,
  canonicalParamName,
  moduleDoc,
  paramDoc,
  type Config,
  type ConfigEntry,
  type ParamDoc,
} from '@corridor/matsim/config-text';
import type { Field, GroupItem, Level, ModuleTab, Schema } from '../schema/types.ts';
import { entryParamPath, groupEntries, readEntryValue, readValue, splitBinding, type EntryRef } from './binding.ts';
import { itemVisible, matchesStrategies, viewContext } from './form.ts';

type ViewContext = ReturnType<typeof viewContext>;

/** A param shown as a plain field: one the file has (`path`), or one MATSim documents that the file lacks. */
export interface ParamView {
  /** Stable across edits (a param typed into becomes one the file has without moving or losing focus). */
  key: string;
  name: string;
  value?: string;
  /** Where the file has it: module index, then entry indices. */
  path?: number[];
  /** Where a param the file lacks goes: the parameterset's path; absent for a module-level param. */
  target?: number[];
  doc?: ParamDoc;
}

/** A parameterset the schema has no group for (scoring's scoringParameters, a contrib's sets), with what it holds. */
export interface SetView {
  key: string;
  type: string;
  path: number[];
  params: ParamView[];
  sets: SetView[];
}

export interface TabView {
  module: string;
  fields: Field[];
  groups: GroupItem[];
  params: ParamView[];
  sets: SetView[];
}

/** What one entry of a group shows: the group's fields and any other params and sets the entry has. */
export interface EntryView {
  fields: Field[];
  params: ParamView[];
  sets: SetView[];
}

const pathKey = (path: readonly number[]) => path.join('/');

/**
 * Keys by place and name, not by index: a param MATSim documents that the file lacks keeps its key once typed into
 * (it is then appended to the file), so its field keeps focus. A name the file has twice gets `#2`, `#3`, ….
 */
function keyMaker(prefix: string): (name: string) => string {
  const seen = new Map<string, number>();
  return (name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? `${prefix}:${name}` : `${prefix}:${name}#${count}`;
  };
}
const byName = (a: ParamView, b: ParamView) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.key.localeCompare(b.key);

function fieldApplies(field: Field, context: ViewContext): boolean {
  return field.naming === undefined || field.naming === context.naming;
}

function moduleFields(schema: Schema): Field[] {
  return schema.flatMap((tab) => tab.items.filter((item): item is Field => item.kind !== 'group'));
}

function moduleGroups(schema: Schema, module: string): GroupItem[] {
  return schema.flatMap((tab) => tab.items.filter((item): item is GroupItem => item.kind === 'group' && splitBinding(item.binding).module === module));
}

/** The param a group field names inside its parameterset (`drtfare.basefare` → `basefare` of set `drtfare`). */
function fieldPlace(group: GroupItem, field: Field): { set: string; param: string } {
  const parts = field.binding.split('.');
  return { set: parts.length > 1 ? parts[parts.length - 2]! : splitBinding(group.binding).rest, param: parts[parts.length - 1]! };
}

/** MATSim's description and default of a schema field (of a group when `group` is given). */
export function fieldDoc(field: Field, group?: GroupItem): ParamDoc | undefined {
  if (!group) {
    const { module, rest } = splitBinding(field.binding);
    return paramDoc(module, rest);
  }
  const { set, param } = fieldPlace(group, field);
  return paramDoc(splitBinding(group.binding).module, param, set);
}

/** Whether the tab offers its level's fields for params the file lacks (strategy-dependent and optional modules). */
function tabOpen(tab: ModuleTab | undefined, config: Config, context: ViewContext): boolean {
  if (!tab) return true;
  if (!matchesStrategies(tab.visibleWhen, context.strategies)) return false;
  if (!tab.optional || context.level === 'expert') return true;
  return tab.items.some((item) => {
    const { module } = splitBinding(item.binding);
    return config.modules.some((found) => canonicalModuleName(found.name) === module);
  });
}

function moduleIndices(config: Config, module: string): number[] {
  return config.modules.flatMap((found, m) => (canonicalModuleName(found.name) === module ? [m] : []));
}

/** Params of a parameterset (or of a module when `type` is undefined) MATSim documents but `present` lacks. */
function offered(module: string, type: string | undefined, present: ReadonlySet<string>, excluded: ReadonlySet<string>): string[] {
  const doc = moduleDoc(module);
  if (!doc) return [];
  const params = type === undefined ? doc.params : (doc.sets[type] ?? {});
  return Object.keys(params).filter((name) => !present.has(name) && !excluded.has(name));
}

interface SetWalk {
  config: Config;
  module: string;
  level: Level;
  /** Params shown elsewhere (by schema fields), by path key. */
  covered: ReadonlySet<string>;
  /** Sets shown as group entries, by path key. */
  entries: ReadonlySet<string>;
}

/** A generic parameterset: its params not shown elsewhere, nested sets; undefined when it has nothing to show. */
function setView(walk: SetWalk, path: number[], type: string, setEntries: readonly ConfigEntry[], excluded: ReadonlySet<string> = new Set()): SetView | undefined {
  const { params, sets } = entriesView(walk, path, setEntries, type, excluded);
  if (params.length === 0 && sets.length === 0) return undefined;
  return { key: `set:${pathKey(path)}`, type, path, params, sets };
}

function entriesView(walk: SetWalk, path: number[], list: readonly ConfigEntry[], type: string, excluded: ReadonlySet<string>): { params: ParamView[]; sets: SetView[] } {
  const params: ParamView[] = [];
  const sets: SetView[] = [];
  const present = new Set<string>();
  const key = keyMaker(`param:${pathKey(path)}`);
  list.forEach((entry, index) => {
    const at = [...path, index];
    if (entry.kind === 'param') {
      present.add(entry.name);
      if (walk.covered.has(pathKey(at))) return;
      params.push({ key: key(entry.name), name: entry.name, value: entry.value, path: at, doc: paramDoc(walk.module, entry.name, type) });
    } else if (entry.kind === 'parameterset' && !walk.entries.has(pathKey(at))) {
      const view = setView(walk, at, entry.type, entry.entries);
      if (view) sets.push(view);
    }
  });
  if (walk.level === 'expert') {
    for (const name of offered(walk.module, type, present, excluded)) {
      params.push({ key: key(name), name, target: path, doc: paramDoc(walk.module, name, type) });
    }
  }
  // MATSim writes params in alphabetical order; a param typed into keeps its place.
  return { params: params.sort(byName), sets };
}

/** Param paths the schema's fields show in every entry of the module's groups, and the paths of those entries. */
function groupCoverage(config: Config, groups: readonly GroupItem[]): { covered: Set<string>; entries: Set<string> } {
  const covered = new Set<string>();
  const entries = new Set<string>();
  for (const group of groups) {
    for (const ref of groupEntries(config, group)) {
      if (ref.kind === 'set') entries.add(pathKey(ref.path));
      for (const field of group.fields) {
        const path = entryParamPath(config, ref, field);
        if (path) covered.add(pathKey(path));
      }
    }
  }
  return { covered, entries };
}

/** Whether a module-level param is one a flat-indexed group reads (`Module_1`, `activityType_0`). */
function isFlatGroupParam(name: string, groups: readonly GroupItem[]): boolean {
  return groups.some((group) => group.flatIndex && group.fields.some((field) => field.flat && name.startsWith(`${field.flat}_`)));
}

function tabView(schema: Schema, config: Config, context: ViewContext, module: string, tab: ModuleTab | undefined): TabView {
  const open = tabOpen(tab, config, context);
  const items = tab?.items ?? [];
  const fields = items.filter(
    (item): item is Field => item.kind !== 'group' && fieldApplies(item, context) && (readValue(config, item.binding) !== undefined || (open && itemVisible(item, context))),
  );
  const groups = items.filter(
    (item): item is GroupItem => item.kind === 'group' && (groupEntries(config, item).length > 0 || (open && itemVisible(item, context))),
  );

  // Module-level params the schema's fields show (wherever their tab is), and every param name the schema binds.
  const schemaFields = moduleFields(schema).filter((field) => splitBinding(field.binding).module === module);
  const shownByField = new Set(schemaFields.filter((field) => fieldApplies(field, context)).map((field) => splitBinding(field.binding).rest));
  const boundNames = new Set(schemaFields.map((field) => splitBinding(field.binding).rest));
  const ownGroups = moduleGroups(schema, module);
  const coverage = groupCoverage(config, ownGroups);
  const walk: SetWalk = { config, module, level: context.level, covered: coverage.covered, entries: coverage.entries };

  const params: ParamView[] = [];
  const sets: SetView[] = [];
  const present = new Set<string>();
  const key = keyMaker(`param:${module}`);
  for (const m of moduleIndices(config, module)) {
    config.modules[m]!.entries.forEach((entry, e) => {
      if (entry.kind === 'param') {
        const name = canonicalParamName(module, entry.name);
        present.add(name);
        if (shownByField.has(name) || isFlatGroupParam(entry.name, ownGroups)) return;
        params.push({ key: key(name), name: entry.name, value: entry.value, path: [m, e], doc: paramDoc(module, entry.name) });
      } else if (entry.kind === 'parameterset' && !coverage.entries.has(pathKey([m, e]))) {
        const view = setView(walk, [m, e], entry.type, entry.entries);
        if (view) sets.push(view);
      }
    });
  }
  // A strategy-dependent tab offers nothing while no such strategy is selected.
  if (context.level === 'expert' && open) {
    for (const name of offered(module, undefined, present, boundNames)) params.push({ key: key(name), name, doc: paramDoc(module, name) });
  }
  return { module, fields, groups, params: params.sort(byName), sets };
}

/**
 * The tabs of the form: the schema's modules (in the schema's order) and then every other module the file has (in
 * file order), each with what it shows at the level; a tab with nothing to show is left out.
 */
export function formView(schema: Schema, config: Config, level: Level): TabView[] {
  const context = viewContext(config, level);
  const known = new Set(schema.map((tab) => tab.module));
  const others = [...new Set(config.modules.map((module) => canonicalModuleName(module.name)))].filter((module) => !known.has(module));
  return [...schema.map((tab) => tabView(schema, config, context, tab.module, tab)), ...others.map((module) => tabView(schema, config, context, module, undefined))].filter(
    (view) => view.fields.length > 0 || view.groups.length > 0 || view.params.length > 0 || view.sets.length > 0,
  );
}

/** What one entry of a group shows at the level: the group's fields of the level and any the entry sets, and the rest. */
export function entryView(config: Config, group: GroupItem, ref: EntryRef, level: Level): EntryView {
  const context = viewContext(config, level);
  const fields = group.fields.filter((field) => fieldApplies(field, context) && (readEntryValue(config, ref, field) !== undefined || itemVisible(field, context)));
  if (ref.kind === 'flat') return { fields, params: [], sets: [] };
  const { module, rest: type } = splitBinding(group.binding);
  const coverage = groupCoverage(config, [group]);
  const walk: SetWalk = { config, module, level, covered: coverage.covered, entries: coverage.entries };
  const bound = new Set(group.fields.filter((field) => !field.binding.includes('.')).map((field) => field.binding));
  let list: readonly ConfigEntry[] = config.modules[ref.path[0]!]!.entries;
  for (const index of ref.path.slice(1)) {
    const entry = list[index];
    list = entry?.kind === 'parameterset' ? entry.entries : [];
  }
  const { params, sets } = entriesView(walk, [...ref.path], list, type, bound);
  return { fields, params, sets };
}

/** Every param path (module index first) the form shows at the level: what the completeness test compares with the file. */
export function shownParamPaths(schema: Schema, config: Config, level: Level): Set<string> {
  const shown = new Set<string>();
  const addSet = (view: SetView) => {
    for (const param of view.params) if (param.path) shown.add(pathKey(param.path));
    view.sets.forEach(addSet);
  };
  for (const tab of formView(schema, config, level)) {
    for (const field of tab.fields) {
      // A module-level field shows the value MATSim reads (the last occurrence) for every occurrence of its name.
      const { module, rest } = splitBinding(field.binding);
      for (const m of moduleIndices(config, module)) {
        config.modules[m]!.entries.forEach((entry, e) => {
          if (entry.kind === 'param' && canonicalParamName(module, entry.name) === canonicalParamName(module, rest)) shown.add(pathKey([m, e]));
        });
      }
    }
    for (const group of tab.groups) {
      for (const ref of groupEntries(config, group)) {
        const view = entryView(config, group, ref, level);
        for (const field of view.fields) {
          const path = entryParamPath(config, ref, field);
          if (path) shown.add(pathKey(path));
        }
        for (const param of view.params) if (param.path) shown.add(pathKey(param.path));
        view.sets.forEach(addSet);
      }
    }
    for (const param of tab.params) if (param.path) shown.add(pathKey(param.path));
    tab.sets.forEach(addSet);
  }
  return shown;
}

/** Every param path of the file (modules and parametersets). */
export function allParamPaths(config: Config): Set<string> {
  const all = new Set<string>();
  const walk = (entries: readonly ConfigEntry[], path: number[]) =>
    entries.forEach((entry, index) => {
      if (entry.kind === 'param') all.add(pathKey([...path, index]));
      else if (entry.kind === 'parameterset') walk(entry.entries, [...path, index]);
    });
  config.modules.forEach((module, m) => walk(module.entries, [m]));
  return all;
}
