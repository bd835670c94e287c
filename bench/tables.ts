// Tables on DuckDB (issue 14): a synthetic 1,000,000-row MATSim output_trips.csv.gz (`synthetic-trips.ts`, in the
// temp folder, removed afterwards unless BENCH_KEEP=1) uploaded to a real server process, attached to a scenario and
// imported with POST …/import-as-table/{fileId}: the import's wall time (goal < 2 s) and the server's peak RSS while
// it ran (VmHWM reset before through /proc/<pid>/clear_refs, and RSS polled every 10 ms as a check). Then p50/p95 of
// the three query kinds the charts send (goal p95 < 50 ms): a grouped COUNT (bar of trips by main_mode), a binned
// histogram (dep_time, interval 3600) and a boxplot (trav_time by main_mode). Everything through HTTP.
import { openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../e2e/support/server.ts';
import { mb, memoryOf, percentile } from './process-stats.ts';
import { writeSyntheticTrips } from './synthetic-trips.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const IMPORT_RUNS = 5;
const QUERY_RUNS = 50;
const API = '/api/v1';
const keep = process.env.BENCH_KEEP === '1';
const file = join(tmpdir(), `corridor-bench-trips-${ROWS}.csv.gz`);

/** CPU seconds (user + system, all threads: DuckDB's too) a process has used. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const generateStart = performance.now();
const bytes = await writeSyntheticTrips(file, ROWS, keep);
const generated = performance.now() - generateStart;

const server = await startServer();
try {
  const call = async <T>(path: string, init: RequestInit & { json?: unknown } = {}, cookie = ''): Promise<T> => {
    const headers: Record<string, string> = { cookie };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${API}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  await call('/accounts/setup', { method: 'POST', json: { username: 'bench', password: 'bench-tables-1' } });
  const login = await fetch(`${server.url}${API}/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-tables-1' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const api = <T>(path: string, init: RequestInit & { json?: unknown } = {}) => call<T>(path, init, cookie);

  const { id: groupId } = await api<{ id: number }>('/accounts/groups/find?name=bench');
  const { id: datasetId } = await api<{ id: number }>('/datasets/datasets', {
    method: 'POST',
    json: { groupId, key: 'trips', name: 'Trips', description: '', type: 'scenario', attributes: {} },
  });
  const form = new FormData();
  form.append('files[]', await openAsBlob(file, { type: 'application/gzip' }), 'output_trips.csv.gz');
  const uploadStart = performance.now();
  const { files } = await api<{ files: { id: number }[] }>('/datasets/files', { method: 'POST', body: form });
  const uploaded = performance.now() - uploadStart;
  const fileId = files[0]!.id;
  await api(`/datasets/datasets/${datasetId}/files/${fileId}`, { method: 'POST' });

  // Peak RSS of the import alone: reset the high-water mark (writing 5 to clear_refs), poll RSS meanwhile.
  const before = memoryOf(server.pid);
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  let polled = before.rss;
  const poller = setInterval(() => (polled = Math.max(polled, memoryOf(server.pid).rss)), 10);
  const cpuBefore = cpuOf(server.pid);
  const load = loadavg()[0]!;
  const importStart = performance.now();
  const table = await api<{ name: string; rowCount: number; fields: { name: string; type: string }[] }>(
    `/datasets/datasets/${datasetId}/import-as-table/${fileId}`,
    { method: 'POST', json: {} },
  );
  const imported = performance.now() - importStart;
  const importCpu = cpuOf(server.pid) - cpuBefore;
  clearInterval(poller);
  const after = memoryOf(server.pid);
  // The machine's noise moves one import by ±0.2 s: the same file again (replacing the table) gives a median.
  const imports = [imported];
  for (let i = 1; i < IMPORT_RUNS; i++) {
    const start = performance.now();
    await api(`/datasets/datasets/${datasetId}/import-as-table/${fileId}`, { method: 'POST', json: {} });
    imports.push(performance.now() - start);
  }
  if (table.rowCount !== ROWS) throw new Error(`imported ${table.rowCount} rows, expected ${ROWS}`);
  const types = Object.fromEntries(table.fields.map((f) => [f.name, f.type]));
  if (types.dep_time !== 'LONG' || types.trav_time !== 'LONG' || types.start_x !== 'DOUBLE' || types.main_mode !== 'STRING') {
    throw new Error(`unexpected column types ${JSON.stringify(types)}`);
  }

  const queries = {
    'grouped COUNT (trips by main_mode)': {
      query: { select: [{ column: 'main_mode' }, { column: 'main_mode', aggregation: 'COUNT' }], groupBy: [{ column: 'main_mode' }], where: [] },
      shape: 'RAW',
    },
    'binned histogram (dep_time, interval 3600)': {
      query: {
        select: [{ column: 'dep_time', binning: { interval: 3600 } }, { column: 'dep_time', aggregation: 'COUNT' }],
        groupBy: [{ column: 'dep_time' }],
        where: [],
      },
      shape: 'RAW',
    },
    'boxplot (trav_time by main_mode)': {
      query: { select: [{ column: 'main_mode' }, { column: 'trav_time', aggregation: 'NONE' }], groupBy: [{ column: 'main_mode' }], where: [] },
      shape: 'BOXPLOT',
    },
  };
  const queryRows: [string, string][] = [];
  for (const [label, body] of Object.entries(queries)) {
    const path = `/datasets/datasets/${datasetId}/tables/output_trips/query`;
    const first = await api<{ rows: unknown[][] }>(path, { method: 'POST', json: body });
    if (first.rows.length === 0) throw new Error(`${label}: no rows`);
    const times: number[] = [];
    const cpuStart = cpuOf(server.pid);
    for (let i = 0; i < QUERY_RUNS; i++) {
      const start = performance.now();
      await api(path, { method: 'POST', json: body });
      times.push(performance.now() - start);
    }
    const cpuMs = ((cpuOf(server.pid) - cpuStart) * 1000) / QUERY_RUNS;
    times.sort((a, b) => a - b);
    queryRows.push([
      `${label}, ${first.rows.length} rows: p50 / p95 ms (n=${QUERY_RUNS}); server CPU ms per query`,
      `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}; ${cpuMs.toFixed(0)}`,
    ]);
  }

  const rows: [string, string][] = [
    [`synthetic output_trips.csv.gz: rows, MB gzip (generated in s)`, `${ROWS.toLocaleString('en')}, ${(bytes / 1e6).toFixed(1)} (${(generated / 1000).toFixed(1)})`],
    ['upload (POST /datasets/files), s', (uploaded / 1000).toFixed(2)],
    [`import as table (goal < 2 s): first / median / slowest of ${IMPORT_RUNS}, s`, [imported, percentile([...imports].sort((a, b) => a - b), 50), Math.max(...imports)].map((ms) => (ms / 1000).toFixed(2)).join(' / ')],
    // Wall time depends on what else the machine runs; CPU time much less so.
    ['server CPU during the import (user + system, all threads), s; load average at the start', `${importCpu.toFixed(2)}; ${load.toFixed(1)}`],
    ['server RSS before import / peak during (VmHWM) / peak polled / after, MB', `${mb(before.rss)} / ${mb(after.hwm)} / ${mb(polled)} / ${mb(after.rss)}`],
    ...queryRows,
  ];
  console.log('| measure | value |\n|---|---:|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
} finally {
  await server.stop();
  if (!keep) rmSync(file, { force: true });
}
