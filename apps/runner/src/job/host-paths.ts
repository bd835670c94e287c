/**
 * What users see carries no absolute paths of the runner's host: in a job's log lines and its end message the
 * job folder becomes "." (so `/srv/runner/job-12/output/x.csv` reads `./output/x.csv`, and so does the sandbox's
 * `/job/output/x.csv`, which the caller adds as a folder shown as ".") and the other folders the
 * runner knows (its work folder, the MATSim release zips, Corridor's own install, the home folder, node) are
 * named by a placeholder. The runner's own log keeps the full paths.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { INSTALL_ROOT } from '../install.ts';

export interface HostFolder {
  path: string;
  /** What users see instead, e.g. "<runner>". */
  shown: string;
}

/** Corridor's install: the repository a runner runs from, or the runner bundle's folder (install.ts). */
export { INSTALL_ROOT };

/** The folders of this runner's host that a job's output may name, besides the job folder. */
export function runnerHostFolders(folders: { workDir: string; enginesDir?: string }): HostFolder[] {
  return [
    { path: folders.workDir, shown: '<runner>' },
    ...(folders.enginesDir ? [{ path: folders.enginesDir, shown: '<engines>' }] : []),
    { path: INSTALL_ROOT, shown: '<corridor>' },
    { path: process.execPath, shown: 'node' },
    { path: homedir(), shown: '~' },
  ];
}

/**
 * A function that rewrites the job folder to "." and each host folder to its placeholder. Longer paths first (a
 * job folder inside the work folder, a work folder inside the install); a path only counts as a whole (the job
 * folder `/w/job-1` is not the start of `/w/job-12`, and `/job` is not the end of `/a/job`).
 */
export function hostPathScrubber(jobDir: string, folders: readonly HostFolder[]): (text: string) => string {
  const all = [{ path: jobDir, shown: '.' }, ...folders]
    .map((folder) => ({ ...folder, path: path.resolve(folder.path) }))
    .filter((folder) => folder.path !== path.parse(folder.path).root)
    .sort((a, b) => b.path.length - a.path.length);
  if (all.length === 0) return (text) => text;
  const shown = new Map(all.map((folder) => [folder.path, folder.shown]));
  const pattern = new RegExp(`(?<![\\w.~-])(${all.map((folder) => escapeRegExp(folder.path)).join('|')})(?![\\w-]|\\.[\\w-])`, 'g');
  return (text) => text.replace(pattern, (match) => shown.get(match) ?? match);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
