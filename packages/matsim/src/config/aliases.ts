/**
 * MATSim renamed its core modules in 2023 (first released in 2024.0) and reads both names
 * (`core/config/ConfigAliases.java`). The table here is that alias list; the rest maps between the two namings.
 */
import type { Config, ConfigNaming } from './model.ts';

export const MODULE_ALIASES: readonly { old: string; new: string }[] = [
  { old: 'controler', new: 'controller' },
  { old: 'planCalcScore', new: 'scoring' },
  { old: 'strategy', new: 'replanning' },
  { old: 'planscalcroute', new: 'routing' },
  { old: 'parallelEventHandling', new: 'eventsManager' },
  { old: 'TimeAllocationMutator', new: 'timeAllocationMutator' },
  { old: 'ReplanningAnnealer', new: 'replanningAnnealer' },
  { old: 'JDEQSim', new: 'jdeqsim' },
  { old: 'freight', new: 'freightCarriers' },
];

/** Params renamed directly inside the scoring module (not in its parametersets). */
export const SCORING_PARAM_ALIASES: readonly { old: string; new: string }[] = [
  { old: 'BrainExpBeta', new: 'brainExpBeta' },
  { old: 'PathSizeLogitBeta', new: 'pathSizeLogitBeta' },
];

/** A module name only the new naming has: its presence makes a config "new". */
const NEW_ONLY = new Set(['controller', 'replanning', 'scoring', 'routing', 'eventsManager']);

const toNew = new Map(MODULE_ALIASES.map((a) => [a.old, a.new]));
const toOld = new Map(MODULE_ALIASES.map((a) => [a.new, a.old]));
const paramToNew = new Map(SCORING_PARAM_ALIASES.map((a) => [a.old, a.new]));
const paramToOld = new Map(SCORING_PARAM_ALIASES.map((a) => [a.new, a.old]));

/** The current (new) name of a module: `controler` → `controller`; names without an alias are unchanged. */
export function canonicalModuleName(name: string): string {
  return toNew.get(name) ?? name;
}

/** A module's name in the given naming: `moduleNameFor('scoring', 'old')` → `planCalcScore`. */
export function moduleNameFor(name: string, naming: ConfigNaming): string {
  const canonical = canonicalModuleName(name);
  return naming === 'new' ? canonical : (toOld.get(canonical) ?? canonical);
}

/** The current name of a module-level param: `BrainExpBeta` in scoring → `brainExpBeta`. */
export function canonicalParamName(module: string, param: string): string {
  return canonicalModuleName(module) === 'scoring' ? (paramToNew.get(param) ?? param) : param;
}

/** A module-level param's name in the given naming. */
export function paramNameFor(module: string, param: string, naming: ConfigNaming): string {
  const canonical = canonicalParamName(module, param);
  if (naming === 'new' || canonicalModuleName(module) !== 'scoring') return canonical;
  return paramToOld.get(canonical) ?? canonical;
}

/** `new` when any module is named controller, replanning, scoring, routing or eventsManager, else `old`. */
export function configNaming(config: Config): ConfigNaming {
  return config.modules.some((module) => NEW_ONLY.has(module.name)) ? 'new' : 'old';
}

/** The same config with every aliased module (and scoring param) renamed to the given naming. */
export function withNaming(config: Config, naming: ConfigNaming): Config {
  return {
    ...config,
    modules: config.modules.map((module) => ({
      ...module,
      name: moduleNameFor(module.name, naming),
      entries: module.entries.map((entry) =>
        entry.kind === 'param' ? { ...entry, name: paramNameFor(module.name, entry.name, naming) } : entry,
      ),
    })),
  };
}
