/**
 * The config_v1 spelling of parametersets as indexed module params, which MATSim still reads: `Module_1` /
 * `ModuleProbability_1` in replanning, `activityType_0` / `activityTypicalDuration_0` in scoring. `expandFlatSets`
 * turns them into the parametersets they stand for, so readers and the comparison see one shape.
 */
import { canonicalModuleName } from './aliases.ts';
import type { ConfigEntry, ConfigModule, ConfigParam, ConfigParameterSet } from './model.ts';

interface FlatSet {
  module: string;
  type: string;
  /** `<prefix>_<index>` → the parameterset's param name. */
  names: Record<string, string>;
}

/** Old flat activity params (`activityType_0`, `activityTypicalDuration_0`, …) → the activityParams param name. */
export const FLAT_ACTIVITY_PARAMS: Readonly<Record<string, string>> = {
  activityType: 'activityType',
  activityPriority: 'priority',
  activityTypicalDuration: 'typicalDuration',
  activityMinimalDuration: 'minimalDuration',
  activityOpeningTime: 'openingTime',
  activityLatestStartTime: 'latestStartTime',
  activityEarliestEndTime: 'earliestEndTime',
  activityClosingTime: 'closingTime',
};

const FLAT_SETS: readonly FlatSet[] = [
  {
    module: 'replanning',
    type: 'strategysettings',
    names: {
      Module: 'strategyName',
      ModuleProbability: 'weight',
      ModuleDisableAfterIteration: 'disableAfterIteration',
      ModuleSubpopulation: 'subpopulation',
      ModuleExePath: 'executionPath',
    },
  },
  {
    module: 'scoring',
    type: 'activityParams',
    names: FLAT_ACTIVITY_PARAMS,
  },
];

const INDEXED = /^([A-Za-z]+)_(\d+)$/;

/**
 * The module's entries with each group of indexed params replaced by one parameterset, placed where the group's
 * first param was; everything else stays as it is, in order.
 */
export function expandFlatSets(module: ConfigModule): ConfigEntry[] {
  const flat = FLAT_SETS.find((set) => set.module === canonicalModuleName(module.name));
  if (!flat) return module.entries;
  const sets = new Map<string, ConfigParameterSet>();
  const out: ConfigEntry[] = [];
  for (const entry of module.entries) {
    const match = entry.kind === 'param' ? INDEXED.exec(entry.name) : null;
    const name = match && flat.names[match[1]!];
    if (!match || !name) {
      out.push(entry);
      continue;
    }
    let set = sets.get(match[2]!);
    if (!set) {
      sets.set(match[2]!, (set = { kind: 'parameterset', type: flat.type, entries: [] }));
      out.push(set);
    }
    set.entries.push({ kind: 'param', name, value: (entry as ConfigParam).value });
  }
  return out;
}
