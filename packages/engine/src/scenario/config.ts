/**
 * The config values the engine uses (EngineConfig), read once through @corridor/matsim so old (`controler`,
 * `planCalcScore`, `strategy`, `planscalcroute`) and new module names read alike. Defaults are MATSim's
 * (matsim-facts §2). Input paths are resolved against the config file's folder, as MATSim does.
 */
import { resolve } from 'node:path';
import { getParam, modulesNamed, parseMatsimNumber, parseTime, type Config, type ConfigEntry } from '@corridor/matsim';
import type { EngineConfig } from '../core/types.ts';
import { replanningParamsFromConfig } from '../replanning/params.ts';
import { scoringParamsFromConfig } from '../scoring/params.ts';

type Teleported = EngineConfig['teleported'] extends Map<string, infer P> ? P : never;

export function readEngineConfig(config: Config, baseDir: string): EngineConfig {
  const text = (module: string, name: string) => present(getParam(config, module, name));
  const number = (module: string, name: string, fallback: number) => {
    const value = text(module, name);
    if (value === undefined) return fallback;
    const parsed = parseMatsimNumber(value);
    if (Number.isNaN(parsed)) throw new Error(`${module}.${name}: "${value}" is not a number.`);
    return parsed;
  };
  const time = (module: string, name: string) => {
    const value = text(module, name);
    return value === undefined ? undefined : (parseTime(value) ?? undefined);
  };
  const path = (module: string, name: string) => {
    const value = text(module, name);
    return value === undefined ? undefined : resolve(baseDir, value);
  };
  const list = (module: string, name: string, fallback: string[]) => {
    const value = getParam(config, module, name);
    return value === undefined ? fallback : value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  };

  const endTime = time('qsim', 'endTime');
  const networkModes = list('routing', 'networkModes', ['car']);
  return {
    runId: text('controller', 'runId'),
    outputDirectory: resolve(baseDir, text('controller', 'outputDirectory') ?? './output'),
    firstIteration: number('controller', 'firstIteration', 0),
    lastIteration: number('controller', 'lastIteration', 1000),
    writeEventsInterval: number('controller', 'writeEventsInterval', 50),
    writePlansInterval: number('controller', 'writePlansInterval', 50),
    randomSeed: number('global', 'randomSeed', 4711),
    networkFile: required(path('network', 'inputNetworkFile'), 'network.inputNetworkFile'),
    plansFile: required(path('plans', 'inputPlansFile'), 'plans.inputPlansFile'),
    vehiclesFile: path('vehicles', 'vehiclesFile'),
    facilitiesFile: facilitiesFile(text('facilities', 'facilitiesSource'), path('facilities', 'inputFacilitiesFile')),
    coordinateSystem: text('global', 'coordinateSystem') ?? 'Atlantis',
    qsim: {
      startTime: time('qsim', 'startTime'),
      // 00:00:00 has always meant "run until everyone has arrived" (the equil config says so).
      endTime: endTime === undefined || endTime <= 0 ? undefined : endTime,
      flowCapacityFactor: number('qsim', 'flowCapacityFactor', 1),
      storageCapacityFactor: number('qsim', 'storageCapacityFactor', 1),
      stuckTime: seconds(text('qsim', 'stuckTime')) ?? 10,
      removeStuckVehicles: text('qsim', 'removeStuckVehicles')?.toLowerCase() === 'true',
      mainModes: list('qsim', 'mainMode', ['car']),
    },
    networkModes,
    teleported: teleportedModes(config, networkModes, number('routing', 'beelineDistanceFactor', 1.3)),
    scoring: scoringParamsFromConfig(config),
    replanning: replanningParamsFromConfig(config),
    travelTimeBinSize: seconds(text('travelTimeCalculator', 'travelTimeBinSize')) ?? 900,
  };
}

/**
 * MATSim reads the facilities file only with facilitiesSource=fromFile (its default is none) and stops when that
 * source names no file. Other sources are refused before this (PARAM_RULES).
 */
function facilitiesFile(source: string | undefined, file: string | undefined): string | undefined {
  if (source?.toLowerCase() !== 'fromfile') return undefined;
  return required(file, 'facilities.inputFacilitiesFile (facilities.facilitiesSource=fromFile)');
}

/** routing's teleportedModeParameters (and the legacy `teleportedModeSpeed_X` params) over MATSim's defaults. */
function teleportedModes(config: Config, networkModes: string[], beeline: number): Map<string, Teleported> {
  const configured = new Map<string, Teleported>();
  for (const module of modulesNamed(config, 'routing')) {
    for (const entry of module.entries) {
      if (entry.kind === 'parameterset' && entry.type === 'teleportedModeParameters') {
        const params = paramsOf(entry.entries);
        const mode = params.get('mode');
        if (mode === undefined) continue;
        configured.set(mode, teleported(params.get('teleportedModeSpeed'), params.get('teleportedModeFreespeedFactor'), params.get('beelineDistanceFactor'), beeline));
      }
      if (entry.kind !== 'param') continue;
      const legacy = /^teleportedMode(Speed|FreespeedFactor)_(.+)$/.exec(entry.name);
      if (legacy) {
        const [, kind, mode] = legacy as unknown as [string, string, string];
        configured.set(mode, teleported(kind === 'Speed' ? entry.value : undefined, kind === 'Speed' ? undefined : entry.value, undefined, beeline));
      }
    }
  }
  // The first explicitly configured mode wipes MATSim's defaults, as does clearDefaultTeleportedModeParams=true.
  const cleared = getParam(config, 'routing', 'clearDefaultTeleportedModeParams')?.trim().toLowerCase() === 'true';
  const modes =
    configured.size > 0 || cleared
      ? configured
      : new Map<string, Teleported>([
          ['bike', { speed: 15 / 3.6, beelineDistanceFactor: beeline }],
          ['walk', { speed: 3 / 3.6, beelineDistanceFactor: beeline }],
          ['non_network_walk', { speed: 3 / 3.6, beelineDistanceFactor: beeline }],
          ['ride', { freespeedFactor: 1, beelineDistanceFactor: beeline }],
          ['pt', { freespeedFactor: 2, beelineDistanceFactor: beeline }],
        ]);
  for (const mode of networkModes) modes.delete(mode);
  return modes;
}

function teleported(speed: string | undefined, factor: string | undefined, beeline: string | undefined, fallbackBeeline: number): Teleported {
  const result: Teleported = { beelineDistanceFactor: present(beeline) !== undefined ? parseMatsimNumber(beeline!) : fallbackBeeline };
  if (present(speed) !== undefined) result.speed = parseMatsimNumber(speed!);
  else if (present(factor) !== undefined) result.freespeedFactor = parseMatsimNumber(factor!);
  return result;
}

function paramsOf(entries: readonly ConfigEntry[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const entry of entries) if (entry.kind === 'param') params.set(entry.name, entry.value);
  return params;
}

/** Seconds written as a number (`10.0`) or a time (`00:15:00`). */
function seconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = value.includes(':') ? parseTime(value) : parseMatsimNumber(value);
  return parsed === undefined || Number.isNaN(parsed) ? undefined : parsed;
}

/** MATSim writes unset values as `null` (or `undefined`) or leaves them empty. */
export function present(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === 'null' || trimmed === 'undefined' ? undefined : trimmed;
}

function required(value: string | undefined, name: string): string {
  if (value === undefined) throw new Error(`The config names no ${name}.`);
  return value;
}
