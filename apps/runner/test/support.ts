/** Helpers shared by the runner's integration tests. */
import { readFileSync } from 'node:fs';

/**
 * Whether a process with this id is running (signal 0 only checks). A zombie is not: a runner whose parent (a killed
 * server) is gone may wait a while to be reaped.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Calls check every 100 ms until it gives a truthy value and returns that value. After timeoutMs it throws,
 * with what describe gives (the last lines of a process's log) below the message.
 */
export async function pollUntil<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  describe: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms\n${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
