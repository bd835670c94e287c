/** A child process's resident memory: VmRSS from /proc/{pid}/status (Linux). process.memoryUsage is this process's. */
import { readFile } from 'node:fs/promises';

/** Bytes, or undefined where /proc is not available or the process is gone. */
export async function readRss(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  return status === undefined ? undefined : parseVmRss(status);
}

export function parseVmRss(status: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s*kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}
