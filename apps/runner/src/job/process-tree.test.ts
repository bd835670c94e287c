import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { descendants, parentOf, signalDescendants, treeRss } from './process-tree.ts';
import { readRss } from './rss.ts';

describe('process tree', () => {
  it('reads the parent from /proc/{pid}/stat, whatever the command name holds', () => {
    expect(parentOf('4242 (java) S 17 4242 4242 0 -1 4194560')).toBe(17);
    expect(parentOf('4242 (a) b (c) S 99 1 1 0')).toBe(99);
    expect(parentOf('')).toBeUndefined();
  });

  it('finds, measures and signals the processes below one, not that one itself', async () => {
    // A shell that traps SIGTERM (so it survives being signalled only if it is not a target) with a child below it.
    const shell = spawn('/bin/sh', ['-c', 'trap "exit 7" TERM; sleep 60 & wait'], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => shell.once('exit', (code) => resolve(code)));
    const wrapper = shell.pid!;
    let below: number[] = [];
    for (let i = 0; i < 50 && below.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      below = await descendants(process.pid);
    }
    expect(below).toContain(wrapper);
    const sleep = (await descendants(wrapper))[0]!;
    expect(sleep).toBeGreaterThan(0);
    expect(await treeRss(wrapper)).toBeGreaterThan((await readRss(wrapper))!);

    await signalDescendants(wrapper, 'SIGTERM');
    // The sleep ended; the shell, not signalled itself, goes on until its child is gone, then exits by itself (0).
    expect(await exited).toBe(0);
    expect(await treeRss(wrapper)).toBeUndefined();
  });
});
