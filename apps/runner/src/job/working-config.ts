/**
 * The working config a job runs with: the scenario's config with every file it names pointing at the staged copies
 * in the job folder, and the runner's output directory and MATSim run id. Everything else in the config is the
 * server's (and the user's) and stays as it is.
 *
 * Jobs stay in their folder: a file param is one whose name says so (contract FILE_PARAM_NAME: inputChangeEventsFile,
 * inputCountsFile, laneDefinitionsFile, DRT's vehiclesFile, …) or whose value reads like a file (a folder or a data
 * file ending). Its value is replaced by the staged file of the same name; a value that names no staged file and
 * would be read outside the job folder (absolute, "..", a URL) is refused with a message naming the param.
 */
import { writeFile } from 'node:fs/promises';
import { fileValueLeaves, FILE_PARAM_NAME, type FileRole } from '@corridor/contract';
import { canonicalModuleName, collectText, readConfig, setParam, writeConfig, type Config, type ConfigEntry } from '@corridor/matsim';

/** The config param that names each role's file (module names without aliases; setParam follows the config's naming). */
export const ROLE_PARAMS: Partial<Record<FileRole, { module: string; param: string }>> = {
  network: { module: 'network', param: 'inputNetworkFile' },
  population: { module: 'plans', param: 'inputPlansFile' },
  facilities: { module: 'facilities', param: 'inputFacilitiesFile' },
  transitschedule: { module: 'transit', param: 'transitScheduleFile' },
  transitvehicles: { module: 'transit', param: 'vehiclesFile' },
  vehicles: { module: 'vehicles', param: 'vehiclesFile' },
};

export interface WorkingConfigInput {
  /** Staged files by role (absolute paths) and, for matching the config's file names, their names as uploaded. */
  files: readonly { role: FileRole; path: string; name?: string }[];
  outputDirectory: string;
  matsimRunId: string;
}

/** A config that names files the job may not read; the message says which and what to do. */
export class WorkingConfigError extends Error {}

export const outsideFileMessage = (where: string, value: string) =>
  `The config's ${where} names "${value}", which is outside the job folder: add that file to the run (it is then used by its name) or clear the parameter.`;

/** Values that name no file at all. */
const UNSET = new Set(['', 'null']);
/** Data file endings MATSim reads, so a param with another name still counts as naming a file. */
const FILE_ENDING = /\.(xml|gz|zst|csv|txt|tsv|shp|json|geojson|pbf|tif|tiff|jar|zip)$/i;

/**
 * The config with every file param pointing at the staged files, controller.outputDirectory and controller.runId
 * set (pure). Throws a WorkingConfigError listing every file param that would be read outside the job folder.
 */
export function rewriteConfig(config: Config, input: WorkingConfigInput): Config {
  let result = config;
  for (const file of input.files) {
    const target = ROLE_PARAMS[file.role];
    if (target) result = setParam(result, target.module, target.param, file.path);
  }
  const staged = new Set(input.files.map((file) => file.path));
  const problems: string[] = [];
  result = mapFileParams(result, (where, param, value) => {
    if (staged.has(value) || where === 'controller.outputDirectory') return value;
    const match = input.files.find((file) => lastSegment(file.name ?? file.path) === lastSegment(value) || lastSegment(file.path) === lastSegment(value));
    if (match) return match.path;
    if (fileValueLeaves(param, value)) problems.push(outsideFileMessage(where, value));
    return value;
  });
  if (problems.length) throw new WorkingConfigError(problems.join(' '));
  // `controller` is the canonical name; setParam writes it as `controler` in a config with the old naming.
  result = setParam(result, 'controller', 'outputDirectory', input.outputDirectory);
  result = setParam(result, 'controller', 'runId', input.matsimRunId);
  return result;
}

/** Reads the staged config, rewrites it and writes the working config to `destination`. */
export async function writeWorkingConfig(configPath: string, destination: string, input: WorkingConfigInput): Promise<void> {
  const config = await readConfig(configPath);
  await writeFile(destination, await collectText(writeConfig(rewriteConfig(config, input))));
}

type FileParamChange = (where: string, param: string, value: string) => string;

/** Every param that names a file, in modules and parametersets alike, through `change` (pure). */
function mapFileParams(config: Config, change: FileParamChange): Config {
  return {
    ...config,
    modules: config.modules.map((module) => ({ ...module, entries: mapEntries(module.entries, canonicalModuleName(module.name), change) })),
  };
}

function mapEntries(entries: readonly ConfigEntry[], where: string, change: FileParamChange): ConfigEntry[] {
  return entries.map((entry) => {
    if (entry.kind === 'parameterset') return { ...entry, entries: mapEntries(entry.entries, `${where}.${entry.type}`, change) };
    if (entry.kind !== 'param' || UNSET.has(entry.value.trim().toLowerCase()) || !namesFile(entry.name, entry.value)) return entry;
    const value = change(`${where}.${entry.name}`, entry.name, entry.value.trim());
    return value === entry.value.trim() ? entry : { ...entry, value };
  });
}

function namesFile(param: string, value: string): boolean {
  return FILE_PARAM_NAME.test(param) || /[/\\]/.test(value) || FILE_ENDING.test(value);
}

/** The file name of a path or URL: "../input/counts.xml" → "counts.xml". */
function lastSegment(value: string): string {
  return value.split(/[/\\]/).pop() ?? value;
}
