/**
 * Scoring parameters from a config the way MATSim's ScoringConfigGroup resolves them (matsim-facts §2 "scoring"):
 * module-level params, flat old-style params and the default-subpopulation `scoringParameters` set all feed one
 * parameter set; built-in mode and "<mode> interaction" activity defaults fill what the config leaves out.
 */
import { FLAT_ACTIVITY_PARAMS, modulesNamed, parseTime, type Config, type ConfigEntry } from '@corridor/matsim';
import type { ActivityParams, ModeParams, ScoringParams } from '../core/types.ts';

const BUILT_IN_MODES = ['car', 'pt', 'walk', 'bike', 'ride', 'other'];
/** MATSim adds unscored interaction activities for these and for every scored mode. */
const INTERACTION_MODES = ['car', 'pt', 'bike', 'drt', 'taxi', 'other', 'walk', 'ride'];

export function defaultModeParams(mode: string): ModeParams {
  return {
    mode,
    constant: 0,
    marginalUtilityOfTraveling_util_hr: -6,
    marginalUtilityOfDistance_util_m: 0,
    monetaryDistanceRate: 0,
    dailyUtilityConstant: 0,
    dailyMonetaryConstant: 0,
  };
}

function defaultActivityParams(type: string): ActivityParams {
  return { type, typicalDuration: undefined, priority: 1, typicalDurationScoreComputation: 'relative', scoringThisActivityAtAll: true };
}

function num(text: string): number {
  const value = Number(text.trim());
  if (Number.isNaN(value)) throw new Error(`scoring: not a number: "${text}"`);
  return value;
}

/** Time params may be `HH:MM:SS`, seconds, empty or `undefined`. */
function time(text: string): number | undefined {
  const value = parseTime(text);
  return value === undefined || Number.isNaN(value) ? undefined : value;
}

function setActivityParam(params: ActivityParams, name: string, value: string): void {
  switch (name) {
    case 'activityType': params.type = value; break;
    case 'typicalDuration': params.typicalDuration = time(value); break;
    case 'minimalDuration': params.minimalDuration = time(value); break;
    case 'openingTime': params.openingTime = time(value); break;
    case 'closingTime': params.closingTime = time(value); break;
    case 'latestStartTime': params.latestStartTime = time(value); break;
    case 'earliestEndTime': params.earliestEndTime = time(value); break;
    case 'priority': params.priority = num(value); break;
    case 'typicalDurationScoreComputation':
      params.typicalDurationScoreComputation = value.trim() === 'uniform' ? 'uniform' : 'relative';
      break;
    case 'scoringThisActivityAtAll': params.scoringThisActivityAtAll = value.trim() !== 'false'; break;
  }
}

function setModeParam(params: ModeParams, name: string, value: string): void {
  switch (name) {
    case 'constant': params.constant = num(value); break;
    case 'marginalUtilityOfTraveling_util_hr': params.marginalUtilityOfTraveling_util_hr = num(value); break;
    case 'marginalUtilityOfDistance_util_m': params.marginalUtilityOfDistance_util_m = num(value); break;
    case 'monetaryDistanceRate': params.monetaryDistanceRate = num(value); break;
    case 'dailyUtilityConstant': params.dailyUtilityConstant = num(value); break;
    case 'dailyMonetaryConstant': params.dailyMonetaryConstant = num(value); break;
  }
}

/** Old flat mode params (`travelingPt`, `constantCar`, `traveling_drt`, …) → [mode, modeParams field]. */
const OLD_MODE_PARAMS: Record<string, [string, keyof ModeParams]> = {
  traveling: ['car', 'marginalUtilityOfTraveling_util_hr'],
  travelingPt: ['pt', 'marginalUtilityOfTraveling_util_hr'],
  travelingWalk: ['walk', 'marginalUtilityOfTraveling_util_hr'],
  travelingBike: ['bike', 'marginalUtilityOfTraveling_util_hr'],
  travelingOther: ['other', 'marginalUtilityOfTraveling_util_hr'],
  constantCar: ['car', 'constant'],
  constantPt: ['pt', 'constant'],
  constantWalk: ['walk', 'constant'],
  constantBike: ['bike', 'constant'],
  constantOther: ['other', 'constant'],
  monetaryDistanceRateCar: ['car', 'monetaryDistanceRate'],
  monetaryDistanceCostRateCar: ['car', 'monetaryDistanceRate'],
  monetaryDistanceRatePt: ['pt', 'monetaryDistanceRate'],
  monetaryDistanceCostRatePt: ['pt', 'monetaryDistanceRate'],
  marginalUtlOfDistanceCar: ['car', 'marginalUtilityOfDistance_util_m'],
  marginalUtlOfDistancePt: ['pt', 'marginalUtilityOfDistance_util_m'],
  marginalUtlOfDistanceWalk: ['walk', 'marginalUtilityOfDistance_util_m'],
  marginalUtlOfDistanceOther: ['other', 'marginalUtilityOfDistance_util_m'],
};

class Builder {
  readonly params: ScoringParams = {
    performing: 6,
    lateArrival: -18,
    earlyDeparture: 0,
    waiting: 0,
    waitingPt: undefined,
    marginalUtilityOfMoney: 1,
    utilityOfLineSwitch: -1,
    brainExpBeta: 1,
    learningRate: 1,
    activities: new Map(),
    modes: new Map(BUILT_IN_MODES.map((mode) => [mode, defaultModeParams(mode)])),
  };
  /** Old flat activity params are numbered; the number only groups them. */
  private readonly oldActivities = new Map<string, Record<string, string>>();

  constructor(private readonly subpopulation: string | undefined) {}

  mode(mode: string): ModeParams {
    let found = this.params.modes.get(mode);
    if (!found) this.params.modes.set(mode, (found = defaultModeParams(mode)));
    return found;
  }

  /** A param of the module or of the default scoringParameters set (same names, MATSim merges them). */
  param(name: string, value: string): void {
    const p = this.params;
    switch (name) {
      case 'performing': p.performing = num(value); return;
      case 'lateArrival': p.lateArrival = num(value); return;
      case 'earlyDeparture': p.earlyDeparture = num(value); return;
      case 'waiting': p.waiting = num(value); return;
      case 'waitingPt': p.waitingPt = value.trim() === 'null' || value.trim() === '' ? undefined : num(value); return;
      case 'marginalUtilityOfMoney': p.marginalUtilityOfMoney = num(value); return;
      case 'utilityOfLineSwitch': p.utilityOfLineSwitch = num(value); return;
      case 'brainExpBeta': case 'BrainExpBeta': p.brainExpBeta = num(value); return;
      case 'learningRate': p.learningRate = num(value); return;
    }
    const old = OLD_MODE_PARAMS[name];
    if (old) {
      (this.mode(old[0]) as unknown as Record<string, number>)[old[1]] = num(value);
      return;
    }
    if (name.startsWith('traveling_')) {
      this.mode(name.slice('traveling_'.length)).marginalUtilityOfTraveling_util_hr = num(value);
      return;
    }
    const numbered = /^(activity[A-Za-z]+)_(.+)$/.exec(name);
    const field = numbered && FLAT_ACTIVITY_PARAMS[numbered[1]!];
    if (numbered && field) {
      const group = this.oldActivities.get(numbered[2]!) ?? {};
      group[field] = value;
      this.oldActivities.set(numbered[2]!, group);
    }
  }

  entries(entries: ConfigEntry[]): void {
    for (const entry of entries) {
      if (entry.kind === 'param') this.param(entry.name, entry.value);
      else if (entry.kind === 'parameterset') this.parameterset(entry.type, entry.entries);
    }
  }

  parameterset(type: string, entries: ConfigEntry[]): void {
    const values = new Map<string, string>();
    for (const e of entries) if (e.kind === 'param') values.set(e.name, e.value);
    if (type === 'scoringParameters') {
      const raw = values.get('subpopulation')?.trim();
      const subpopulation = raw === undefined || raw === '' || raw === 'null' ? undefined : raw;
      if (subpopulation === this.subpopulation) this.entries(entries);
    } else if (type === 'activityParams') {
      this.activity(values);
    } else if (type === 'modeParams') {
      const mode = values.get('mode')?.trim();
      if (!mode) throw new Error('scoring: modeParams without mode');
      const params = this.mode(mode);
      for (const [name, value] of values) setModeParam(params, name, value);
    }
  }

  activity(values: Map<string, string> | Record<string, string>): void {
    const entries = values instanceof Map ? [...values] : Object.entries(values);
    const type = entries.find(([name]) => name === 'activityType')?.[1]?.trim();
    if (!type) throw new Error('scoring: activityParams without activityType');
    const params = this.params.activities.get(type) ?? defaultActivityParams(type);
    for (const [name, value] of entries) setActivityParam(params, name, value);
    this.params.activities.set(type, params);
  }

  finish(): ScoringParams {
    for (const group of this.oldActivities.values()) this.activity(group);
    const { activities, modes } = this.params;
    if (!activities.has('dummy')) activities.set('dummy', { ...defaultActivityParams('dummy'), typicalDuration: 7200 });
    for (const mode of new Set([...INTERACTION_MODES, ...modes.keys()])) {
      const type = `${mode} interaction`;
      if (!activities.has(type)) activities.set(type, { ...defaultActivityParams(type), scoringThisActivityAtAll: false });
    }
    for (const params of activities.values()) {
      if (params.scoringThisActivityAtAll && params.typicalDuration === undefined)
        throw new Error(`scoring: activity "${params.type}" is scored but has no typicalDuration`);
    }
    if (this.params.waitingPt === undefined) this.params.waitingPt = this.mode('pt').marginalUtilityOfTraveling_util_hr;
    return this.params;
  }
}

/**
 * The scoring parameters of one subpopulation (undefined: the default one), old and new module/param names alike.
 * Module-level params (brainExpBeta, learningRate, old flat utilities) apply to every subpopulation here, which
 * matches MATSim for the module params and is a simplification for flat utilities in configs with subpopulations.
 */
export function scoringParamsFromConfig(config: Config, subpopulation?: string): ScoringParams {
  const builder = new Builder(subpopulation);
  for (const module of modulesNamed(config, 'scoring')) builder.entries(module.entries);
  return builder.finish();
}

/** Every subpopulation named by a scoringParameters set (besides the default one). */
export function scoringSubpopulations(config: Config): string[] {
  const names = new Set<string>();
  for (const module of modulesNamed(config, 'scoring')) {
    for (const entry of module.entries) {
      if (entry.kind !== 'parameterset' || entry.type !== 'scoringParameters') continue;
      for (const e of entry.entries) {
        if (e.kind === 'param' && e.name === 'subpopulation' && e.value.trim() !== 'null' && e.value.trim() !== '') names.add(e.value.trim());
      }
    }
  }
  return [...names];
}
