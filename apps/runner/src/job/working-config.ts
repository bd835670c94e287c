/**
 * The working config a job runs with: the scenario's config with the staged files' paths, the job's output
 * directory and MATSim run id. Everything else in the config is the server's (and the user's) and stays as it is.
 */
import { writeFile } from 'node:fs/promises';
import type { FileRole } from '@corridor/contract';
import { collectText, readConfig, setParam, writeConfig, type Config } from '@corridor/matsim';

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
  /** Staged files by role (absolute paths); `config`, `jar` and `input` files name no param. */
  files: readonly { role: FileRole; path: string }[];
  outputDirectory: string;
  matsimRunId: string;
}

/** The config with file paths, controller.outputDirectory and controller.runId set (pure). */
export function rewriteConfig(config: Config, input: WorkingConfigInput): Config {
  let result = config;
  for (const file of input.files) {
    const target = ROLE_PARAMS[file.role];
    if (target) result = setParam(result, target.module, target.param, file.path);
  }
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
