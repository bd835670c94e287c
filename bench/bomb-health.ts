// `/health` while three 4 GiB zstd bombs are read (issue 11): the real server (`node --import tsx main.ts`, default
// processing limits) gets three 135 KB zstd networks whose <nodes> hold 4 GiB of spaces and is asked for each as
// JSON at once; meanwhile `/health` is polled back to back. Prints /health latency idle and under the bombs, the
// answers and how long they took, and the server's RSS (idle, peak, after) sampled from /proc. Then another user's
// upload and network view latency while one user runs three population bombs (issue 23, `bomb-fairness.ts`), and
// the runner's RSS while a job writes a 1.5 GB sparse scorestats.csv (issue 23, `sparse-stats.ts`, its own server).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startServer } from '../e2e/support/server.ts';
import { GiB, zstdBomb } from '../packages/matsim/test/bombs.ts';
import { otherUserWhileBombs } from './bomb-fairness.ts';
import { BenchClient } from './http-client.ts';
import { runnerRssWhileSparseStats } from './sparse-stats.ts';

const rows: [string, string][] = [];
const MiB = 1 << 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
}

async function pollHealth(url: string, until: () => boolean, pid: number): Promise<{ times: number[]; peak: number }> {
  const times: number[] = [];
  let peak = 0;
  while (!until()) {
    const t0 = performance.now();
    const response = await fetch(`${url}/api/v1/health`);
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    peak = Math.max(peak, rssOf(pid));
    await sleep(10);
  }
  return { times: times.sort((a, b) => a - b), peak };
}

const describe = (times: number[]) =>
  `n=${times.length}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`;

const server = await startServer();
try {
  const setup = await fetch(`${server.url}/api/v1/accounts/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  });
  const cookie = setup.headers.get('set-cookie')?.split(';')[0] ?? '';
  const bomb = zstdBomb('<?xml version="1.0" encoding="UTF-8"?>\n<network>\n<nodes>', 4 * GiB, '</nodes></network>\n');
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('files[]', new Blob([new Uint8Array(bomb)]), `bomb-${i}.xml.zst`);
    const answer = await (await fetch(`${server.url}/api/v1/datasets/files`, { method: 'POST', headers: { cookie }, body: form })).json();
    ids.push(answer.files[0].id);
  }
  rows.push(['bomb', `${(bomb.length / 1024).toFixed(0)} KB of zstd → 4 GiB (3 uploads)`]);

  await sleep(12_000); // the sniffing workers retire (10 s idle)
  const idleRss = rssOf(server.pid);
  let idleDone = false;
  setTimeout(() => (idleDone = true), 3000);
  rows.push(['/health idle', describe((await pollHealth(server.url, () => idleDone, server.pid)).times)]);

  let done = false;
  const t0 = performance.now();
  const bombs = Promise.all(
    ids.map(async (id) => {
      const response = await fetch(`${server.url}/api/v1/datasets/files/${id}/as/json`, { headers: { cookie } });
      const body = (await response.json()) as { message?: string };
      return { status: response.status, message: body.message, ms: performance.now() - t0 };
    }),
  ).finally(() => (done = true));
  const loaded = await pollHealth(server.url, () => done, server.pid);
  rows.push(['/health during three bombs', describe(loaded.times)]);
  for (const [i, answer] of (await bombs).entries()) rows.push([`bomb ${i + 1}`, `${answer.status} after ${(answer.ms / 1000).toFixed(1)} s: ${answer.message}`]);

  await sleep(12_000);
  rows.push(['server RSS', `idle ${(idleRss / MiB).toFixed(0)} MiB, peak ${(loaded.peak / MiB).toFixed(0)} MiB, 12 s after ${(rssOf(server.pid) / MiB).toFixed(0)} MiB`]);

  const admin = new BenchClient(server.url);
  await admin.call('POST', '/accounts/login', { username: 'bench', password: 'bench-password' });
  rows.push(...(await otherUserWhileBombs(server.url, admin, percentile)));
} finally {
  await server.stop();
}
rows.push(...(await runnerRssWhileSparseStats()));

const width = Math.max(...rows.map(([what]) => what.length));
for (const [what, value] of rows) console.log(`${what.padEnd(width)}  ${value}`);
