// A dashboard of 12 chart panels in headless Chromium (issue 14): bar, line, area, pie, boxplot and table panels over
// the synthetic 1,000,000-row output_trips (`synthetic-trips.ts`, imported through the API as in `tables`), created
// through the API; time from navigation to every panel drawn — each panel's ChartView at data-chart-state="ready"
// with an ECharts canvas (a table panel: its rows), none loading or in error — cold (first visit) and warm (again).
// SwiftShader as in the e2e tests. Uses WEB_DIST when given, else apps/web/dist (built when missing or BENCH_BUILD=1).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { API, json } from '../e2e/support/api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { setupAdmin, signIn } from '../e2e/support/session.ts';
import { writeSyntheticTrips } from './synthetic-trips.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const keep = process.env.BENCH_KEEP === '1';
const file = join(tmpdir(), `corridor-bench-trips-${ROWS}.csv.gz`);
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const VISITS = ['first (cold chunk cache)', 'second (warm)', 'third (warm)'];

if (process.env.BENCH_BUILD === '1' || !existsSync(join(webDist, 'index.html'))) {
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

type Measure = { name: string; aggregation?: 'COUNT' | 'SUM' | 'AVG' | 'NONE' };
type Dimension = { name: string; binning?: { type: 'interval'; binSize: number } };
const hourly = { type: 'interval', binSize: 3600 } as const;
/** The 12 panels: [type, name, measures, dimensions, options]. */
const PANELS: [string, string, Measure[], Dimension[], Record<string, unknown>][] = [
  ['bar', 'Trips by mode', [{ name: 'main_mode', aggregation: 'COUNT' }], [{ name: 'main_mode' }], { xAxis: 'discrete' }],
  ['bar', 'Departures per hour', [{ name: 'dep_time', aggregation: 'COUNT' }], [{ name: 'dep_time', binning: hourly }], { xAxis: 'discrete' }],
  ['bar', 'Departures per hour and mode', [{ name: 'dep_time', aggregation: 'COUNT' }], [{ name: 'dep_time', binning: hourly }, { name: 'main_mode' }], { xAxis: 'discrete', stacked: true }],
  ['line', 'Mean travel time by departure hour', [{ name: 'trav_time', aggregation: 'AVG' }], [{ name: 'dep_time', binning: hourly }], { xAxis: 'discrete' }],
  ['line', 'Mean distance by mode', [{ name: 'traveled_distance', aggregation: 'AVG' }], [{ name: 'main_mode' }], { xAxis: 'discrete' }],
  ['area', 'Trips by beeline distance', [{ name: 'euclidean_distance', aggregation: 'COUNT' }], [{ name: 'euclidean_distance', binning: { type: 'interval', binSize: 1000 } }], { xAxis: 'discrete' }],
  ['pie', 'Mode share', [{ name: 'main_mode', aggregation: 'COUNT' }], [{ name: 'main_mode' }], {}],
  ['pie', 'Trips by destination activity', [{ name: 'end_activity_type', aggregation: 'COUNT' }], [{ name: 'end_activity_type' }], {}],
  ['boxplot', 'Travel time by mode', [{ name: 'trav_time', aggregation: 'NONE' }], [{ name: 'main_mode' }], {}],
  ['boxplot', 'Distance by mode', [{ name: 'traveled_distance', aggregation: 'NONE' }], [{ name: 'main_mode' }], {}],
  ['table', 'Trips by origin activity', [{ name: 'start_activity_type', aggregation: 'COUNT' }], [{ name: 'start_activity_type' }], {}],
  ['table', 'Distance by mode', [{ name: 'traveled_distance', aggregation: 'SUM' }, { name: 'traveled_distance', aggregation: 'AVG' }], [{ name: 'main_mode' }], {}],
];

/** Evaluated in the page (a string: tsx's helpers do not exist there): every chart panel drawn, or an error. */
const ALL_DRAWN = `(() => {
  const panels = [...document.querySelectorAll('[data-panel]')];
  if (panels.length < ${PANELS.length}) return false;
  const failed = document.querySelector('[data-chart-state="error"]');
  if (failed) return 'error: ' + failed.textContent;
  return panels.every((panel) => {
    const ready = panel.querySelector('[data-chart-state="ready"]');
    if (!ready || panel.querySelector('[data-chart-state="loading"]')) return false;
    return ready.querySelector('[data-chart-drawn] canvas') !== null || ready.querySelector('tbody tr') !== null;
  });
})()`;

const generated = await writeSyntheticTrips(file, ROWS, keep);
const server = await startServer({ env: { WEB_DIST: webDist } });
const browser = await launchBrowser();
try {
  await setupAdmin(server.url, 'bench', 'bench-dashboard-1');
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1600, height: 1200 } });
  const page = await context.newPage();
  await signIn(page, 'bench', 'bench-dashboard-1');
  const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'bench' } }));
  const { id: datasetId } = await json<{ id: number }>(
    await page.request.post(`${API}/datasets/datasets`, { data: { groupId, key: 'trips', name: 'Trips', description: '', type: 'scenario', attributes: {} } }),
  );
  const { files } = await json<{ files: { id: number }[] }>(
    await page.request.post(`${API}/datasets/files`, {
      multipart: { 'files[]': { name: 'output_trips.csv.gz', mimeType: 'application/gzip', buffer: readFileSync(file) } },
    }),
  );
  await json(await page.request.post(`${API}/datasets/datasets/${datasetId}/files/${files[0]!.id}`));
  await json(await page.request.post(`${API}/datasets/datasets/${datasetId}/import-as-table/${files[0]!.id}`, { data: {} }));

  const items = PANELS.map(([type, name, measures, dimensions, options], i) => ({
    type: 'chart',
    x: (i % 3) * 4,
    y: Math.floor(i / 3) * 6,
    width: 4,
    height: 6,
    variables: ['Dataset 1'],
    data: { type, name, table: 'output_trips', filters: [], config: { measures, dimensions, options } },
  }));
  const { id } = await json<{ id: number }>(
    await page.request.post(`${API}/datasets/dashboards`, {
      data: { groupId, name: '12 panels', items, variables: [{ name: 'Dataset 1', id: datasetId }], options: { size: 'normal' } },
    }),
  );

  const rows: [string, string][] = [
    ['panels (bar 3, line 2, area 1, pie 2, boxplot 2, table 2) over output_trips rows', `${PANELS.length}, ${ROWS.toLocaleString('en')} (${(generated / 1e6).toFixed(1)} MB gzip)`],
  ];
  for (const visit of VISITS) {
    const start = performance.now();
    await page.goto(`/bench/dashboards/${id}`);
    // Polled with evaluate (waitForFunction's string form needs eval, which the app's CSP forbids).
    let outcome: unknown = false;
    while (outcome === false) {
      if (performance.now() - start > 120_000) throw new Error('the panels were not drawn within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 10));
      outcome = await page.evaluate(ALL_DRAWN).catch(() => false);
    }
    const elapsed = performance.now() - start;
    if (outcome !== true) throw new Error(`a panel failed: ${String(outcome)}`);
    rows.push([`navigation → all ${PANELS.length} panels drawn, ${visit}, ms`, elapsed.toFixed(0)]);
  }
  if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT, fullPage: true });

  console.log('| measure | value |\n|---|---:|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
} finally {
  await browser.close();
  await server.stop();
  if (!keep) rmSync(file, { force: true });
}
