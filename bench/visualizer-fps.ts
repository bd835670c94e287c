// The visualizer in headless Chromium (issue 15): frames per second while playing ~10,000 and ~100,000 vehicles in
// traffic at once. A synthetic run (the trajectories package's generator on its 100 × 100 grid, `synthetic-run.ts`,
// gzip in the temp folder, removed afterwards) is finished through the runner protocol and post-processed by the
// real server; the page opens at 06:10 with the run as data source (address built with the page's own codec), waits
// until vehicles are drawn, presses Play (default 30×) and counts requestAnimationFrame callbacks in the page for
// 5 s, for the vehicle types trail and disc. Also: the trajectories call as the page saw it (resource timing), the
// page's JS heap (CDP Performance.getMetrics) and the RSS of Chromium's processes. WebGL is SwiftShader (software):
// the figures say what this machine gives, a real GPU does far better. BENCH_VEHICLES=10000,100000 sets the sizes, BENCH_TYPES=trail,disc the vehicle types;
// WEB_DIST as in `dashboard` (else apps/web/dist, built when missing or BENCH_BUILD=1).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { VIS_DEFAULT_SPEED_INDEX, VIS_SPEEDS, type DataSourceOptions, type VisBoundingBox } from '@corridor/contract';
import { formatCamera } from '../apps/web/src/components/map/camera.ts';
import { EMPTY_VIEW, reduceView, type VehicleLayer, type VehicleType } from '../apps/web/src/features/visualizer/model/layers.ts';
import { SPEED_PARAM, TIME_PARAM, VIEW_PARAM, encodeView } from '../apps/web/src/features/visualizer/model/urlState.ts';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { signIn } from '../e2e/support/session.ts';
import { mb, memoryOf } from './process-stats.ts';
import { playRunner, signedInClient } from './runner-protocol.ts';
import { eventsUntil, writeSyntheticRun } from './synthetic-run.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
const SIZES = (process.env.BENCH_VEHICLES ?? '10000,100000').split(',').map(Number);
const TYPES = (process.env.BENCH_TYPES ?? 'trail,disc').split(',') as VehicleType[];
/** 06:10: the generator's first departure wave (06:00–07:00) has filled up, ~7.1 % of its vehicles drive. */
const T = 6 * 3600 + 600;
/** Events up to here: the first 300 s window from T and the trips still running at its end. */
const END = T + 600;
const VEHICLES_PER_DRIVING = 14;
const MEASURE_SECONDS = 5;
const DRAW_TIMEOUT_MS = 150_000;
const USER = 'bench';
const PASSWORD = 'bench-visualizer-fps-1';

if (process.env.BENCH_BUILD === '1' || !existsSync(join(webDist, 'index.html'))) {
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

/** Chromium's processes (descendants of this process whose command line names chrom…): VmRSS in kB, all and by type. */
function chromiumRss(): { total: number; renderer: number; gpu: number; count: number } {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  const sum = { total: 0, renderer: 0, gpu: 0, count: 0 };
  for (const pid of parents.keys()) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!ours(pid) || !/chrom|headless_shell/i.test(command)) continue;
      const { rss } = memoryOf(pid);
      sum.total += rss;
      sum.count++;
      if (command.includes('--type=renderer')) sum.renderer = Math.max(sum.renderer, rss);
      if (command.includes('--type=gpu-process')) sum.gpu += rss;
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

/** A camera showing the whole box in about 700 × 700 px of map (MapLibre's 512 px tiles). */
function cameraOn(box: VisBoundingBox): { lat: number; lng: number; zoom: number } {
  const lat = (box.yMin + box.yMax) / 2;
  const span = Math.max(box.xMax - box.xMin, (box.yMax - box.yMin) / Math.cos((lat * Math.PI) / 180), 1e-6);
  return { lat, lng: (box.xMin + box.xMax) / 2, zoom: Math.min(20, Math.log2((700 * 360) / (512 * span))) };
}

/** Counts animation frames in the page (a string: tsx's helpers do not exist there). */
const START_COUNTING = `
  window.__frames = 0;
  window.__counting = true;
  window.__countStart = performance.now();
  const tick = () => {
    if (!window.__counting) return;
    window.__frames++;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;
const STOP_COUNTING = `(() => { window.__counting = false; return { frames: window.__frames, ms: performance.now() - window.__countStart }; })()`;
/** The trajectories calls the page made: duration (request start → last byte) and body size. */
const TRAJECTORY_CALLS = `performance.getEntriesByType('resource').filter((e) => e.name.includes('/trajectories')).map((e) => ({ ms: e.duration, bytes: e.decodedBodySize }))`;

const temp = mkdtempSync(join(tmpdir(), 'corridor-bench-visfps-'));
const server = await startServer({ env: { EMBEDDED_RUNNER: 'false', WEB_DIST: webDist } });
const browser = await launchBrowser();
const rows: [string, string][] = [];
try {
  const client = await signedInClient(server.url, USER, PASSWORD);
  const runner = await playRunner(client, USER);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
  const login = await context.newPage();
  await signIn(login, USER, PASSWORD);
  await login.close();
  const errors: string[] = [];

  /** Opens the visualizer at `url`, waits for vehicles, plays for MEASURE_SECONDS; adds its rows as it goes. */
  const measure = async (page: Page, type: VehicleType, url: string) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    // At 100,000 vehicles the page's main thread is busy for long stretches; Playwright's calls wait for it.
    page.setDefaultTimeout(DRAW_TIMEOUT_MS);
    const opened = performance.now();
    await page.goto(url);
    const map = page.getByTestId('visualizer-map');
    await map.waitFor();
    let drawn = 0;
    while (drawn === 0 && performance.now() - opened < DRAW_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      drawn = Number(await map.getAttribute('data-vehicles-drawn'));
    }
    if (drawn === 0) {
      rows.push([`${type}: vehicles drawn`, `none within ${DRAW_TIMEOUT_MS / 1000} s`]);
      return;
    }
    const firstDrawn = performance.now() - opened;
    const calls = (await page.evaluate(TRAJECTORY_CALLS)) as { ms: number; bytes: number }[];
    const first = calls[0];
    rows.push([
      `${type}: vehicles drawn at 06:10; navigation → drawn, ms; trajectories call as the page saw it, ms (answer MB)`,
      `${drawn.toLocaleString('en')}; ${firstDrawn.toFixed(0)}; ${first ? `${first.ms.toFixed(0)} (${(first.bytes / 2 ** 20).toFixed(1)})` : '—'}`,
    ]);
    const clock = page.getByTestId('visualizer-clock');
    const before = await clock.textContent();
    // Clicked in the page: Playwright's click waits for the address updates playing makes, on a page this busy for long.
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await page.evaluate(`document.querySelector('button[aria-label="Play"]').click(); ${START_COUNTING}`);
    await page.waitForTimeout(MEASURE_SECONDS * 1000);
    const { frames, ms } = (await page.evaluate(STOP_COUNTING)) as { frames: number; ms: number };
    rows.push([`${type}: **frames per second playing at ${VIS_SPEEDS[VIS_DEFAULT_SPEED_INDEX]}× (SwiftShader)** (frames / s counted)`, `${(frames / (ms / 1000)).toFixed(2)} (${frames} / ${(ms / 1000).toFixed(1)})`]);
    const rss = chromiumRss();
    rows.push([`${type}: Chromium RSS while playing: all ${rss.count} processes / renderer / GPU process, MB`, `${mb(rss.total)} / ${mb(rss.renderer)} / ${mb(rss.gpu)}`]);
    const after = await clock.textContent();
    const drawnAfter = Number(await map.getAttribute('data-vehicles-drawn'));
    const loads = ((await page.evaluate(TRAJECTORY_CALLS)) as unknown[]).length;
    rows.push([`${type}: clock; vehicles drawn after playing; trajectories calls by then`, `${before} → ${after}; ${drawnAfter.toLocaleString('en')}; ${loads}`]);
    await page.evaluate(`document.querySelector('button[aria-label="Stop"]')?.click()`);
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    rows.push([`${type}: page JS heap used after GC (typed arrays' buffers not included), MB`, (used / 2 ** 20).toFixed(0)]);
  };

  for (const size of SIZES) {
    const vehicles = size * VEHICLES_PER_DRIVING;
    const folder = join(temp, `run-${size}`);
    let start = performance.now();
    const events = eventsUntil(END, { vehicles });
    writeSyntheticRun(folder, events, { vehicles });
    const generated = (performance.now() - start) / 1000;
    const gz = statSync(join(folder, 'output_events.xml.gz')).size;
    start = performance.now();
    const { runId, finish } = await runner.upload(`${size} vehicles`, [
      ['output_network.xml.gz', join(folder, 'output_network.xml.gz')],
      ['output_events.xml.gz', join(folder, 'output_events.xml.gz')],
    ]);
    const uploaded = (performance.now() - start) / 1000;
    start = performance.now();
    await finish();
    let options: DataSourceOptions;
    for (;;) {
      options = await client.json<DataSourceOptions>('GET', `/datasets/analysis/${runId}/options`);
      if (options.vehicleData.status !== 'PROCESSING') break;
      if (performance.now() - start > 180_000) throw new Error(`${size}: vehicle data not READY within 3 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const processed = (performance.now() - start) / 1000;
    rmSync(folder, { recursive: true, force: true });
    if (options.vehicleData.status !== 'READY') throw new Error(`${size}: ${options.vehicleData.status} ${options.vehicleData.message}`);
    const box = options.networkBoundingBox!;
    const camera = formatCamera(cameraOn(box));
    rows.push(
      [`**~${size.toLocaleString('en')} driving at 06:10**: generator vehicles, events up to 06:20, events gzip MB`, `${vehicles.toLocaleString('en')}, ${events.toLocaleString('en')}, ${(gz / 2 ** 20).toFixed(0)}`],
      ['prepare: generate + gzip / upload / finish → vehicle data READY, s', `${generated.toFixed(1)} / ${uploaded.toFixed(1)} / ${processed.toFixed(1)}`],
    );

    for (const type of TYPES) {
      let view = reduceView(EMPTY_VIEW, { type: 'addSource', runId });
      const layer = view.layers.find((candidate): candidate is VehicleLayer => candidate.type === 'vehicles')!;
      view = reduceView(view, { type: 'updateLayer', layer: { ...layer, style: { ...layer.style, type } } });
      const search = new URLSearchParams({ [VIEW_PARAM]: encodeView(view), [TIME_PARAM]: String(T), [SPEED_PARAM]: String(VIS_DEFAULT_SPEED_INDEX), c: camera });
      // A fresh page each time: one that stopped answering does not hold up the next measurement.
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await measure(page, type, `/${USER}/visualizer?${search}`);
      } catch (error) {
        rows.push([`${type}: measurement stopped`, (error as Error).message.split('\n')[0]!]);
      } finally {
        await page.close();
      }
    }
  }
  if (errors.length) rows.push(['page errors', errors.join('; ')]);
} finally {
  console.log('| measure | value |\n|---|---:|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  await browser.close();
  await server.stop();
  rmSync(temp, { recursive: true, force: true });
}
