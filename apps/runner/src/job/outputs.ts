/**
 * The files of a job's output directory, as the relative "/"-separated paths the server stores them under. A job
 * (its own user in the sandbox) may put links or pipes there: the runner, reading as itself, follows neither.
 */
import { constants } from 'node:fs';
import { lstat, open, readdir, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export interface OutputFile {
  /** Relative to the output directory, "/" separated, e.g. "ITERS/it.0/run.0.events.xml.gz". */
  path: string;
  /** Absolute path on disk. */
  file: string;
}

/**
 * Files a run writes on the way and that are not outputs (issue 26: a cancelled run uploaded one): MATSim's
 * `<out>/tmp` folder, and the half-written files the engine and @corridor/matsim's writers rename into place when
 * done (`<name>.tmp-<pid>` and `<name>.tmp-<pid>-<time>`), which a run stopped while writing leaves behind.
 */
export function isTemporaryOutput(relativePath: string): boolean {
  return relativePath.startsWith('tmp/') || /\.tmp-\d+(?:-\d+)?$/.test(relativePath);
}

/**
 * Every regular file below `dir` (symbolic links are not followed) that is not a temporary one (isTemporaryOutput),
 * sorted; none when `dir` is not a folder.
 */
export async function listOutputFiles(dir: string): Promise<OutputFile[]> {
  const out: OutputFile[] = [];
  if (!(await lstat(dir).catch(() => undefined))?.isDirectory()) return out;
  const walk = async (current: string, prefix: string) => {
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(current, entry.name), relative);
      else if (entry.isFile() && !isTemporaryOutput(relative)) out.push({ path: relative, file: path.join(current, entry.name) });
    }
  };
  await walk(dir, '');
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Opens `name` in the folder `dir` for reading without following a link in either place (the folder is held open
 * while the name is resolved in it, so swapping either for a link meanwhile does not help) and without blocking on
 * a pipe; undefined when there is no such file. The caller checks that it is a regular file and closes it.
 */
export async function openInside(dir: string, name: string): Promise<FileHandle | undefined> {
  const folder = await open(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW).catch(() => undefined);
  if (!folder) return undefined;
  try {
    return await open(`/proc/self/fd/${folder.fd}/${name}`, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => undefined);
  } finally {
    await folder.close();
  }
}
