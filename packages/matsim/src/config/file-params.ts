/**
 * Where a config names its input files: the param of each kind of input file, and a walk over every param value
 * (modules and parametersets alike) that can point them elsewhere. Shared by the runner's working config (files
 * staged in the job folder) and the scenario export (files side by side in a zip). Pure: a new Config is returned.
 */
import { canonicalModuleName } from './aliases.ts';
import type { Config, ConfigEntry } from './model.ts';

export interface FileParam {
  /** Canonical module name (`setParam` follows the config's own naming). */
  module: string;
  param: string;
}

/** The config param that names each kind of input file, keyed by the file roles of a run (`network`, …). */
export const INPUT_FILE_PARAMS: Readonly<Record<string, FileParam | undefined>> = {
  network: { module: 'network', param: 'inputNetworkFile' },
  population: { module: 'plans', param: 'inputPlansFile' },
  facilities: { module: 'facilities', param: 'inputFacilitiesFile' },
  transitschedule: { module: 'transit', param: 'transitScheduleFile' },
  transitvehicles: { module: 'transit', param: 'vehiclesFile' },
  vehicles: { module: 'vehicles', param: 'vehiclesFile' },
};

/** Values that name nothing at all. */
const UNSET = new Set(['', 'null']);

/**
 * `where` is `module.param` or `module.settype.param` with the canonical module name; `value` is trimmed. The
 * answer replaces the value (the same value leaves the entry as it was).
 */
export type ParamValueChange = (where: string, param: string, value: string) => string;

/** Every param that has a value, in modules and parametersets, through `change`. */
export function mapParamValues(config: Config, change: ParamValueChange): Config {
  return {
    ...config,
    modules: config.modules.map((module) => ({ ...module, entries: mapEntries(module.entries, canonicalModuleName(module.name), change) })),
  };
}

function mapEntries(entries: readonly ConfigEntry[], where: string, change: ParamValueChange): ConfigEntry[] {
  return entries.map((entry) => {
    if (entry.kind === 'parameterset') return { ...entry, entries: mapEntries(entry.entries, `${where}.${entry.type}`, change) };
    if (entry.kind !== 'param' || UNSET.has(entry.value.trim().toLowerCase())) return entry;
    const value = change(`${where}.${entry.name}`, entry.name, entry.value.trim());
    return value === entry.value.trim() ? entry : { ...entry, value };
  });
}

/** The file name of a path or URL: "../input/counts.xml" → "counts.xml". */
export function fileNameOf(value: string): string {
  return value.split(/[/\\]/).pop() ?? value;
}
