/**
 * Compares configs setting by setting (spec 3 §2.6, the Compare Runs page). Settings are keyed the way MATSim
 * resolves them, so different spellings of the same config compare equal:
 * - modules by their canonical name (`controler` = `controller`), a module given twice read as one (later values
 *   win), module-level params by their canonical name (`BrainExpBeta` = `brainExpBeta`);
 * - parametersets by their identity, not their position: strategy settings by strategy name and subpopulation,
 *   activity params by activity type, mode params and teleported-mode params by mode, scoring parameters by
 *   subpopulation; sets of other types by their position among the sets of that type;
 * - the config_v1 `Module_N` / `activityType_N` params as the parametersets they stand for;
 * - an empty value as an absent one (MATSim uses its default for both; the editor drops empty values on save).
 */
import { canonicalModuleName, canonicalParamName } from './aliases.ts';
import { expandFlatSets } from './flat-sets.ts';
import type { Config, ConfigEntry } from './model.ts';

/** One parameterset level of a row: its type and what identifies it (`BestScore`, `home`, or `#2` by position). */
export interface ConfigCompareSet {
  type: string;
  label: string;
}

export interface ConfigCompareRow {
  /** Unique and stable across calls: module, sets and param. */
  key: string;
  /** Canonical module name. */
  module: string;
  /** The parametersets from the module down to the param; empty for a module-level param. */
  sets: ConfigCompareSet[];
  param: string;
  /** One value per config, in the order given; undefined where the config does not set it. */
  values: (string | undefined)[];
  differs: boolean;
}

export interface CompareConfigsOptions {
  /** Only rows whose values are not all the same. */
  onlyDifferences?: boolean;
}

/** The params that identify a parameterset of a type; a set without them is matched by position. */
const IDENTITY: Record<string, readonly string[]> = {
  strategysettings: ['strategyName', 'subpopulation'],
  activityParams: ['activityType'],
  modeParams: ['mode'],
  teleportedModeParameters: ['mode'],
  scoringParameters: ['subpopulation'],
};

/** Sets listed by identity rather than file order: strategy settings are grouped by strategy name first. */
const SORTED = new Set(['strategysettings']);

interface Node {
  params: Map<string, string | undefined>;
  sets: Map<string, { set: ConfigCompareSet; node: Node }>;
}

const emptyNode = (): Node => ({ params: new Map(), sets: new Map() });

/** MATSim writes unset optional values as `null`; an identity of `null` or empty is no identity. */
const valueOf = (value: string) => (value.trim() === '' ? undefined : value.trim());
const identityValue = (value: string | undefined) => (value === undefined || value === 'null' ? undefined : value);

/** Adds entries to a node; `positions` counts the sets per type seen so far (a module given twice counts on). */
function fill(node: Node, entries: readonly ConfigEntry[], paramName: (name: string) => string, positions = new Map<string, number>()): void {
  for (const entry of entries) {
    if (entry.kind === 'param') node.params.set(paramName(entry.name), valueOf(entry.value));
    if (entry.kind !== 'parameterset') continue;
    const params = new Map(entry.entries.flatMap((e) => (e.kind === 'param' ? [[e.name, valueOf(e.value)] as const] : [])));
    const identityParams = IDENTITY[entry.type] ?? [];
    const identity = identityParams.map((name) => identityValue(params.get(name)));
    const position = (positions.get(entry.type) ?? 0) + 1;
    positions.set(entry.type, position);
    let label = identity[0] !== undefined ? identity.filter((v) => v !== undefined).join(' / ') : `#${position}`;
    // Two sets with the same identity in one config (a mistake, but possible) stay two rows.
    while (node.sets.has(`${entry.type}[${label}]`)) label += "'";
    const child = emptyNode();
    // The identity is in the label; an identity param that is unset (`null`) says nothing either.
    fill(child, entry.entries.filter((e) => e.kind !== 'param' || !identityParams.includes(e.name)), (name) => name);
    node.sets.set(`${entry.type}[${label}]`, { set: { type: entry.type, label }, node: child });
  }
}

function configTree(config: Config): Map<string, Node> {
  const modules = new Map<string, { node: Node; positions: Map<string, number> }>();
  for (const module of config.modules) {
    const name = canonicalModuleName(module.name);
    let found = modules.get(name);
    // A module given twice is one module: later params win, the second block's sets follow the first block's.
    if (!found) modules.set(name, (found = { node: emptyNode(), positions: new Map() }));
    fill(found.node, expandFlatSets(module), (param) => canonicalParamName(name, param), found.positions);
  }
  return new Map([...modules].map(([name, { node }]) => [name, node]));
}

/** Keys of all maps, in order of first appearance. */
function unionKeys<K>(maps: readonly (Map<K, unknown> | undefined)[]): K[] {
  const keys = new Set<K>();
  for (const map of maps) for (const key of map?.keys() ?? []) keys.add(key);
  return [...keys];
}

/**
 * The settings of the configs side by side, nested module → parameterset → param (rows in that order, a node's
 * params before its sets), one value per config.
 */
export function compareConfigs(configs: readonly Config[], options: CompareConfigsOptions = {}): ConfigCompareRow[] {
  const rows: ConfigCompareRow[] = [];

  const walk = (module: string, sets: ConfigCompareSet[], nodes: (Node | undefined)[]) => {
    for (const param of unionKeys(nodes.map((node) => node?.params))) {
      const values = nodes.map((node) => node?.params.get(param));
      const differs = new Set(values).size > 1;
      if (options.onlyDifferences && !differs) continue;
      const path = [module, ...sets.map((set) => `${set.type}[${set.label}]`), param];
      rows.push({ key: path.join('/'), module, sets, param, values, differs });
    }
    const setKeys = unionKeys(nodes.map((node) => node?.sets));
    const children = setKeys.map((key) => {
      const found = nodes.map((node) => node?.sets.get(key));
      return { set: found.find((f) => f !== undefined)!.set, nodes: found.map((f) => f?.node) };
    });
    const ordered = children.filter((child) => SORTED.has(child.set.type)).sort((a, b) => a.set.label.localeCompare(b.set.label, 'en'));
    let next = 0;
    // Sorted types keep their place among the other sets; only their own order changes.
    for (const child of children.map((c) => (SORTED.has(c.set.type) ? ordered[next++]! : c))) {
      walk(module, [...sets, child.set], child.nodes);
    }
  };

  const trees = configs.map(configTree);
  for (const module of unionKeys(trees)) walk(module, [], trees.map((tree) => tree.get(module)));
  return rows;
}
