// Network reading speed and memory (issue 3): a synthetic 1-million-link v2 network (a grid, some links with
// attributes) is generated into the temp folder, plain and gzip, then read with `streamNetwork` (callbacks only)
// and `readNetwork` (the whole model). Each measurement runs in its own Node process so its memory figures are its
// own. Prints a table; the temp files are removed at the end.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { readNetwork, streamNetwork } from '@corridor/matsim';
import { LINKS, printTable, SIDE, syntheticNetwork } from './synthetic-network.ts';

type Mode = 'stream' | 'model';

interface Measurement {
  links: number;
  seconds: number;
  peakRssMb: number;
  heapAfterGcMb: number;
}

async function generate(dir: string): Promise<{ plain: string; gzip: string }> {
  const plain = join(dir, 'network.xml');
  const gzip = join(dir, 'network.xml.gz');
  await pipeline(syntheticNetwork(), createWriteStream(plain));
  await pipeline(syntheticNetwork(), createGzip(), createWriteStream(gzip));
  return { plain, gzip };
}

/** One measurement, run inside a child process. */
async function measure(mode: Mode, path: string): Promise<Measurement> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  let peak = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  let links = 0;
  const sample = () => {
    if (++links % 50_000 === 0) peak = Math.max(peak, process.memoryUsage.rss());
  };
  const t0 = performance.now();
  let keep: unknown;
  if (mode === 'stream') {
    await streamNetwork(path, { onLink: sample });
  } else {
    const network = await readNetwork(path);
    links = network.links.size;
    keep = network;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  gc?.();
  const heapAfterGcMb = process.memoryUsage().heapUsed / 1e6;
  void keep; // the model stays reachable until here, so the heap figure includes it
  return { links, seconds, peakRssMb: peak / 1e6, heapAfterGcMb };
}

function runChild(mode: Mode, path: string): Measurement {
  const file = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, [...process.execArgv, file, 'measure', mode, path], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) throw new Error(`measurement ${mode} ${path} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Measurement;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'corridor-bench-network-'));
  try {
    const t0 = performance.now();
    const files = await generate(dir);
    const mb = (path: string) => (statSync(path).size / 1e6).toFixed(0);
    console.log(
      `synthetic network: ${SIDE * SIDE} nodes, ${LINKS} links; ${mb(files.plain)} MB plain, ${mb(files.gzip)} MB gzip ` +
        `(generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
    );
    const rows: string[][] = [['reader', 'input', 'links', 'seconds', 'links/s', 'peak RSS', 'heap after GC']];
    for (const [mode, label] of [['stream', 'streamNetwork (callbacks)'], ['model', 'readNetwork (model)']] as const) {
      for (const [input, path] of [['xml', files.plain], ['xml.gz', files.gzip]] as const) {
        const m = runChild(mode, path);
        rows.push([
          label,
          input,
          String(m.links),
          m.seconds.toFixed(2),
          Math.round(m.links / m.seconds).toLocaleString('en-US'),
          `${m.peakRssMb.toFixed(0)} MB`,
          `${m.heapAfterGcMb.toFixed(0)} MB`,
        ]);
      }
    }
    printTable(rows, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'measure') {
  const result = await measure(process.argv[3] as Mode, process.argv[4]!);
  console.log(JSON.stringify(result));
} else {
  await main();
}
