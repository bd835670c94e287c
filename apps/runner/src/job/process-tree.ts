/**
 * A job's processes seen from the host (Linux /proc): a sandboxed job is bwrap → its namespace's init → the
 * command and its children, so stopping the job or measuring its memory means the whole tree below the pid the
 * runner started.
 */
import { readdir, readFile } from 'node:fs/promises';
import { readRss } from './rss.ts';

/** The pids below `root` (children, grandchildren, …), nearest first; empty where /proc is not available. */
export async function descendants(root: number): Promise<number[]> {
  const children = new Map<number, number[]>();
  for (const name of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(await readFile(`/proc/${name}/stat`, 'utf8').catch(() => ''));
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const found: number[] = [];
  for (let queue = [root]; queue.length > 0; ) {
    const next = children.get(queue.shift()!) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

/** The ppid field of /proc/{pid}/stat ("pid (comm) state ppid …"; comm may hold spaces and parentheses). */
export function parentOf(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  return Number.isInteger(ppid) && fields[1] !== '' ? ppid : undefined;
}

/**
 * Sends `signal` to every process below `root` (not to `root` itself); a process gone meanwhile is skipped.
 * Answers how many there were.
 */
export async function signalDescendants(root: number, signal: NodeJS.Signals): Promise<number> {
  const pids = await descendants(root);
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // ended meanwhile
    }
  }
  return pids.length;
}

/** Bytes of resident memory of `root` and every process below it; undefined when `root` is gone. */
export async function treeRss(root: number): Promise<number | undefined> {
  let total: number | undefined;
  for (const pid of [root, ...(await descendants(root))]) {
    const rss = await readRss(pid);
    if (rss !== undefined) total = (total ?? 0) + rss;
    else if (pid === root) return undefined;
  }
  return total;
}
