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
import { fileValueLeaves, paramNamesFile, type FileRole } from '@corridor/contract';
import { collectText, fileNameOf, INPUT_FILE_PARAMS, mapParamValues, readConfig, setParam, writeConfig, type Config } from '@corridor/matsim';

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

/**
 * The config with every file param pointing at the staged files, controller.outputDirectory and controller.runId
 * set (pure). Throws a WorkingConfigError listing every file param that would be read outside the job folder.
 */
export function rewriteConfig(config: Config, input: WorkingConfigInput): Config {
  let result = config;
  for (const file of input.files) {
    const target = INPUT_FILE_PARAMS[file.role];
    if (target) result = setParam(result, target.module, target.param, file.path);
  }
  const staged = new Set(input.files.map((file) => file.path));
  const problems: string[] = [];
  result = mapParamValues(result, (where, param, value) => {
    if (!paramNamesFile(param, value)) return value;
    if (staged.has(value) || where === 'controller.outputDirectory') return value;
    const match = input.files.find((file) => fileNameOf(file.name ?? file.path) === fileNameOf(value) || fileNameOf(file.path) === fileNameOf(value));
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
