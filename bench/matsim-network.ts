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

const LINKS = 1_000_000;
const SIDE = 501; // 501 × 501 nodes give 1,002,000 directed grid links; generation stops at LINKS
const SPACING = 100;

type Mode = 'stream' | 'model';

interface Measurement {
  links: number;
  seconds: number;
  peakRssMb: number;
  heapAfterGcMb: number;
}

/** The network in MATSim's v2 layout, produced line by line so generating it needs no model in memory. */
function* syntheticNetwork(): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield '<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">\n';
  yield '<network name="synthetic grid">\n\n\t<attributes>\n';
  yield '\t\t<attribute name="coordinateReferenceSystem" class="java.lang.String">EPSG:25832</attribute>\n';
  yield '\t</attributes>\n\n\t<nodes>\n';
  for (let row = 0; row < SIDE; row++) {
    let lines = '';
    for (let col = 0; col < SIDE; col++) {
      lines += `\t\t<node id="${row * SIDE + col}" x="${(col * SPACING).toFixed(1)}" y="${(row * SPACING + 0.25).toFixed(2)}" >\n\t\t</node>\n`;
    }
    yield lines;
  }
  yield '\t</nodes>\n\n\t<links capperiod="01:00:00" effectivecellsize="7.5" effectivelanewidth="3.75">\n';
  let id = 0;
  const link = (from: number, to: number): string => {
    const n = id++;
    const modes = n % 5 === 0 ? 'car,bike' : 'car';
    const head = `\t\t<link id="${n}" from="${from}" to="${to}" length="${SPACING + (n % 7) * 0.5}" freespeed="13.88888888888889" capacity="${600 * (1 + (n % 3))}.0" permlanes="${1 + (n % 2)}.0" oneway="1" modes="${modes}" >\n`;
    // Every tenth link carries attributes, as OSM-derived networks do (type, allowed speed).
    const attributes =
      n % 10 === 0
        ? '\t\t\t<attributes>\n\t\t\t\t<attribute name="type" class="java.lang.String">residential</attribute>\n' +
          '\t\t\t\t<attribute name="allowed_speed" class="java.lang.Double">13.88888888888889</attribute>\n\t\t\t</attributes>\n'
        : '';
    return `${head}${attributes}\t\t</link>\n`;
  };
  for (let row = 0; row < SIDE && id < LINKS; row++) {
    let lines = '';
    for (let col = 0; col < SIDE && id < LINKS; col++) {
      const node = row * SIDE + col;
      if (col + 1 < SIDE) lines += link(node, node + 1) + link(node + 1, node);
      if (row + 1 < SIDE && id < LINKS) lines += link(node, node + SIDE) + link(node + SIDE, node);
    }
    yield lines;
  }
  yield '\t</links>\n\n</network>\n';
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
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
    for (const row of rows) console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
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
