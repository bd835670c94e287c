/**
 * The params MATSim's core config modules know, by the module's current name, and the params of the parametersets
 * of those modules. MATSim's reflective config groups throw on an unknown param at start-up (ReflectiveConfigGroup's
 * default handleAddUnknownParam), so a misspelled param in these modules stops a MATSim run; the config editor and
 * the built-in engine flag it here, with the nearest known name.
 *
 * The names are the config catalogue's (catalogue.ts): the union of what MATSim writes into output_config.xml (every
 * param of every core module) in releases 14 (2022), 2024 and a 2026 build (../shared/data/output-*), current names
 * through the module aliases, plus the old spellings MATSim still reads by hand (LEGACY_PARAMS). A param known to any of these releases is not
 * flagged: the check is for typos, not for a release's exact set (docs/decisions.md, "Issue 24 — unknown params").
 * Modules not listed here (contribs) are not checked.
 */
import { canonicalModuleName, canonicalParamName } from './aliases.ts';
import { CONFIG_CATALOGUE } from './catalogue.ts';
import type { Config, ConfigEntry } from './model.ts';

export const KNOWN_MODULE_PARAMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(CONFIG_CATALOGUE).map(([module, doc]) => [module, Object.keys(doc.params)]),
);

/**
 * Params of the parametersets MATSim's core modules define, by `module/type` (e.g. `replanning/strategysettings`).
 * Scoring's activityParams and modeParams may stand in scoring itself or inside a scoringParameters set (MATSim reads
 * both).
 */
export const KNOWN_SET_PARAMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(CONFIG_CATALOGUE).flatMap(([module, doc]) => Object.entries(doc.sets).map(([type, params]) => [`${module}/${type}`, Object.keys(params)])),
);

const SCORING_PARAMETERS = KNOWN_SET_PARAMS['scoring/scoringParameters'] ?? [];

/** Old spellings MATSim's scoring, replanning and routing modules still read by hand (their addParam methods). */
const LEGACY_PARAMS: Readonly<Record<string, { names: readonly string[]; prefixes: readonly RegExp[] }>> = {
  scoring: {
    names: [
      ...SCORING_PARAMETERS,
      'traveling', 'travelingPt', 'travelingWalk', 'travelingOther', 'travelingBike',
      'marginalUtlOfDistanceCar', 'marginalUtlOfDistancePt', 'marginalUtlOfDistanceWalk', 'marginalUtlOfDistanceOther',
      'monetaryDistanceRateCar', 'monetaryDistanceRatePt',
      'constantCar', 'constantPt', 'constantWalk', 'constantBike', 'constantOther',
    ],
    prefixes: [
      /^(activityType|activityPriority|activityTypicalDuration|activityMinimalDuration|activityOpeningTime|activityLatestStartTime|activityEarliestEndTime|activityClosingTime|scoringThisActivityAtAll)_\d+$/,
      /^(traveling|marginalUtlOfDistance|monetaryDistanceRate|constant)_.+$/,
    ],
  },
  replanning: {
    names: [],
    prefixes: [/^(Module|ModuleProbability|ModuleDisableAfterIteration|ModuleExePath|ModuleSubpopulation)_\d+$/],
  },
  routing: {
    names: ['ptSpeedFactor', 'beelineDistanceFactor', 'ptSpeed', 'walkSpeed', 'bikeSpeed', 'undefinedModeSpeed'],
    prefixes: [/^(teleportedModeSpeed|teleportedModeFreespeedFactor)_.+$/],
  },
};

/** A param MATSim's module (or one of its parametersets) does not know. */
export interface UnknownConfigParam {
  /** The module's current name (`controller` for a `controler` block). */
  module: string;
  /** The parameterset type the param stands in (`strategysettings`), absent for a module-level param. */
  set?: string;
  param: string;
  /** The nearest known name, when one is close enough to be the meant one. */
  suggestion?: string;
}

/** Whether MATSim's core has this module (by any of its names); only such modules are checked. */
export function isKnownModule(module: string): boolean {
  return Object.hasOwn(KNOWN_MODULE_PARAMS, canonicalModuleName(module));
}

/** The params a module (or `module/setType`) knows, or undefined when the engine has no list for it. */
export function knownParamsOf(module: string, set?: string): readonly string[] | undefined {
  const canonical = canonicalModuleName(module);
  if (set === undefined) {
    const own = KNOWN_MODULE_PARAMS[canonical];
    return own === undefined ? undefined : [...own, ...(LEGACY_PARAMS[canonical]?.names ?? [])];
  }
  return KNOWN_SET_PARAMS[`${canonical}/${set}`];
}

function isKnown(module: string, param: string, set: string | undefined, known: readonly string[]): boolean {
  if (known.includes(param)) return true;
  if (set !== undefined) return false;
  return LEGACY_PARAMS[module]?.prefixes.some((prefix) => prefix.test(param)) ?? false;
}

/**
 * The params of the config that MATSim's core does not know, in file order: module-level params of the core modules
 * and params of their known parametersets (scoring's scoringParameters/activityParams/modeParams, replanning's
 * strategysettings, routing's teleportedModeParameters). Unknown modules and parameterset types are not checked.
 */
export function unknownConfigParams(config: Config): UnknownConfigParam[] {
  const found: UnknownConfigParam[] = [];
  for (const block of config.modules) {
    const module = canonicalModuleName(block.name);
    if (!isKnownModule(module)) continue;
    const check = (entries: readonly ConfigEntry[], set: string | undefined) => {
      const known = knownParamsOf(module, set);
      if (known === undefined) return;
      for (const entry of entries) {
        if (entry.kind === 'param') {
          const param = set === undefined ? canonicalParamName(module, entry.name) : entry.name;
          if (isKnown(module, param, set, known)) continue;
          const suggestion = nearestName(entry.name, known);
          found.push({ module, ...(set === undefined ? {} : { set }), param: entry.name, ...(suggestion === undefined ? {} : { suggestion }) });
        } else if (entry.kind === 'parameterset') {
          // activityParams and modeParams are the same inside scoringParameters as directly in scoring.
          check(entry.entries, entry.type);
        }
      }
    };
    check(block.entries, undefined);
  }
  return found;
}

/** `controller.lastIteraton` or `replanning/strategysettings.wieght`. */
export function unknownParamPlace(unknown: UnknownConfigParam): string {
  return `${unknown.module}${unknown.set === undefined ? '' : `/${unknown.set}`}.${unknown.param}`;
}

/** One English sentence per param, e.g. `Unknown parameter lastIteraton in module controller: did you mean lastIteration?` */
export function unknownParamText(unknown: UnknownConfigParam): string {
  const where = unknown.set === undefined ? `module ${unknown.module}` : `parameterset ${unknown.set} of module ${unknown.module}`;
  const hint = unknown.suggestion === undefined ? '' : `: did you mean ${unknown.suggestion}?`;
  return `Unknown parameter ${unknown.param} in ${where}${hint}`;
}

/**
 * The known name nearest to a misspelled one (optimal string alignment distance, ignoring case), when it is close:
 * at most 2 edits, or a third of the name's length for long names. A name differing only in case is always offered.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (best === undefined || distance < best.distance) best = { name: candidate, distance };
  }
  if (best === undefined) return undefined;
  return best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = value;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Why a run with unknown params is refused (the built-in engine at start-up, the server when it is scheduled):
 * each param with its module and suggestion, then what to do. `where` names the config file when known.
 */
export function unknownParamsRefusal(unknown: readonly UnknownConfigParam[], where?: string): string {
  const sentences = unknown.map((u) => unknownParamText(u)).map((text) => (text.endsWith('?') ? text : `${text}.`));
  const them = unknown.length === 1 ? 'it' : 'them';
  return `${sentences.join(' ')} MATSim stops at start-up on parameters its modules do not know, and so does the built-in engine: correct or remove ${them} in ${where ?? 'the config'}.`;
}
