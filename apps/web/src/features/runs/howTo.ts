/**
 * The watch client's command lines for the run list's how-to panel (issue 17): the same command for a POSIX
 * shell and for Windows (PowerShell and cmd read it alike: double quotes, backslash paths). It runs the runner
 * downloaded from this server (issue 30: `corridor-runner.tgz`, unpacked in the folder the command runs in).
 */
import { runnerScript } from '../../api/runnerBundle.ts';

export interface WatchCommand {
  url: string;
  apiKey: string;
  /** The team the run goes to (the watch client's default is the key owner's personal group). */
  group: string;
  name: string;
  /** Stands for MATSim's process id (`--pid`: a crash ends the watch at once, not after the idle timeout). */
  pid: string;
}

/** Absolute, so the command works from the runner's folder whatever folder MATSim writes to. */
const OUTPUT_FOLDER = { unix: '/path/to/output', windows: 'C:\\path\\to\\output' } as const;

function quoted(value: string): string {
  return `"${value.replace(/"/g, '')}"`;
}

export function watchCommand(shell: 'unix' | 'windows', { url, apiKey, group, name, pid }: WatchCommand): string {
  return `node ${runnerScript(shell)} watch --server ${url} --api-key ${apiKey} --group ${quoted(group)} --name ${quoted(name)} --pid ${pid} ${OUTPUT_FOLDER[shell]}`;
}
