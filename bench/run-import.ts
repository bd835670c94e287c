// Issue 17 run import through HTTP on the real server (built like `startServer` for the browser tests): newwest's
// output folder uploaded file by file (30 per request, like the import page), attached, `runImported`, until the
// run and its post-processing have settled; then a synthetic events file of BENCH_EVENTS_GB (default 2) GB of
// MATSim events XML written straight into a zip in the temp folder (never in memory), uploaded, expanded and
// post-processed the same way. Seconds, sizes and the server's peak RSS (sampled from /proc every 200 ms), so
// flat memory shows as a peak that does not grow with the archive.
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { BenchClient as Client } from './http-client.ts';
import { mb, memoryOf } from './process-stats.ts';

const NEWWEST = join(import.meta.dirname, '../../shared/data/output-newwest-2024');
const EVENTS_BYTES = Number(process.env.BENCH_EVENTS_GB ?? 2) * 1e9;
const rows: [string, string][] = [];

interface RunAnswer {
  run: { status: string; message?: string | null } & Record<string, { status: string } | null | string | number | boolean | undefined>;
}

/** Peak RSS of the server while `work` runs. */
async function sampled<T>(server: RunningServer, work: () => Promise<T>): Promise<{ value: T; seconds: number; peakKb: number; beforeKb: number }> {
  const beforeKb = memoryOf(server.pid).rss;
  let peakKb = beforeKb;
  const timer = setInterval(() => (peakKb = Math.max(peakKb, memoryOf(server.pid).rss)), 200);
  const t0 = performance.now();
  try {
    const value = await work();
    return { value, seconds: (performance.now() - t0) / 1000, peakKb, beforeKb };
  } finally {
    clearInterval(timer);
  }
}

async function importRun(client: Client, groupId: number, name: string, files: { name: string; path: string }[], onExpanded?: () => void): Promise<RunAnswer> {
  const run = await client.call<{ id: number }>('POST', '/datasets/datasets', {
    groupId,
    name,
    description: '',
    type: 'run',
    attributes: { __crs: 'EPSG:26910', __imported: true },
  });
  for (let i = 0; i < files.length; i += 30) {
    for (const file of await client.upload(files.slice(i, i + 30))) await client.call('POST', `/datasets/datasets/${run.id}/files/${file.id}`);
  }
  await client.call('POST', `/datasets/datasets/${run.id}/events`, { timestamp: new Date().toISOString(), type: 'runImported', data: {} });
  let expanded = false;
  for (;;) {
    if (onExpanded && !expanded) {
      const list = await client.call<{ name: string }[]>('GET', `/datasets/datasets/${run.id}/files`);
      if (!list.some((f) => f.name.endsWith('.zip'))) (expanded = true), onExpanded();
    }
    const answer = await client.call<RunAnswer>('GET', `/datasets/run/${run.id}`);
    const step = (key: string) => answer.run[key] as { status: string } | null;
    const done = (s: { status: string } | null) => s === null || s.status === 'FINISHED' || s.status === 'FAILED';
    const settled = ['FINISHED', 'FAILED'].includes(answer.run.status) && ['postProcessRun', 'postProcessNetwork', 'postProcessVehicles'].every((k) => done(step(k)));
    if (settled) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function filesBelow(dir: string): { name: string; path: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name !== 'SOURCE.md')
    .map((e) => ({ name: e.name, path: join(e.parentPath, e.name) }));
}

/** MATSim events XML, about `bytes` long, generated as it is read (a varied mix, so it deflates like real events). */
function eventsXml(bytes: number): Readable {
  let written = 0;
  let seed = 42;
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) % n);
  let time = 0;
  return Readable.from(
    (function* () {
      yield '<?xml version="1.0" encoding="utf-8"?>\n<events version="1.0">\n';
      while (written < bytes) {
        const lines: string[] = [];
        for (let i = 0; i < 2000; i++) {
          time += next(3);
          const person = next(200_000);
          const link = next(60_000);
          const kind = next(4);
          lines.push(
            kind === 0
              ? `\t<event time="${time}.0" type="left link" link="${link}" vehicle="${person}"  />`
              : kind === 1
                ? `\t<event time="${time}.0" type="entered link" link="${link}" vehicle="${person}"  />`
                : kind === 2
                  ? `\t<event time="${time}.0" type="actend" person="${person}" link="${link}" actType="home" x="${next(100000)}.${next(100)}" y="${next(100000)}.${next(100)}"  />`
                  : `\t<event time="${time}.0" type="departure" person="${person}" link="${link}" legMode="car" computationalRoutingMode="car"  />`,
          );
        }
        const chunk = `${lines.join('\n')}\n`;
        written += chunk.length;
        yield chunk;
      }
      yield '</events>\n';
    })(),
  );
}

async function syntheticZip(dir: string): Promise<{ path: string; seconds: number }> {
  const t0 = performance.now();
  const zip = new yazl.ZipFile();
  zip.addReadStream(eventsXml(EVENTS_BYTES), 'output/output_events.xml', { compress: true });
  zip.end();
  const path = join(dir, 'output.zip');
  await pipeline(zip.outputStream, createWriteStream(path));
  return { path, seconds: (performance.now() - t0) / 1000 };
}

const size = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

async function main(): Promise<void> {
  const temp = mkdtempSync(join(tmpdir(), 'corridor-bench-import-'));
  let server: RunningServer | undefined;
  try {
    server = await startServer();
    const client = new Client(server.url);
    await client.call('POST', '/accounts/setup', { username: 'bench', password: 'bench-password' });
    const me = await client.call<{ groupId: number }>('GET', '/accounts/validate');

    const files = filesBelow(NEWWEST);
    const total = files.reduce((sum, f) => sum + statSync(f.path).size, 0);
    const newwest = await sampled(server, () => importRun(client, me.groupId, 'newwest', files));
    rows.push([`newwest output folder (${files.length} files, ${size(total)})`, `${newwest.seconds.toFixed(1)} s to settled (${newwest.value.run.status}), server RSS ${mb(newwest.beforeKb)} MB before, peak ${mb(newwest.peakKb)} MB`]);

    const zip = await syntheticZip(temp);
    const zipSize = statSync(zip.path).size;
    rows.push([`synthetic events zip written`, `${size(EVENTS_BYTES)} of XML → ${size(zipSize)} zip in ${zip.seconds.toFixed(1)} s`]);
    let expandedAt = 0;
    const t0 = performance.now();
    const big = await sampled(server, () => importRun(client, me.groupId, 'synthetic', [{ name: 'output.zip', path: zip.path }], () => (expandedAt = performance.now() - t0)));
    rows.push([`synthetic zip: upload + expand (zip gone from the run)`, `${(expandedAt / 1000).toFixed(1)} s`]);
    rows.push([`synthetic zip: until settled (${big.value.run.status})`, `${big.seconds.toFixed(1)} s, server RSS ${mb(big.beforeKb)} MB before, peak ${mb(big.peakKb)} MB`]);
  } finally {
    await server?.stop();
    if (!process.env.BENCH_KEEP) rmSync(temp, { recursive: true, force: true });
  }
  console.table(rows.map(([what, value]) => ({ what, value })));
}

await main();
