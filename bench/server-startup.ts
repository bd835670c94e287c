// Server start-up and request latency (issue 2). Prints a table; numbers go into the issue note.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../e2e/support/server.ts';

interface Row {
  what: string;
  value: string;
}
const rows: Row[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const value = await fn();
  return [value, performance.now() - t0];
}

async function requestLatency(label: string, count: number, request: () => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const [res, ms] = await timed(request);
    await res.arrayBuffer();
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  rows.push({ what: `${label} (n=${count})`, value: `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms` });
}

const dataDir = mkdtempSync(join(tmpdir(), 'corridor-bench-'));
try {
  const [cold, coldMs] = await timed(() => startServer({ dataDir }));
  rows.push({ what: 'start to healthy, fresh DATA_DIR (PGlite create + migrate)', value: `${coldMs.toFixed(0)} ms` });
  await fetch(`${cold.url}/api/v1/accounts/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  });
  await cold.stop();

  const [warm, warmMs] = await timed(() => startServer({ dataDir }));
  rows.push({ what: 'start to healthy, existing DATA_DIR', value: `${warmMs.toFixed(0)} ms` });

  const login = () =>
    fetch(`${warm.url}/api/v1/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
    });
  const cookie = (await login()).headers.get('set-cookie')?.split(';')[0] ?? '';
  await requestLatency('GET /api/v1/accounts/validate, signed in', 500, () =>
    fetch(`${warm.url}/api/v1/accounts/validate`, { headers: { cookie } }),
  );
  await requestLatency('POST /api/v1/accounts/login (scrypt)', 20, login);
  await requestLatency('GET / (index.html of the web app)', 200, () => fetch(`${warm.url}/`));
  await warm.stop();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const width = Math.max(...rows.map((r) => r.what.length));
for (const row of rows) console.log(`${row.what.padEnd(width)}  ${row.value}`);
