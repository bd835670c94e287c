// The editor's side of the DRT benchmark (bench/editor-drt.ts, issue 29) in headless Chromium (SwiftShader WebGL, as
// bench/editor-transit-browser.ts): the bench's 10,000 generated vehicles and 1,000 generated stops saved through the
// changesets API as new DRT files of the berlin-medium scenario (drt/addVehicles and drt/addStops with saveOptions
// new_file: drt_vehicles.xml, a dvrp fleet, and drt_stops.xml, a stops-only schedule), then the editor opened with
// `?c=` over the city-sized area. The DRT layer starts on by itself (the scenario has DRT files, EditorPage), so the
// bench clicks nothing. Measured from the navigation's start, in the page (a MutationObserver installed before the
// app's scripts): the map frame's `data-drt-vehicle-markers` and `data-drt-stops` first reaching their final values
// (the layers handed to deck.gl; its paint follows in the next frame, also taken), the DRT answers' arrival and, for
// context, the first network links drawn; the page's JS heap after GC. Vehicles are drawn only on loaded links: the
// camera shows the whole area, so every vehicle's link is loaded and the markers are what the editor draws for all
// 10,000 (1 to 3 per link, one count marker above 3). The stop file, a transit schedule, is also opened as the
// scenario's public transport schedule (the editor's choice, not the bench's): its arrival is given for context.
import { performance } from 'node:perf_hooks';
import type { Changeset, GenerateStopsAnswer, GenerateVehiclesAnswer, Modification } from '@corridor/contract';
import { NEW_DRT_STOP_NAME_PREFIX, vehicleMarkerPositions } from '@corridor/changesets';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { signIn } from '../e2e/support/session.ts';
import type { DrtBenchScenario } from './editor-drt.ts';

const RUNS = 3;
const DRT_ANSWER = /\/files\/\d+\/drt$/;
const TRANSIT_ANSWER = /\/files\/\d+\/transit$/;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 300) * 1000;
/** Without the expected values (fewer links loaded than the area holds), the final values are those unchanged this long. */
const SETTLED_MS = 10_000;
/** The camera: the area's centre at a zoom where its 16 km fit the editor's map (checked on the first page). */
const ZOOM = 10.5;
const VIEWPORT = { width: 1400, height: 900 };
const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// A string, not a function: tsx adds a helper (__name) to compiled functions that the page does not have. Records the
// first time the map frame draws links, each change of its DRT vehicle markers and stops (with the start of the
// second animation frame after it: the frame that painted the change has ended), from the navigation's start.
const OBSERVER = `
  window.__bench = { links: undefined, vehicles: [], stops: [] };
  const note = (list, value, now) => {
    if (value === null || (list.length && list[list.length - 1][1] === value)) return;
    const entry = [now, value, undefined];
    list.push(entry);
    requestAnimationFrame(() => requestAnimationFrame(() => { entry[2] = performance.now(); }));
  };
  new MutationObserver(() => {
    const bench = window.__bench;
    const now = performance.now();
    const map = document.querySelector('[data-testid="editor-map"]');
    if (!map) return;
    if (bench.links === undefined && Number(map.getAttribute('data-links-drawn')) > 0) bench.links = now;
    note(bench.vehicles, map.getAttribute('data-drt-vehicle-markers'), now);
    note(bench.stops, map.getAttribute('data-drt-stops'), now);
  }).observe(document, { subtree: true, childList: true, attributes: true });
`;

type Change = [at: number, value: string, painted: number | undefined];

interface Observed {
  links?: number;
  vehicles: Change[];
  stops: Change[];
}

const observed = (page: Page) => page.evaluate('window.__bench') as Promise<Observed>;

/** When the page had the answers of the requests whose address matches (resource timing), from the navigation's start. */
const received = async (page: Page, pattern: RegExp) =>
  (await page.evaluate(`performance.getEntriesByType('resource').filter((entry) => ${pattern}.test(entry.name)).map((entry) => entry.responseEnd)`)) as number[];

/** When the value that stayed was reached: the last change (a change is noted only when the value differs). */
const reached = (changes: Change[]): Change => changes.at(-1)!;

/** Web Mercator pixels of [lng, lat] at `zoom` (MapLibre's: the world is 512 px wide at zoom 0). */
const pixels = ([lng, lat]: [number, number], zoom: number): [number, number] => {
  const scale = 512 * 2 ** zoom;
  const y = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  return [((lng + 180) / 360) * scale, ((1 - y / Math.PI) / 2) * scale];
};

/** Saves the generated fleet and stops as new DRT files (one save, as the save dialog sends it); answers the save's ms and body size. */
async function saveAsFiles(scenario: DrtBenchScenario, vehicles: GenerateVehiclesAnswer, stops: GenerateStopsAnswer): Promise<{ ms: number; bytes: number }> {
  const modifications: Modification[] = [
    { type: 'drt/addVehicles', vehicles: vehicles.vehicles },
    {
      type: 'drt/addStops',
      stops: stops.map((stop) => ({ id: stop.id, name: `${NEW_DRT_STOP_NAME_PREFIX}${stop.id}`, coordinates: stop.coordinates, linkId: stop.linkId, isBlocking: false })),
    },
  ];
  const body = { id: -1, name: 'DRT bench', modifications, saveOptions: { drtVehicles: 'new_file', drtStops: 'new_file' } };
  const t0 = performance.now();
  const answer = await scenario.client.call<Changeset>('POST', `/datasets/datasets/${scenario.scenarioId}/changesets/`, body);
  const took = performance.now() - t0;
  if (answer.id !== -1 || answer.baseFile?.vehicles === undefined || answer.baseFile?.stops === undefined) {
    throw new Error(`the DRT save did not answer id -1 with both files: ${JSON.stringify({ id: answer.id, baseFile: answer.baseFile })}`);
  }
  return { ms: took, bytes: Buffer.byteLength(JSON.stringify(body)) };
}

export async function drtEditorFigures(scenario: DrtBenchScenario, answers: { vehicles: GenerateVehiclesAnswer; stops: GenerateStopsAnswer }, rows: [string, string][]): Promise<void> {
  const { server, area } = scenario;
  const { vehicles, stops } = answers;
  const saved = await saveAsFiles(scenario, vehicles, stops);
  rows.push([
    `editor: the ${vehicles.vehicles.length.toLocaleString('en')} vehicles and ${stops.length.toLocaleString('en')} stops saved as new files (one changeset save, new_file)`,
    `${ms(saved.ms)} (request body ${(saved.bytes / 1024).toFixed(0)} KB)`,
  ]);

  // What the editor draws once every vehicle's link is loaded: per link 1 to 3 markers, one count marker above 3.
  const perLink = new Map<string, number>();
  for (const vehicle of vehicles.vehicles) perLink.set(vehicle.startLinkId, (perLink.get(vehicle.startLinkId) ?? 0) + 1);
  let expectedMarkers = 0;
  for (const count of perLink.values()) expectedMarkers += vehicleMarkerPositions(count).fractions.length;
  const expected = { vehicles: String(expectedMarkers), stops: String(stops.length) };

  // The camera: the area's bounding box centre.
  const ring = area.type === 'Polygon' ? area.coordinates[0]! : area.coordinates[0]![0]!;
  const lngs = ring.map((point) => point[0]);
  const lats = ring.map((point) => point[1]);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const centre: [number, number] = [(west + east) / 2, (south + north) / 2];
  const address = `/${encodeURIComponent(scenario.user.name)}/${encodeURIComponent(scenario.scenarioKey)}/editor?c=${centre[1].toFixed(6)},${centre[0].toFixed(6)},${ZOOM}`;

  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT });
    const signInPage = await context.newPage();
    await signIn(signInPage, scenario.user.name, scenario.user.password);
    await signInPage.close();
    await context.addInitScript(OBSERVER);

    const draws: { links: number; vehicles: Change; stops: Change; answers: number[]; transit: number[]; heap?: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT_MS);
      await page.goto(address);
      const started = performance.now();
      let lastChange = performance.now();
      let changes = 0;
      const seen = await (async () => {
        for (;;) {
          const now = await observed(page);
          const vehiclesNow = now.vehicles.at(-1);
          const stopsNow = now.stops.at(-1);
          const done = now.links !== undefined && vehiclesNow?.[1] === expected.vehicles && stopsNow?.[1] === expected.stops;
          if (done && vehiclesNow[2] !== undefined && stopsNow[2] !== undefined) return now;
          if (now.vehicles.length + now.stops.length !== changes) {
            changes = now.vehicles.length + now.stops.length;
            lastChange = performance.now();
          }
          // Settled below the expected values (some links not loaded): what the editor draws, reported as such.
          const drawn = Number(vehiclesNow?.[1] ?? 0) > 0 && Number(stopsNow?.[1] ?? 0) > 0;
          if (!done && drawn && performance.now() - lastChange > SETTLED_MS && vehiclesNow![2] !== undefined && stopsNow![2] !== undefined) return now;
          if (performance.now() - started > TIMEOUT_MS) {
            await page.screenshot({ path: '/tmp/editor-drt-failed.png' });
            throw new Error(`the DRT layers (${expected.vehicles} vehicle markers, ${expected.stops} stops): not within ${TIMEOUT_MS / 1000} s (the page saw ${JSON.stringify(now)}; picture in /tmp/editor-drt-failed.png)`);
          }
          await sleep(50);
        }
      })();
      if (run === 0) {
        // The area must fit the map at this zoom, or links of the area are not loaded and vehicles on them not drawn.
        const box = await page.getByTestId('editor-map').boundingBox();
        const [x0, y0] = pixels([west, north], ZOOM);
        const [x1, y1] = pixels([east, south], ZOOM);
        if (!box || x1 - x0 > box.width || y1 - y0 > box.height) {
          throw new Error(`the area (${(x1 - x0).toFixed(0)} × ${(y1 - y0).toFixed(0)} px at zoom ${ZOOM}) does not fit the map (${box ? `${box.width.toFixed(0)} × ${box.height.toFixed(0)}` : 'not found'} px)`);
        }
        if (!(await page.getByRole('switch', { name: 'DRT', exact: true }).isChecked())) throw new Error('the DRT layer is off');
        await page.screenshot({ path: '/tmp/editor-drt-bench.png' });
      }
      const draw: (typeof draws)[number] = { links: seen.links!, vehicles: reached(seen.vehicles), stops: reached(seen.stops), answers: await received(page, DRT_ANSWER), transit: await received(page, TRANSIT_ANSWER) };
      if (run === RUNS - 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('HeapProfiler.collectGarbage');
        draw.heap = (await cdp.send('Runtime.getHeapUsage')).usedSize;
        await cdp.detach();
      }
      draws.push(draw);
      await page.close();
    }
    const list = (values: number[]) => `median ${ms(median(values))}, max ${ms(Math.max(...values))} (${values.map(ms).join(', ')})`;
    const markers = draws.at(-1)!.vehicles[1];
    const markersNote = markers === expected.vehicles ? `all ${perLink.size.toLocaleString('en')} vehicle links loaded` : `fewer than the ${expected.vehicles} of all ${perLink.size.toLocaleString('en')} vehicle links: not every link loaded`;
    rows.push([`editor (headless Chromium, ${VIEWPORT.width} × ${VIEWPORT.height}, zoom ${ZOOM} over the area, ${RUNS} fresh pages): final DRT vehicle markers / stops drawn`, `${Number(markers).toLocaleString('en')} markers (${markersNote}) / ${Number(draws.at(-1)!.stops[1]).toLocaleString('en')} stops`]);
    rows.push(['editor: navigation → DRT vehicle markers at their final count (data-drt-vehicle-markers)', list(draws.map((draw) => draw.vehicles[0]))]);
    rows.push(['editor: navigation → DRT stops at their final count (data-drt-stops)', list(draws.map((draw) => draw.stops[0]))]);
    rows.push(['editor: navigation → both painted (two animation frames after the later one)', list(draws.map((draw) => Math.max(draw.vehicles[2]!, draw.stops[2]!)))]);
    rows.push(['editor: navigation → the two DRT answers received (GET /files/{id}/drt, same pages)', `median ${ms(median(draws.map((draw) => Math.max(...draw.answers))))} (the later of the two)`]);
    // The stop file is a transit schedule: the editor also opens it as the scenario's public transport schedule.
    const transit = draws.map((draw) => draw.transit[0]).filter((at): at is number => at !== undefined);
    rows.push(['editor: navigation → the same stop file received as the transit schedule (GET /files/{id}/transit, same pages)', transit.length ? `median ${ms(median(transit))} (${transit.length} of ${RUNS} pages by the DRT draw)` : `not asked for by the DRT draw`]);
    rows.push(['editor: navigation → first network links drawn (same pages)', list(draws.map((draw) => draw.links))]);
    rows.push(['editor: page JS heap used after the draw, after GC (typed arrays\' buffers not included)', `${(draws.at(-1)!.heap! / 2 ** 20).toFixed(0)} MB`]);
    await context.close();
  } finally {
    await browser.close();
  }
}
