import { spawnSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_FILE_MAX_BYTES } from '@corridor/contract';
import { StatsWatcher } from './stats-watcher.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'runner-stats-tail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A watcher of a fresh output folder, with what it sent and the files it gave up on. */
async function watcherIn(name: string) {
  const out = path.join(dir, name);
  await mkdir(out);
  const sent: string[] = [];
  const tooLarge: string[] = [];
  const watcher = new StatsWatcher(out, '', async (stats, csv) => void sent.push(`${stats}:${csv.toString()}`), { onTooLarge: (file) => tooLarge.push(file) });
  const bytesRead = () => [...watcher.tails.values()].reduce((sum, tail) => sum + tail.bytesRead, 0);
  return { out, sent, tooLarge, watcher, bytesRead };
}

describe('statistics files followed by offset', () => {
  it('reads only the bytes appended since the last poll, and sends whole lines only', async () => {
    const { out, sent, watcher, bytesRead } = await watcherIn('growing');
    const file = path.join(out, 'scorestats.csv');
    const header = 'iteration;avg_executed;avg_worst;avg_average;avg_best\n';
    await writeFile(file, `${header}0;1.0;0.5;0.8;1.2\n`);
    await watcher.poll();
    expect(bytesRead()).toBe((await stat(file)).size);
    expect(sent).toEqual([`scorestats:${header}0;1.0;0.5;0.8;1.2\n`]);

    for (let iteration = 1; iteration <= 20; iteration++) {
      const before = (await stat(file)).size;
      const row = `${iteration};1.${iteration};0.5;0.8;1.2\n`;
      await appendFile(file, row);
      await watcher.poll();
      // Never a byte it had read before: exactly the new row.
      expect(bytesRead()).toBe(before + row.length);
    }
    expect(sent).toHaveLength(21);
    expect(sent.at(-1)!.split('\n')).toHaveLength(1 + 21 + 1);

    // A row half written is not sent; its end is read (only its end) and then it is.
    const total = (await stat(file)).size;
    await appendFile(file, '21;2.1;0.');
    await watcher.poll();
    expect(sent).toHaveLength(21);
    await appendFile(file, '5;0.8;1.2\n');
    await watcher.poll();
    expect(bytesRead()).toBe(total + '21;2.1;0.5;0.8;1.2\n'.length);
    expect(sent.at(-1)!.endsWith('\n20;1.20;0.5;0.8;1.2\n21;2.1;0.5;0.8;1.2\n')).toBe(true);

    // Nothing new: nothing read, nothing sent.
    await watcher.poll();
    expect(bytesRead()).toBe((await stat(file)).size);
    expect(sent).toHaveLength(22);
  });

  it('reads a file anew when MATSim rewrote it with another column (a new mode in modestats)', async () => {
    const { out, sent, watcher } = await watcherIn('rewritten');
    const file = path.join(out, 'modestats.csv');
    await writeFile(file, 'iteration;car;walk\n0;0.5;0.5\n');
    await watcher.poll();
    await writeFile(file, 'iteration;car;walk\n0;0.5;0.5\n1;0.6;0.4\n');
    await watcher.poll();
    expect(sent.at(-1)).toBe('modestats:iteration;car;walk\n0;0.5;0.5\n1;0.6;0.4\n');
    // Same inode, longer file, other shape: earlier rows back-filled with 0.0.
    const rewritten = 'iteration;bike;car;walk\n0;0.0;0.5;0.5\n1;0.0;0.6;0.4\n2;0.1;0.5;0.4\n';
    await writeFile(file, rewritten);
    await watcher.poll();
    expect(sent.at(-1)).toBe(`modestats:${rewritten}`);
    // A shorter file is read from its start too.
    await writeFile(file, 'iteration;car\n0;1.0\n');
    await watcher.poll();
    expect(sent.at(-1)).toBe('modestats:iteration;car\n0;1.0\n');
  });

  it('leaves a statistics file past the cap, saying so once — a sparse 1.5 GB scorestats.csv is never read', async () => {
    const { out, sent, tooLarge, watcher, bytesRead } = await watcherIn('sparse');
    const file = path.join(out, 'scorestats.csv');
    await writeFile(file, 'iteration;avg_executed;avg_worst;avg_average;avg_best\n0;1.0;0.5;0.8;1.2\n');
    await watcher.poll();
    expect(sent).toHaveLength(1);
    expect(spawnSync('truncate', ['-s', '1500M', file]).status).toBe(0);
    for (let i = 0; i < 3; i++) await watcher.poll();
    expect(tooLarge).toEqual(['scorestats.csv']);
    expect(sent).toHaveLength(1);
    expect(bytesRead()).toBeLessThan(1024);

    // Just past the cap (not sparse): not read either.
    const modes = path.join(out, 'modestats.csv');
    await writeFile(modes, Buffer.alloc(STATS_FILE_MAX_BYTES + 1, 'x'));
    await watcher.poll();
    await watcher.poll();
    expect(tooLarge).toEqual(['scorestats.csv', 'modestats.csv']);
    expect(bytesRead()).toBeLessThan(1024);
  });
});
