/**
 * Jobs a previous runner process left behind (it was killed, so it could not stop them): a Java MATSim process does
 * not notice that its runner is gone and would run on. At start the runner looks at the job folders whose runner
 * (the pid recorded next to the job's) is gone: it stops the job's process if that process still works in that
 * folder (Linux: /proc/{pid}/cwd, so a reused pid of another program is never touched) and removes the folder. A
 * folder of a runner that is still alive (two runners sharing --work) is left alone.
 */
import { readdir, readFile, readlink, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';

/** "{job process pid} {runner pid}" */
export const PID_FILE = 'pid';

export async function stopLeftoverJobs(workDir: string, log: Logger): Promise<void> {
  const entries = await readdir(workDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || !/^job-\d+$/.test(entry.name)) continue;
    const dir = path.join(workDir, entry.name);
    const [pid, runnerPid] = (await readFile(path.join(dir, PID_FILE), 'utf8').catch(() => '')).trim().split(/\s+/).map(Number);
    if (runnerPid && runnerPid !== process.pid && isAlive(runnerPid)) continue;
    if (pid && Number.isInteger(pid) && pid > 0 && (await worksIn(pid, dir))) {
      try {
        process.kill(pid, 'SIGKILL');
        log.warn(`stopped process ${pid} of ${entry.name}, left running by an earlier runner`);
      } catch {
        // gone meanwhile
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function worksIn(pid: number, dir: string): Promise<boolean> {
  const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
  if (cwd === undefined) return false;
  return cwd === (await realpath(dir).catch(() => dir));
}
