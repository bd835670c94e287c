// The editor's side of the transit benchmark (bench/editor-transit.ts, issue 28) in headless Chromium (SwiftShader
// WebGL, as bench/editor.ts): on the bench's scenario (its server, schedule and grid network), the time from
// navigation to the first draw of the transit data (the map frame's data-stops-drawn reaching every stop group) and,
// for context, to the first links drawn; the page's JS heap after it; then the bench's 1,000-modification transit
// changeset saved through the API and opened with `?id=`: navigation until the change summary's transit row (saved)
// shows it applied, minus the plain load time. The times are taken in the page (a MutationObserver installed before
// the app's scripts, `performance.now()` from the navigation's start), so Playwright's polling adds nothing to them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Modification } from '@corridor/contract';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import type { RunningServer } from '../e2e/support/server.ts';
import { signIn } from '../e2e/support/session.ts';
import type { BenchClient } from './http-client.ts';

export interface TransitSummary {
  added: number;
  modified: number;
  deleted: number;
}

export interface EditorBench {
  server: RunningServer;
  client: BenchClient;
  user: { name: string; password: string };
  /** The editor's address without the query. */
  editorPath: string;
  scenarioId: number;
  /** The grid network (gzip), uploaded and attached here. */
  networkPath: string;
  /** `?c=` of the camera over the network. */
  camera: { lat: number; lng: number; zoom: number };
  /** The stop groups the editor draws for the schedule. */
  stopGroups: number;
  modifications: Modification[];
  /** The transit row of the change summary (saved) once the changeset is applied, as the editor core counts it in Node. */
  summary: TransitSummary;
}

/** The web app the server serves: built when there is none, or again with `BENCH_BUILD=1` (as bench/editor.ts). */
export function ensureWebBuild(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (existsSync(join(root, 'apps/web/dist/index.html')) && !process.env.BENCH_BUILD) return;
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
}

const RUNS = 3;
const TRANSIT_ANSWER = /\/files\/\d+\/transit$/;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 300) * 1000;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

// A string, not a function: tsx adds a helper (__name) to compiled functions that the page does not have. Records the
// first time the map frame draws links, the time its stop groups reach each count, and each change of the summary's
// transit row (saved), from the navigation's start.
const OBSERVER = `
  window.__bench = { links: undefined, stops: {}, summary: [] };
  new MutationObserver(() => {
    const bench = window.__bench;
    const now = performance.now();
    const map = document.querySelector('[data-testid="editor-map"]');
    if (map) {
      if (bench.links === undefined && Number(map.getAttribute('data-links-drawn')) > 0) bench.links = now;
      const stops = map.getAttribute('data-stops-drawn');
      if (stops !== null && !(stops in bench.stops)) bench.stops[stops] = now;
    }
    const row = document.querySelector('[data-testid="summary-transit-saved"]');
    const text = row ? Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent).join('/') : '';
    const last = bench.summary[bench.summary.length - 1];
    if (text !== (last ? last[1] : '')) bench.summary.push([now, text]);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

interface Observed {
  links?: number;
  stops: Record<string, number>;
  summary: [number, string][];
}

const observed = (page: Page) => page.evaluate('window.__bench') as Promise<Observed>;

/** When the page had the answer of the first request whose address matches (resource timing), from the navigation's start. */
const received = async (page: Page, pattern: RegExp) =>
  Number(await page.evaluate(`(performance.getEntriesByType('resource').find((entry) => ${pattern}.test(entry.name)) || { responseEnd: NaN }).responseEnd`));

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, page?: Page): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() - started > TIMEOUT_MS) {
      const state = page ? ` (the page saw ${JSON.stringify(await observed(page))}; picture in /tmp/editor-transit-failed.png)` : '';
      await page?.screenshot({ path: '/tmp/editor-transit-failed.png' });
      throw new Error(`${what}: not within ${TIMEOUT_MS / 1000} s${state}`);
    }
    await sleep(50);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function editorFigures(bench: EditorBench, rows: [string, string][]): Promise<void> {
  const { client, scenarioId } = bench;
  // The network: uploaded, attached and processed (previews, binary, index) before the editor opens.
  const [network] = await client.upload([{ name: 'network.xml.gz', path: bench.networkPath }]);
  await client.call('POST', `/datasets/datasets/${scenarioId}/files/${network!.id}`);
  const processStart = performance.now();
  await waitFor('network post-processing', async () => {
    const { attributes } = await client.call<{ attributes: { networkPostProcessingJob?: { status: string } } }>('GET', `/datasets/datasets/${scenarioId}`);
    const status = attributes.networkPostProcessingJob?.status;
    if (status === 'FAILED') throw new Error('network post-processing failed');
    return status === 'FINISHED' ? true : undefined;
  });
  rows.push(['editor: grid network post-processing (previews + binary + index)', ms(performance.now() - processStart)]);
  const { id: changesetId } = await client.call<{ id: number }>('POST', `/datasets/datasets/${scenarioId}/changesets/`, {
    id: -1,
    name: 'Transit bench',
    modifications: bench.modifications,
  });

  const { lat, lng, zoom } = bench.camera;
  const address = `${bench.editorPath}?c=${lat.toFixed(6)},${lng.toFixed(6)},${zoom}`;
  const expectedStops = String(bench.stopGroups);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: bench.server.url, viewport: { width: 1400, height: 900 } });
    const signInPage = await context.newPage();
    await signIn(signInPage, bench.user.name, bench.user.password);
    await signInPage.close();
    await context.addInitScript(OBSERVER);

    // 1. First draw, three times, each on a fresh page (the first with the app's chunks not yet cached).
    const draws: { links: number; stops: number; answer: number; heap?: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT_MS);
      await page.goto(address);
      const seen = await waitFor('transit stops drawn', async () => {
        const now = await observed(page);
        return now.stops[expectedStops] !== undefined && now.links !== undefined ? now : undefined;
      }, page);
      const draw: (typeof draws)[number] = { links: seen.links!, stops: seen.stops[expectedStops]!, answer: await received(page, TRANSIT_ANSWER) };
      if (run === RUNS - 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('HeapProfiler.collectGarbage');
        draw.heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
        await cdp.detach();
      }
      draws.push(draw);
      await page.close();
    }
    const stopTimes = draws.map((draw) => draw.stops);
    const linkTimes = draws.map((draw) => draw.links);
    const load = median(stopTimes);
    rows.push([`editor: navigation → ${bench.stopGroups.toLocaleString('en')} stop groups drawn (headless Chromium, ${RUNS} fresh pages)`, `median ${ms(load)}, max ${ms(Math.max(...stopTimes))} (${stopTimes.map(ms).join(', ')})`]);
    rows.push(['editor: navigation → the transit answer received (same pages)', `median ${ms(median(draws.map((draw) => draw.answer)))}`]);
    rows.push(['editor: navigation → first network links drawn (same pages)', `median ${ms(median(linkTimes))}, max ${ms(Math.max(...linkTimes))}`]);
    rows.push(['editor: page JS heap used after the draw, after GC (typed arrays\' buffers not included)', `${(draws.at(-1)!.heap! / 2 ** 20).toFixed(0)} MB`]);

    // 2. The saved changeset opened: navigation until the summary's transit row (saved) shows the counts the editor
    // core gives in Node (the changeset may open before the schedule is in: its row then counts the new stops only).
    const expected = `${bench.summary.added}/${bench.summary.modified}/${bench.summary.deleted}`;
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    await page.goto(`${address}&id=${changesetId}`);
    const seen = await waitFor(`the changeset in the change summary (transit, saved: ${expected})`, async () => {
      const now = await observed(page);
      return now.summary.some(([, text]) => text === expected) ? now : undefined;
    }, page);
    const applied = seen.summary.find(([, text]) => text === expected)![0];
    // The schedule's stop groups drawn on that page: the last change of the count up to then.
    const drawn = Math.max(...Object.values(seen.stops).filter((at) => at <= applied));
    const answer = await received(page, TRANSIT_ANSWER);
    const changeset = await received(page, /\/changesets(\?|$)/);
    await page.close();
    rows.push([
      `editor: navigation → ${bench.modifications.length.toLocaleString('en')}-modification transit changeset shown applied (summary, saved: added/modified/deleted ${expected})`,
      `${ms(applied)}; minus the plain load (median) ${ms(applied - load)}; its stop groups drawn at ${ms(drawn)}; the changeset received at ${ms(changeset)}, the transit answer at ${ms(answer)}`,
    ]);
    await context.close();
  } finally {
    await browser.close();
  }
}
