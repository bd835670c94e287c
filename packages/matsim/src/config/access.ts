/**
 * Reading and changing values the way MATSim resolves them: module and param names through their aliases, and a
 * module that occurs twice (berlin's two `controler` blocks) read as one, later values winning.
 * Edits are pure: they return a new Config and leave the given one untouched.
 */
import { MatsimFormatError } from '../errors.ts';
import { parseMatsimNumber } from '../common/numbers.ts';
import { canonicalModuleName, canonicalParamName, configNaming, moduleNameFor, paramNameFor } from './aliases.ts';
import { expandFlatSets } from './flat-sets.ts';
import type { Config, ConfigEntry, ConfigModule, ConfigParam, ConfigParameterSet, StrategySetting } from './model.ts';

/** The modules a (possibly aliased) name refers to, in file order. */
export function modulesNamed(config: Config, name: string): ConfigModule[] {
  const canonical = canonicalModuleName(name);
  return config.modules.filter((module) => canonicalModuleName(module.name) === canonical);
}

/** A module-level param (not inside a parameterset), honouring aliases; the last occurrence wins. */
export function getParam(config: Config, module: string, name: string): string | undefined {
  const wanted = canonicalParamName(module, name);
  let value: string | undefined;
  for (const found of modulesNamed(config, module)) {
    for (const entry of found.entries) {
      if (entry.kind === 'param' && canonicalParamName(module, entry.name) === wanted) value = entry.value;
    }
  }
  return value;
}

/**
 * Sets a module-level param: the occurrence `getParam` reads is changed in place; a new param goes to the end of
 * the module's last block; a new module is appended. New names follow the naming the config already uses.
 */
export function setParam(config: Config, module: string, name: string, value: string): Config {
  const wanted = canonicalParamName(module, name);
  const naming = configNaming(config);
  const canonical = canonicalModuleName(module);
  let target: { module: number; entry: number } | undefined;
  let lastModule = -1;
  config.modules.forEach((candidate, m) => {
    if (canonicalModuleName(candidate.name) !== canonical) return;
    lastModule = m;
    candidate.entries.forEach((entry, e) => {
      if (entry.kind === 'param' && canonicalParamName(module, entry.name) === wanted) target = { module: m, entry: e };
    });
  });

  if (target) {
    const { module: m, entry: e } = target;
    return replaceModule(config, m, (found) => ({
      ...found,
      entries: found.entries.map((entry, i) => (i === e ? { ...(entry as ConfigParam), value } : entry)),
    }));
  }
  const param: ConfigParam = { kind: 'param', name: paramNameFor(module, name, naming), value };
  if (lastModule >= 0) {
    return replaceModule(config, lastModule, (found) => ({ ...found, entries: [...found.entries, param] }));
  }
  return { ...config, modules: [...config.modules, { name: moduleNameFor(module, naming), entries: [param] }] };
}

function replaceModule(config: Config, index: number, change: (module: ConfigModule) => ConfigModule): Config {
  return { ...config, modules: config.modules.map((module, i) => (i === index ? change(module) : module)) };
}

/**
 * The replanning strategies, from `strategysettings` parametersets and the old `Module_N` params alike, in the
 * order they first appear. Throws `invalid-value` for a strategy without a name or with a non-numeric weight.
 */
export function strategySettings(config: Config): StrategySetting[] {
  return modulesNamed(config, 'replanning')
    .flatMap(expandFlatSets)
    .filter((entry): entry is ConfigParameterSet => entry.kind === 'parameterset' && entry.type === 'strategysettings')
    .map((set) => toStrategySetting(paramsOf(set.entries)));
}

function paramsOf(entries: readonly ConfigEntry[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const entry of entries) if (entry.kind === 'param') params.set(entry.name, entry.value);
  return params;
}

/** MATSim writes unset optional values as `null`. */
const present = (value: string | undefined) => (value === undefined || value.trim() === '' || value === 'null' ? undefined : value);

function toStrategySetting(params: Map<string, string>): StrategySetting {
  const strategyName = present(params.get('strategyName'));
  if (!strategyName) throw new MatsimFormatError('invalid-value', 'A replanning strategy has no strategyName.');
  const weight = parseMatsimNumber(params.get('weight') ?? '');
  if (Number.isNaN(weight)) {
    throw new MatsimFormatError('invalid-value', `The weight of strategy ${strategyName} is not a number.`);
  }
  const setting: StrategySetting = { strategyName, weight };
  const disable = present(params.get('disableAfterIteration'));
  if (disable !== undefined) {
    const iteration = parseMatsimNumber(disable);
    if (!Number.isInteger(iteration)) {
      throw new MatsimFormatError('invalid-value', `disableAfterIteration of strategy ${strategyName} is not an integer.`);
    }
    if (iteration !== -1) setting.disableAfterIteration = iteration;
  }
  const subpopulation = present(params.get('subpopulation'));
  if (subpopulation !== undefined) setting.subpopulation = subpopulation;
  const executionPath = present(params.get('executionPath'));
  if (executionPath !== undefined) setting.executionPath = executionPath;
  return setting;
}
