// Part of `bomb-health` (issue 23): another user's file work while one user runs three population bombs. Alice
// uploads three 7 MB gzip populations of 29 million valid persons (2 GiB each) and asks for their summaries at
// once (minutes of work each with the default limits); meanwhile Bob uploads a 1.5 KB network (sniffed on upload)
// and views it as JSON, 20 times. Prints p50/p95 of both and ok when p95 stays below 5 s.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipBomb } from '../packages/matsim/test/bombs.ts';
import { BenchClient } from './http-client.ts';

const ROUNDS = 20;
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small valid network of about 1.5 KB. */
function smallNetwork(): string {
  const nodes = Array.from({ length: 10 }, (_, i) => `    <node id="n${i}" x="${i * 1000}" y="${(i % 2) * 1000}"/>`);
  const links = Array.from({ length: 9 }, (_, i) => `    <link id="l${i}" from="n${i}" to="n${i + 1}" length="1000" freespeed="13.9" capacity="1800" permlanes="1" modes="car"/>`);
  return `${XML}<network>\n  <nodes>\n${nodes.join('\n')}\n  </nodes>\n  <links>\n${links.join('\n')}\n  </links>\n</network>\n`;
}

async function user(url: string, admin: BenchClient, username: string): Promise<BenchClient> {
  await admin.call('POST', '/accounts/users', { username, password: 'bench-password' });
  const client = new BenchClient(url);
  await client.call('POST', '/accounts/login', { username, password: 'bench-password' });
  return client;
}

async function timed<T>(work: () => Promise<T>, into: number[]): Promise<T> {
  const started = performance.now();
  const result = await work();
  into.push(performance.now() - started);
  return result;
}

/** Rows for the bench table; `admin` is signed in as the installation's administrator. */
export async function otherUserWhileBombs(url: string, admin: BenchClient, percentile: (sorted: number[], p: number) => number): Promise<[string, string][]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'bomb-fairness-'));
  try {
    const [alice, bob] = [await user(url, admin, 'alice'), await user(url, admin, 'bob')];
    const bombPath = path.join(folder, 'plans.xml.gz');
    const bomb = gzipBomb(`${XML}<population>\n`, '<person id="p"><plan><activity type="h" x="0" y="0"/></plan></person>\n', 29_000_000, '</population>\n');
    await writeFile(bombPath, bomb);
    const networkPath = path.join(folder, 'network.xml');
    const network = smallNetwork();
    await writeFile(networkPath, network);
    const bombs = await alice.upload([1, 2, 3].map((i) => ({ name: `plans-${i}.xml.gz`, path: bombPath })));

    const t0 = performance.now();
    let settled = 0;
    // Answered or refused, they count as settled; the bench ends without waiting for them.
    for (const { id } of bombs) void alice.call('GET', `/datasets/files/${id}/summary`).then(() => settled++, () => settled++);
    await sleep(1000);
    const uploads: number[] = [];
    const views: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [file] = await timed(() => bob.upload([{ name: `network-${i}.xml`, path: networkPath }]), uploads);
      await timed(() => bob.download(`/datasets/files/${file!.id}/as/json`), views);
      await sleep(250);
    }
    const stat = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (n=${sorted.length})`;
    };
    const worst = Math.max(percentile([...uploads].sort((a, b) => a - b), 95), percentile([...views].sort((a, b) => a - b), 95));
    return [
      ['population bomb', `${(bomb.length / 1024).toFixed(0)} KB of gzip → 29 million persons (2 GiB), 3 uploads by alice, summaries asked at once`],
      [`bob's upload (${network.length} B, sniffed)`, stat(uploads)],
      ["bob's network as JSON", stat(views)],
      ["alice's summaries", `${settled} of 3 answered while bob worked (${((performance.now() - t0) / 1000).toFixed(0)} s)`],
      ['other user during bombs', worst < 5000 ? 'ok (p95 below 5 s)' : `NOT OK: p95 ${worst.toFixed(0)} ms`],
    ];
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
