/**
 * Reads values from and writes values into a Config with the file's naming (spec 1 §2.14). Pure: every change
 * returns a new Config, and everything the schema does not touch (unknown modules, params, comments) stays as it was.
 */
import {
  canonicalModuleName,
  configNaming,
  getParam,
  moduleNameFor,
  setParam,
  type Config,
  type ConfigEntry,
  type ConfigModule,
  type ConfigParameterSet,
} from '@corridor/matsim/config-text';
import type { Field, GroupItem } from '../schema/types.ts';

/** `controller.lastIteration` → module `controller`, rest `lastIteration` (the rest may hold further dots). */
export function splitBinding(binding: string): { module: string; rest: string } {
  const dot = binding.indexOf('.');
  return { module: binding.slice(0, dot), rest: binding.slice(dot + 1) };
}

/** The name the module has (or would get) in this config: `controller` → `controler` in an old-naming file. */
export function moduleNameIn(config: Config, module: string): string {
  return moduleNameFor(module, configNaming(config));
}

/** A module-level field's value; undefined when the file does not set it. */
export function readValue(config: Config, binding: string): string | undefined {
  const { module, rest } = splitBinding(binding);
  return getParam(config, module, rest);
}

/** Sets a module-level field; clearing a param the file does not have changes nothing. */
export function writeValue(config: Config, binding: string, value: string): Config {
  const { module, rest } = splitBinding(binding);
  if (value === '' && getParam(config, module, rest) === undefined) return config;
  return setParam(config, module, rest, value);
}

/**
 * One entry of a repeated group: a parameterset (`path`: module index, then entry indices down to the set) or,
 * in old files, the flat params `<name>_<suffix>` of one module.
 */
export type EntryRef = { kind: 'set'; path: readonly number[] } | { kind: 'flat'; module: number; suffix: string };

const isSet = (entry: ConfigEntry | undefined): entry is ConfigParameterSet => entry?.kind === 'parameterset';

function moduleIndices(config: Config, module: string): number[] {
  const canonical = canonicalModuleName(module);
  return config.modules.flatMap((found, m) => (canonicalModuleName(found.name) === canonical ? [m] : []));
}

function flatNames(group: GroupItem): string[] {
  return group.fields.flatMap((field) => (field.flat ? [field.flat] : []));
}

/** The entries of a repeated group, in file order (flat entries after the parametersets of their module). */
export function groupEntries(config: Config, group: GroupItem): EntryRef[] {
  const { module, rest: type } = splitBinding(group.binding);
  const refs: EntryRef[] = [];
  for (const m of moduleIndices(config, module)) {
    const entries = config.modules[m]!.entries;
    entries.forEach((entry, e) => {
      if (!isSet(entry)) return;
      if (entry.type === type) refs.push({ kind: 'set', path: [m, e] });
      else if (group.within?.includes(entry.type)) {
        entry.entries.forEach((inner, i) => {
          if (isSet(inner) && inner.type === type) refs.push({ kind: 'set', path: [m, e, i] });
        });
      }
    });
    if (!group.flatIndex) continue;
    const names = flatNames(group);
    const suffixes: string[] = [];
    for (const entry of entries) {
      if (entry.kind !== 'param') continue;
      const suffix = names.map((name) => (entry.name.startsWith(`${name}_`) ? entry.name.slice(name.length + 1) : undefined)).find(Boolean);
      if (suffix && !suffixes.includes(suffix)) suffixes.push(suffix);
    }
    for (const suffix of suffixes) refs.push({ kind: 'flat', module: m, suffix });
  }
  return refs;
}

function setAt(config: Config, path: readonly number[]): ConfigParameterSet {
  const [m, ...rest] = path;
  let entries: ConfigEntry[] = config.modules[m!]!.entries;
  let set: ConfigParameterSet | undefined;
  for (const index of rest) {
    const entry = entries[index];
    if (!isSet(entry)) throw new Error('The entry is not a parameterset.');
    set = entry;
    entries = entry.entries;
  }
  if (!set) throw new Error('The path does not reach a parameterset.');
  return set;
}

/** The entries list reached by a path (a module's entries for a path of one index). */
function replaceEntries(entries: ConfigEntry[], path: readonly number[], change: (entries: ConfigEntry[]) => ConfigEntry[]): ConfigEntry[] {
  if (path.length === 0) return change(entries);
  const [index, ...rest] = path;
  return entries.map((entry, i) => (i === index && isSet(entry) ? { ...entry, entries: replaceEntries(entry.entries, rest, change) } : entry));
}

function changeModule(config: Config, m: number, change: (module: ConfigModule) => ConfigModule): Config {
  return { ...config, modules: config.modules.map((module, i) => (i === m ? change(module) : module)) };
}

/** Changes the entries of the module or parameterset at `path` (module index first). */
function changeEntriesAt(config: Config, path: readonly number[], change: (entries: ConfigEntry[]) => ConfigEntry[]): Config {
  const [m, ...rest] = path;
  return changeModule(config, m!, (module) => ({ ...module, entries: replaceEntries(module.entries, rest, change) }));
}

/** `drtfare.basefare` → sets [`drtfare`], param `basefare`. */
function splitPath(binding: string): { sets: string[]; param: string } {
  const parts = binding.split('.');
  return { sets: parts.slice(0, -1), param: parts[parts.length - 1]! };
}

/** Index path (relative to `entries`) of the param a field binding names, following the first set of each type. */
function locate(entries: readonly ConfigEntry[], binding: string): number[] | undefined {
  const { sets, param } = splitPath(binding);
  const path: number[] = [];
  let list = entries;
  for (const type of sets) {
    const index = list.findIndex((entry) => isSet(entry) && entry.type === type);
    if (index < 0) return undefined;
    path.push(index);
    list = (list[index] as ConfigParameterSet).entries;
  }
  let found = -1;
  list.forEach((entry, i) => {
    if (entry.kind === 'param' && entry.name === param) found = i;
  });
  return found < 0 ? undefined : [...path, found];
}

function bindingsOf(field: Field): string[] {
  return field.legacyBinding ? [field.binding, field.legacyBinding] : [field.binding];
}

function paramAt(entries: readonly ConfigEntry[], path: readonly number[]): string {
  let list = entries;
  for (const index of path.slice(0, -1)) list = (list[index] as ConfigParameterSet).entries;
  const entry = list[path[path.length - 1]!];
  return entry?.kind === 'param' ? entry.value : '';
}

/** A field of one group entry; undefined when the entry does not set it. */
export function readEntryValue(config: Config, ref: EntryRef, field: Field): string | undefined {
  if (ref.kind === 'flat') {
    if (!field.flat) return undefined;
    const name = `${field.flat}_${ref.suffix}`;
    let value: string | undefined;
    for (const entry of config.modules[ref.module]!.entries) if (entry.kind === 'param' && entry.name === name) value = entry.value;
    return value;
  }
  const entries = setAt(config, ref.path).entries;
  for (const binding of bindingsOf(field)) {
    const path = locate(entries, binding);
    if (path) return paramAt(entries, path);
  }
  return undefined;
}

function setValueIn(entries: ConfigEntry[], path: readonly number[], value: string): ConfigEntry[] {
  return replaceEntries(entries, path.slice(0, -1), (list) =>
    list.map((entry, i) => (i === path[path.length - 1] && entry.kind === 'param' ? { ...entry, value } : entry)),
  );
}

/** Appends a param, creating the nested parametersets of the binding that are missing. */
function appendParam(entries: ConfigEntry[], binding: string, value: string): ConfigEntry[] {
  const { sets, param } = splitPath(binding);
  if (sets.length === 0) return [...entries, { kind: 'param', name: param, value }];
  const [type, ...deeper] = sets;
  const index = entries.findIndex((entry) => isSet(entry) && entry.type === type);
  const inner = [...deeper, param].join('.');
  if (index < 0) return [...entries, { kind: 'parameterset', type: type!, entries: appendParam([], inner, value) }];
  return entries.map((entry, i) => (i === index && isSet(entry) ? { ...entry, entries: appendParam(entry.entries, inner, value) } : entry));
}

/** Sets a field of one group entry where the file has it, else where the file's naming keeps it. */
export function writeEntryValue(config: Config, ref: EntryRef, field: Field, value: string): Config {
  if (ref.kind === 'flat') {
    if (!field.flat) return config;
    const name = `${field.flat}_${ref.suffix}`;
    const module = config.modules[ref.module]!;
    const exists = module.entries.some((entry) => entry.kind === 'param' && entry.name === name);
    if (!exists && value === '') return config;
    return changeModule(config, ref.module, (found) => ({
      ...found,
      entries: exists
        ? found.entries.map((entry) => (entry.kind === 'param' && entry.name === name ? { ...entry, value } : entry))
        : [...found.entries, { kind: 'param', name, value }],
    }));
  }
  const entries = setAt(config, ref.path).entries;
  for (const binding of bindingsOf(field)) {
    const path = locate(entries, binding);
    if (path) return changeEntriesAt(config, ref.path, (list) => setValueIn(list, path, value));
  }
  if (value === '') return config;
  const target = field.legacyBinding && configNaming(config) === 'old' ? field.legacyBinding : field.binding;
  return changeEntriesAt(config, ref.path, (list) => appendParam(list, target, value));
}

/** Removes one entry of a group: its parameterset, or every flat param with its suffix. */
export function removeEntry(config: Config, ref: EntryRef, group: GroupItem): Config {
  if (ref.kind === 'set') {
    const parent = ref.path.slice(0, -1);
    const index = ref.path[ref.path.length - 1];
    return changeEntriesAt(config, parent, (list) => list.filter((_, i) => i !== index));
  }
  const names = new Set(flatNames(group).map((name) => `${name}_${ref.suffix}`));
  return changeModule(config, ref.module, (module) => ({
    ...module,
    entries: module.entries.filter((entry) => entry.kind !== 'param' || !names.has(entry.name)),
  }));
}

/** Adds an entry with the group's starting params after the last parameterset entry (or where the file keeps them). */
export function addEntry(config: Config, group: GroupItem): Config {
  const { module, rest: type } = splitBinding(group.binding);
  const set: ConfigParameterSet = {
    kind: 'parameterset',
    type,
    entries: Object.entries(group.newEntry).map(([name, value]) => ({ kind: 'param', name, value })),
  };
  const last = groupEntries(config, group).filter((ref) => ref.kind === 'set').at(-1);
  if (last?.kind === 'set') {
    const parent = last.path.slice(0, -1);
    const after = last.path[last.path.length - 1]! + 1;
    return changeEntriesAt(config, parent, (list) => [...list.slice(0, after), set, ...list.slice(after)]);
  }
  const modules = moduleIndices(config, module);
  const m = modules.at(-1);
  if (m === undefined) return { ...config, modules: [...config.modules, { name: moduleNameIn(config, module), entries: [set] }] };
  const container = config.modules[m]!.entries.findIndex((entry) => isSet(entry) && (group.within ?? []).includes(entry.type));
  const path = container >= 0 ? [m, container] : [m];
  return changeEntriesAt(config, path, (list) => [...list, set]);
}

/**
 * Index path (relative to the entry's parameterset) of the param a group field reads in one entry, or for a flat
 * entry the module-level index of its `<flat>_<suffix>` param; undefined when the entry does not set it.
 */
export function entryParamPath(config: Config, ref: EntryRef, field: Field): number[] | undefined {
  if (ref.kind === 'flat') {
    if (!field.flat) return undefined;
    const name = `${field.flat}_${ref.suffix}`;
    let found: number[] | undefined;
    config.modules[ref.module]!.entries.forEach((entry, e) => {
      if (entry.kind === 'param' && entry.name === name) found = [ref.module, e];
    });
    return found;
  }
  const entries = setAt(config, ref.path).entries;
  for (const binding of bindingsOf(field)) {
    const path = locate(entries, binding);
    if (path) return [...ref.path, ...path];
  }
  return undefined;
}

/** The param at an index path (module index first). */
export function paramAtPath(config: Config, path: readonly number[]): ConfigEntry | undefined {
  let entries: readonly ConfigEntry[] = config.modules[path[0]!]?.entries ?? [];
  for (const index of path.slice(1, -1)) {
    const entry = entries[index];
    if (!isSet(entry)) return undefined;
    entries = entry.entries;
  }
  return path.length > 1 ? entries[path[path.length - 1]!] : undefined;
}

/** Sets the value of the param at an index path (module index first). */
export function writeAtPath(config: Config, path: readonly number[], value: string): Config {
  const [m, ...rest] = path;
  return changeModule(config, m!, (module) => ({ ...module, entries: setValueIn(module.entries, rest, value) }));
}

/** Appends a param to the parameterset at `setPath` (module index first); an empty value changes nothing. */
export function appendToSet(config: Config, setPath: readonly number[], name: string, value: string): Config {
  if (value === '') return config;
  return changeEntriesAt(config, setPath, (list) => [...list, { kind: 'param', name, value }]);
}
