// Issue 30: the blob store on S3-compatible object storage (an s3rver process on loopback, as the tests start it)
// against local disk, for one blob of BENCH_STORAGE_MB (default 1024) MB: `put` from a stream made on the fly (never
// a file in the repository or the whole blob in memory) and `read` drained, in MB/s, with the peak RSS (VmHWM) of
// the process doing it — each store in a child process of its own, so the figure is the server side's — and the
// s3rver process's own peak for the S3 run; CPU seconds of both sides show which one limits the rate.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startS3Server } from '../apps/server/test/s3-server.ts';
import type { BlobStore } from '../apps/server/src/storage/blob-store.ts';
import { LocalDiskBlobStore } from '../apps/server/src/storage/local-disk.ts';
import { S3BlobStore, s3ClientFor } from '../apps/server/src/storage/s3-store.ts';
import { mb, memoryOf } from './process-stats.ts';

const MiB = 1024 * 1024;
const TOTAL_MB = Number(process.env.BENCH_STORAGE_MB ?? 1024);

interface ChildResult {
  putSeconds: number;
  readSeconds: number;
  bytes: number;
  startKb: number;
  peakKb: number;
  cpuSeconds: number;
}

/** User + system CPU seconds a process has used (from /proc, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** TOTAL_MB of bytes in 1 MiB chunks; one buffer reused (the stores copy or write each chunk before asking for the next). */
async function* generated(): AsyncGenerator<Uint8Array> {
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < TOTAL_MB; i++) {
    chunk.fill(i % 251);
    chunk.writeUInt32BE(i, 0);
    yield chunk;
  }
}

async function child(kind: string, endpointJson: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'corridor-bench-storage-'));
  let store: BlobStore;
  let close = () => {};
  if (kind === 'local') {
    store = await LocalDiskBlobStore.open(join(dir, 'files'));
  } else {
    const client = s3ClientFor(JSON.parse(endpointJson));
    store = await S3BlobStore.open({ client, bucket: 'corridor', prefix: 'bench/', tempDir: join(dir, 'uploads') });
    close = () => client.destroy();
  }
  try {
    const startKb = memoryOf(process.pid).rss;
    const cpuStart = process.cpuUsage();
    let t0 = performance.now();
    const blob = await store.put(generated());
    const putSeconds = (performance.now() - t0) / 1000;
    t0 = performance.now();
    let bytes = 0;
    for await (const chunk of store.read(blob.key)) bytes += (chunk as Buffer).length;
    const readSeconds = (performance.now() - t0) / 1000;
    await store.delete(blob.key);
    const cpu = process.cpuUsage(cpuStart);
    const result: ChildResult = { putSeconds, readSeconds, bytes, startKb, peakKb: memoryOf(process.pid).hwm, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
    console.log(JSON.stringify(result));
  } finally {
    close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const server = await startS3Server('corridor');
  const rows: string[][] = [];
  try {
    for (const kind of ['local', 's3']) {
      const self = fileURLToPath(import.meta.url);
      const serverBefore = memoryOf(server.pid).hwm;
      const serverCpuBefore = cpuSecondsOf(server.pid);
      const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', kind, JSON.stringify(server.storage('bench'))], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 10 * MiB,
      });
      if (run.status !== 0) throw new Error(`the ${kind} run failed (${run.status})`);
      const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as ChildResult;
      if (result.bytes !== TOTAL_MB * MiB) throw new Error(`${kind}: read ${result.bytes} bytes of ${TOTAL_MB * MiB}`);
      rows.push([
        kind === 'local' ? 'local disk' : 'S3 (s3rver)',
        (TOTAL_MB / result.putSeconds).toFixed(0),
        (TOTAL_MB / result.readSeconds).toFixed(0),
        mb(result.startKb),
        mb(result.peakKb),
        result.cpuSeconds.toFixed(1),
        kind === 's3' ? `${mb(serverBefore)} → ${mb(memoryOf(server.pid).hwm)}` : '–',
        kind === 's3' ? (cpuSecondsOf(server.pid) - serverCpuBefore).toFixed(1) : '–',
      ]);
    }
  } finally {
    await server.close();
  }
  console.log(`One blob of ${TOTAL_MB} MB through the store (put from a generated stream, read drained)\n`);
  console.log('| store | put MB/s | read MB/s | RSS at start MB | peak RSS MB (VmHWM) | CPU s (put + read) | s3rver peak RSS MB | s3rver CPU s |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else await main();
