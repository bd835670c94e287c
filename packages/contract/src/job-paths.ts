/**
 * Jobs stay in their folder (issue 11): the checks the server makes at scheduling and the runner makes again before
 * a job starts, with the same messages. The runner, not the user, decides where a job reads and writes: it sets the
 * output directory and MATSim's run id itself, so program arguments may not, and every file they name must be a
 * relative path inside the job folder.
 */

/** MATSim run ids (and so output file names): letters, digits, "-", "_", "."; no leading dot; at most 200. */
export const MATSIM_RUN_ID_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export const JOB_PATH_MESSAGES = {
  runId: 'A Run ID may only contain letters, digits, "-", "_" and "." and must not start with a dot.',
  outputDirectory: (arg: string) => `The output directory is chosen by the runner: remove "${arg}" from the program arguments.`,
  runIdOverride: (arg: string) => `The MATSim run id is the Run ID of the form: remove "${arg}" from the program arguments.`,
  outsidePath: (arg: string) =>
    `Program arguments may only name files inside the job folder (relative paths without ".."): "${arg}" does not.`,
} as const;

/**
 * Config params that name a file or a folder. MATSim's own names all end like this: inputNetworkFile,
 * inputPlansFile, inputChangeEventsFile, laneDefinitionsFile, inputCountsFile (counts), inputFile (households),
 * vehiclesFile, transitScheduleFile, inputFacilitiesFile, drtServiceAreaShapeFile and transitStopFile (DRT),
 * outputDirectory, executionPath (strategy settings), ExternalExeTmpFileRootDir, …
 */
export const FILE_PARAM_NAME = /(File|Filename|FileName|Directory|Dir|Path)$/;

/** Data file endings MATSim reads, so a param with another name still counts as naming a file. */
const FILE_ENDING = /\.(xml|gz|zst|csv|txt|tsv|shp|json|geojson|pbf|tif|tiff|jar|zip)$/i;

/** Whether a config param names a file or folder: by its name, or by a value that reads like a path or data file. */
export function paramNamesFile(param: string, value: string): boolean {
  return FILE_PARAM_NAME.test(param) || /[/\\]/.test(value) || FILE_ENDING.test(value);
}

/** Program arguments word by word, as the runner passes them to the job command (no quoting, no shell). */
export function splitProgramArgs(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

/** The message for a MATSim run id that is not safe as a file name prefix, or null. */
export function matsimRunIdProblem(runId: string): string | null {
  return MATSIM_RUN_ID_PATTERN.test(runId) ? null : JOB_PATH_MESSAGES.runId;
}

/** A path that leaves the folder it is read in: absolute, home-relative, a drive letter, or with a ".." segment. */
export function isOutsidePath(value: string): boolean {
  return /^([/\\~]|[A-Za-z]:[/\\])/.test(value) || /(^|[/\\])\.\.([/\\]|$)/.test(value);
}

/** A value that is read as a URL rather than a path (file:, http:, jar:file:, …); drive letters are not URLs. */
export function isUrl(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]+:/.test(value);
}

/** Whether a config param's value names a file or folder that is not inside the folder it is read in. */
export function fileValueLeaves(param: string, value: string): boolean {
  return isOutsidePath(value) || (FILE_PARAM_NAME.test(param) && isUrl(value));
}

/** One problem per argument that steers the job outside its folder; empty when the arguments are fine. */
export function programArgsProblems(programArgs: string): string[] {
  const words = splitProgramArgs(programArgs);
  const problems: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.startsWith('--config:')) {
      // "--config:module.param=value" or "--config:module.param value", as MATSim's CommandLine reads them.
      const equals = assignmentAt(word);
      const inline = equals >= 0;
      const key = word.slice('--config:'.length, inline ? equals : undefined);
      const value = inline ? word.slice(equals + 1) : words[i + 1];
      const shown = inline || value === undefined ? word : `${word} ${value}`;
      if (!inline && value !== undefined) i++;
      const problem = overrideProblem(key, value ?? '', shown);
      if (problem) problems.push(problem);
    } else if (word === '--output' || word.startsWith('--output=')) {
      // The built-in engine's (and RunMatsim's) output directory option.
      const inline = word.includes('=');
      const shown = inline || words[i + 1] === undefined ? word : `${word} ${words[i + 1]}`;
      if (!inline && words[i + 1] !== undefined) i++;
      problems.push(JOB_PATH_MESSAGES.outputDirectory(shown));
    } else if (wordLeaves(word)) {
      problems.push(JOB_PATH_MESSAGES.outsidePath(word));
    }
  }
  return problems;
}

/** Everything wrong with a job's program arguments and MATSim run id, one message per problem; null when fine. */
export function jobPathsProblem(job: { programArgs: string; matsimRunId: string }): string | null {
  const problems = [matsimRunIdProblem(job.matsimRunId), ...programArgsProblems(job.programArgs)].filter((p): p is string => p !== null);
  return problems.length ? problems.join(' ') : null;
}

/** The "=" that starts an override's value: the first one outside brackets ("drt.drt[mode=drt].vehiclesFile=…"). */
function assignmentAt(word: string): number {
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    if (word[i] === '[') depth++;
    else if (word[i] === ']') depth = Math.max(0, depth - 1);
    else if (word[i] === '=' && depth === 0) return i;
  }
  return -1;
}

/** Any other argument, or its value after "=": a path outside the job folder or a file URL. */
function wordLeaves(word: string): boolean {
  const value = word.slice(word.indexOf('=') + 1);
  return isOutsidePath(word) || isOutsidePath(value) || /^(file|jar):/i.test(value);
}

function overrideProblem(key: string, value: string, shown: string): string | null {
  // The param is the last name after a dot outside brackets: "drt.drt[mode=drt].vehiclesFile" → vehiclesFile.
  const names = key.replace(/\[[^\]]*\]/g, '').split('.');
  const module = names[0]!.toLowerCase();
  const param = names[names.length - 1]!;
  if (module === 'controler' || module === 'controller') {
    if (param.toLowerCase() === 'outputdirectory') return JOB_PATH_MESSAGES.outputDirectory(shown);
    if (param.toLowerCase() === 'runid') return JOB_PATH_MESSAGES.runIdOverride(shown);
  }
  return fileValueLeaves(param, value) ? JOB_PATH_MESSAGES.outsidePath(shown) : null;
}
