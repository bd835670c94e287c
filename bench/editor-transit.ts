// Issue 28, the map editor's public transport: a synthetic transit schedule of 20,000 stops and 2,000 lines with 10
// routes each (15 stops, 30 network-route links and 20 departures per route, on a 200 × 200 grid network in
// EPSG:25832; schedule and network written gzip into the temp folder and removed afterwards unless BENCH_KEEP=1).
//
// Server, through HTTP on the real server (`startServer` of the browser tests): the schedule uploaded into a
// scenario with that CRS; the first GET /datasets/files/{id}/transit (prepare: read in the worker pool, stored as
// transit-data.json.gz) and later ones (answer: the stored bytes, gzip as browsers ask, and decompressed for a client
// that does not accept gzip), the answer's size, and the server's RSS (from /proc: before, peak while preparing,
// after). Then, in this process: a 1,000-modification transit changeset applied on the server's way
// (`@corridor/changesets` replay over the scenario graph from `transitEntities`, as `jobs/apply-transit.ts` does),
// with the schedule written back, and the same 1,000 through the editor's data core in Node (pushed one by one onto
// the history, and the changeset opened). Last, on the same server and scenario with the grid network added, the
// editor in headless Chromium (`editor-transit-browser.ts`): first draw of the transit data, the page's heap, and the
// saved 1,000-modification changeset opened until the change summary shows it applied. Builds the web app when there
// is none (or with BENCH_BUILD=1).
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import type { Departure, Modification, NetworkLink, NetworkNode, TransitData } from '@corridor/contract';
import { changeFlags, EDIT_KINDS, graphOf, networkGraph, newHistory, openChangeset, push, replaySkipping, routeKey, savedGraphOf, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP, type ChangesetHistory, type RouteEntity } from '@corridor/changesets';
import { transformer, xy } from '@corridor/geo';
import { readTransitSchedule, writeTransitSchedule } from '@corridor/matsim';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { scheduleOf, transitEntities } from '../apps/server/src/shared/transit-graph.ts';
import { BenchClient as Client } from './http-client.ts';
import { editorFigures, ensureWebBuild, type TransitSummary } from './editor-transit-browser.ts';
import { mb, memoryOf, percentile } from './process-stats.ts';

const CRS = 'EPSG:25832';
const SIDE = 200;
const SPACING = 250;
const ORIGIN = [600_000, 5_300_000] as const;
/** `BENCH_TRANSIT_LINES` for a quick try (the changeset then needs 2,000: some of its edits are refused). */
const LINES = Number(process.env.BENCH_TRANSIT_LINES ?? 2000);
const ROUTES_PER_LINE = 10;
const ROUTE_LINKS = 30;
const DEPARTURES = 20;
const ANSWERS = 10;
const MODIFICATIONS = 1000;
/** The editor's camera: the grid's centre, at a zoom a user edits at (about 4 km × 2.5 km of the network in view). */
const EDITOR_ZOOM = 13;
const USER = { name: 'bench', password: 'bench-password' };
const SCENARIO_KEY = 'transit';

const rows: [string, string][] = [];
const ms = (value: number) => `${value.toFixed(0)} ms`;
const size = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

// ---- the synthetic scenario ------------------------------------------------------------------------------------

const nodeId = (c: number, r: number) => `n${c}_${r}`;
/** The link from column c to c+1 in row r (forward) or back (from c+1 to c). */
const rowLink = (c: number, r: number, forward: boolean) => `${forward ? 'h' : 'H'}${c}_${r}`;
/** Stops sit on the forward links at even columns: 100 × 200 = 20,000. */
const stopId = (c: number, r: number) => `s${c}_${r}`;
const lineId = (i: number) => `line${i}`;
const routeId = (j: number) => `r${j}`;
const time = (seconds: number) => [seconds / 3600, (seconds / 60) % 60, seconds % 60].map((v) => String(Math.floor(v)).padStart(2, '0')).join(':');

/** Route j of line i: along the line's row, from an even column, forward (even j) or back (odd j). */
function routeShape(i: number, j: number): { row: number; from: number; forward: boolean } {
  const row = i % SIDE;
  const from = (((i * 7 + j * 13) % (SIDE - ROUTE_LINKS - 1)) >> 1) << 1;
  return { row, from, forward: j % 2 === 0 };
}

function* scheduleXml(): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE transitSchedule SYSTEM "http://www.matsim.org/files/dtd/transitSchedule_v2.dtd">\n<transitSchedule>\n<transitStops>\n';
  for (let r = 0; r < SIDE; r++) {
    const parts: string[] = [];
    for (let c = 0; c < SIDE; c += 2) {
      const x = ORIGIN[0] + c * SPACING + SPACING / 2;
      const y = ORIGIN[1] + r * SPACING;
      parts.push(`<stopFacility id="${stopId(c, r)}" x="${x}" y="${y}" linkRefId="${rowLink(c, r, true)}" name="Stop ${c}/${r}" stopAreaId="area${c >> 2}_${r >> 1}" isBlocking="false"/>\n`);
    }
    yield parts.join('');
  }
  yield '</transitStops>\n';
  for (let i = 0; i < LINES; i++) {
    const parts = [`<transitLine id="${lineId(i)}" name="Line ${i}">\n`];
    for (let j = 0; j < ROUTES_PER_LINE; j++) {
      const { row, from, forward } = routeShape(i, j);
      const columns = Array.from({ length: ROUTE_LINKS }, (_, k) => (forward ? from + k : from + ROUTE_LINKS - 1 - k));
      parts.push(`<transitRoute id="${routeId(j)}">\n<transportMode>bus</transportMode>\n<routeProfile>\n`);
      const stopColumns = columns.filter((c) => c % 2 === 0);
      stopColumns.forEach((c, k) => {
        const arrival = k === 0 ? '' : ` arrivalOffset="${time(k * 120)}"`;
        const departure = k === stopColumns.length - 1 ? '' : ` departureOffset="${time(k * 120 + 20)}"`;
        parts.push(`<stop refId="${stopId(c, row)}"${arrival}${departure} awaitDeparture="true"/>\n`);
      });
      parts.push('</routeProfile>\n<route>\n');
      for (const c of columns) parts.push(`<link refId="${rowLink(c, row, forward)}"/>\n`);
      parts.push('</route>\n<departures>\n');
      for (let d = 0; d < DEPARTURES; d++) parts.push(`<departure id="d${d}" departureTime="${time(5 * 3600 + d * 2700 + j * 60)}" vehicleRefId="bus_${i}_${j}_${d}"/>\n`);
      parts.push('</departures>\n</transitRoute>\n');
    }
    parts.push('</transitLine>\n');
    yield parts.join('');
  }
  yield '</transitSchedule>\n';
}

/** The grid network in WGS84, as the scenario graph holds it (rows both ways; columns both ways). */
function gridNetwork(): { nodes: NetworkNode[]; links: NetworkLink[] } {
  const toWgs84 = transformer(CRS);
  const nodes: NetworkNode[] = [];
  for (let r = 0; r < SIDE; r++) {
    for (let c = 0; c < SIDE; c++) {
      const [lng, lat] = toWgs84(xy(ORIGIN[0] + c * SPACING, ORIGIN[1] + r * SPACING));
      nodes.push({ id: nodeId(c, r), lng, lat });
    }
  }
  const links: NetworkLink[] = [];
  const link = (id: string, fromId: string, toId: string) => links.push({ id, fromId, toId, length: SPACING, capacity: 600, lanes: 1, freespeed: 13.89, modes: ['car', 'bus'] });
  for (let r = 0; r < SIDE; r++) {
    for (let c = 0; c < SIDE; c++) {
      if (c + 1 < SIDE) link(rowLink(c, r, true), nodeId(c, r), nodeId(c + 1, r)), link(rowLink(c, r, false), nodeId(c + 1, r), nodeId(c, r));
      if (r + 1 < SIDE) link(`v${c}_${r}`, nodeId(c, r), nodeId(c, r + 1)), link(`V${c}_${r}`, nodeId(c, r + 1), nodeId(c, r));
    }
  }
  return { nodes, links };
}

/** The same grid as a MATSim network file (EPSG:25832), for the editor's scenario. */
function* networkXml(): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">\n<network name="transit bench grid">\n';
  yield `<attributes>\n<attribute name="coordinateReferenceSystem" class="java.lang.String">${CRS}</attribute>\n</attributes>\n<nodes>\n`;
  for (let r = 0; r < SIDE; r++) {
    const parts: string[] = [];
    for (let c = 0; c < SIDE; c++) parts.push(`<node id="${nodeId(c, r)}" x="${ORIGIN[0] + c * SPACING}" y="${ORIGIN[1] + r * SPACING}"/>\n`);
    yield parts.join('');
  }
  yield '</nodes>\n<links capperiod="01:00:00" effectivecellsize="7.5" effectivelanewidth="3.75">\n';
  const link = (id: string, from: string, to: string) => `<link id="${id}" from="${from}" to="${to}" length="${SPACING}" freespeed="13.89" capacity="600" permlanes="1" oneway="1" modes="car,bus"/>\n`;
  for (let r = 0; r < SIDE; r++) {
    const parts: string[] = [];
    for (let c = 0; c < SIDE; c++) {
      if (c + 1 < SIDE) parts.push(link(rowLink(c, r, true), nodeId(c, r), nodeId(c + 1, r)), link(rowLink(c, r, false), nodeId(c + 1, r), nodeId(c, r)));
      if (r + 1 < SIDE) parts.push(link(`v${c}_${r}`, nodeId(c, r), nodeId(c, r + 1)), link(`V${c}_${r}`, nodeId(c, r + 1), nodeId(c, r)));
    }
    yield parts.join('');
  }
  yield '</links>\n</network>\n';
}

/** Writes generated text gzip to a file; returns the uncompressed size. */
async function writeGzip(path: string, parts: Iterable<string>): Promise<number> {
  let bytes = 0;
  const counted = Readable.from(
    (function* () {
      for (const part of parts) {
        bytes += Buffer.byteLength(part);
        yield part;
      }
    })(),
  );
  await pipeline(counted, createGzip({ level: 6 }), createWriteStream(path));
  return bytes;
}

// ---- the server ------------------------------------------------------------------------------------------------

/** A GET with node:http, so the wire bytes stay as sent (fetch would decompress them). */
function timedGet(url: string, cookie: string, gzip: boolean): Promise<{ ms: number; bytes: Buffer }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie, 'accept-encoding': gzip ? 'gzip' : 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        if (res.statusCode !== 200) reject(new Error(`GET ${url}: ${res.statusCode} ${bytes.toString('utf8').slice(0, 300)}`));
        else if (gzip !== (res.headers['content-encoding'] === 'gzip')) reject(new Error(`GET ${url}: content-encoding ${res.headers['content-encoding']}`));
        else resolve({ ms: performance.now() - t0, bytes });
      });
    }).on('error', reject);
  });
}

/** The server, signed in as `bench`, and the scenario with the schedule: shared by the server's and the editor's figures. */
interface BenchScenario {
  server: RunningServer;
  client: Client;
  scenarioId: number;
  scheduleFileId: number;
}

async function benchScenario(server: RunningServer, schedulePath: string): Promise<BenchScenario> {
  const client = new Client(server.url);
  await client.call('POST', '/accounts/setup', { username: USER.name, password: USER.password });
  const me = await client.call<{ groupId: number }>('GET', '/accounts/validate');
  const scenario = await client.call<{ id: number }>('POST', '/datasets/datasets', {
    groupId: me.groupId,
    key: SCENARIO_KEY,
    name: 'Transit',
    description: '',
    type: 'scenario',
    template: 'empty',
    attributes: { __crs: CRS },
  });
  const [file] = await client.upload([{ name: 'transitSchedule.xml.gz', path: schedulePath }]);
  await client.call('POST', `/datasets/datasets/${scenario.id}/files/${file!.id}`);
  return { server, client, scenarioId: scenario.id, scheduleFileId: file!.id };
}

async function serverFigures({ server, client, scheduleFileId }: BenchScenario): Promise<void> {
  const cookie = (client as unknown as { cookie: string }).cookie;
  const url = `${server.url}/api/v1/datasets/files/${scheduleFileId}/transit`;

  const before = memoryOf(server.pid).rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rss)), 100);
  const first = await timedGet(url, cookie, true);
  clearInterval(timer);
  const afterFirst = memoryOf(server.pid).rss;
  const json = gunzipSync(first.bytes);
  const data = JSON.parse(json.toString('utf8')) as TransitData;
  const routes = data.transitLines.reduce((n, line) => n + Object.keys(line.transitRoutes).length, 0);
  rows.push(['answer', `${data.stops.length.toLocaleString('en')} stops, ${data.transitLines.length.toLocaleString('en')} lines, ${routes.toLocaleString('en')} routes`]);
  rows.push(['answer size', `${size(first.bytes.length)} gzip (sent as stored), ${size(json.length)} JSON`]);
  rows.push(['server: prepare (first call: read + store + send)', ms(first.ms)]);

  const gzipTimes: number[] = [];
  for (let n = 0; n < ANSWERS; n++) gzipTimes.push((await timedGet(url, cookie, true)).ms);
  gzipTimes.sort((a, b) => a - b);
  rows.push([`server: answer, gzip as stored (${ANSWERS} calls)`, `p50 ${ms(percentile(gzipTimes, 50))}, max ${ms(gzipTimes.at(-1)!)}`]);
  const plainTimes: number[] = [];
  for (let n = 0; n < 3; n++) plainTimes.push((await timedGet(url, cookie, false)).ms);
  plainTimes.sort((a, b) => a - b);
  rows.push(['server: answer without gzip (decompressed while sent, 3 calls)', `p50 ${ms(percentile(plainTimes, 50))}`]);
  const after = memoryOf(server.pid).rss;
  rows.push(['server RSS', `${mb(before)} MB before, peak ${mb(peak)} MB while preparing (+${mb(peak - before)} MB), ${mb(afterFirst)} MB after it, ${mb(after)} MB after the answers`]);
}

// ---- the server's apply of a transit changeset -----------------------------------------------------------------

/** 1,000 transit modifications of the kinds the editor saves, each on its own route or stop, so all apply. */
function transitChangeset(): Modification[] {
  const mods: Modification[] = [];
  const route = (n: number) => {
    const k = (n * 7919) % (LINES * ROUTES_PER_LINE);
    return { lineId: lineId(Math.floor(k / ROUTES_PER_LINE)), routeId: routeId(k % ROUTES_PER_LINE) };
  };
  const toWgs84 = transformer(CRS);
  let n = 0;
  const stopAt = (c: number, r: number, name: string, dx = 0) => {
    const [lng, lat] = toWgs84(xy(ORIGIN[0] + c * SPACING + SPACING / 2 + dx, ORIGIN[1] + r * SPACING + 10));
    return { id: stopId(c, r), name, coordinates: [lng, lat] as [number, number], isBlocking: false, linkId: rowLink(c, r, true), group: `area${c >> 2}_${r >> 1}` };
  };
  for (let k = 0; k < 200; k++) mods.push({ type: 'transitStop/update', id: stopId((k * 2) % SIDE, k % SIDE), stop: stopAt((k * 2) % SIDE, k % SIDE, `Moved ${k}`, 30) });
  for (let k = 0; k < 100; k++) {
    const [lng, lat] = toWgs84(xy(ORIGIN[0] + k * 300, ORIGIN[1] - 500));
    mods.push({ type: 'transitStop/add', stop: { id: `Stop-new${k}`, name: `New ${k}`, coordinates: [lng, lat], isBlocking: false } });
  }
  for (let k = 0; k < 150; k++) mods.push({ type: 'route/addStop', ...route(n++), stopId: `Stop-new${k % 100}`, afterIndex: k % 14 });
  for (let k = 0; k < 150; k++) mods.push({ type: 'route/deleteStop', ...route(n++), index: 1 + (k % 12) });
  for (let k = 0; k < 100; k++) mods.push({ type: 'route/updateStop', ...route(n++), index: 2, stop: { id: 'placeholder', arrivalOffset: 250, departureOffset: 270, awaitDeparture: false } });
  for (let k = 0; k < 150; k++) {
    const departures: Departure[] = Array.from({ length: DEPARTURES + 5 }, (_, d) => ({ id: `d${d}`, departureTime: 4 * 3600 + d * 1800, vehicleRefId: `bus_x_${k}_${d}` }));
    mods.push({ type: 'route/updateDepartures', ...route(n++), departures });
  }
  for (let k = 0; k < 50; k++) mods.push({ type: 'networkRoute/deleteLink', ...route(n++), index: 0 });
  for (let k = 0; k < 50; k++) mods.push({ type: 'route/delete', ...route(n++) });
  // Stops served by routes: each leaves every route that served it.
  const remaining = MODIFICATIONS - mods.length;
  for (let k = 0; k < remaining; k++) mods.push({ type: 'transitStop/delete', id: stopId(100 + ((k * 2) % 100), (k * 37 + 1) % SIDE) });
  return mods;
}

/** Returns the changeset as the editor saves it and its saved transit counts as the editor's change summary shows them. */
async function applyFigures(schedulePath: string): Promise<{ mods: Modification[]; summary: TransitSummary }> {
  const t0 = performance.now();
  const schedule = await readTransitSchedule(schedulePath);
  const t1 = performance.now();
  const { nodes, links } = gridNetwork();
  const graph = networkGraph(nodes, links);
  const { stops, lines, routes } = transitEntities(schedule, transformer(CRS));
  graph.base.add(TRANSIT_STOP, stops);
  graph.base.add(TRANSIT_LINE, lines);
  graph.base.add(TRANSIT_ROUTE, routes);
  const t2 = performance.now();
  // route/updateStop keeps the stop at that place: its id is the route's own.
  const mods = transitChangeset().map((mod) => {
    if (mod.type !== 'route/updateStop') return mod;
    const stop = graph.get<RouteEntity>(TRANSIT_ROUTE, routeKey(mod.lineId, mod.routeId))!.route.stops[mod.index]!;
    return { ...mod, stop: { ...mod.stop, id: stop.id } };
  });
  const t3 = performance.now();
  const { graph: edited, skipped } = replaySkipping(graph, mods, EDIT_KINDS);
  const t4 = performance.now();
  const back = transformer('EPSG:4326', CRS);
  let written = 0;
  for (const chunk of writeTransitSchedule(
    scheduleOf(schedule, edited, (p) => {
      const [x, y] = back(xy(p[0], p[1]));
      return xy(x, y);
    }),
  )) {
    written += chunk.length;
  }
  const t5 = performance.now();
  // The editor's data core in Node (the calls its store makes): each modification checked and pushed onto the history.
  let history = newHistory(graph);
  const pushes: number[] = [];
  for (const mod of mods) {
    const p0 = performance.now();
    history = push(history, mod);
    pushes.push(performance.now() - p0);
  }
  const t6 = performance.now();
  const opened = openChangeset(graph, { id: 1, name: 'Transit', modifications: mods });
  const t7 = performance.now();
  pushes.sort((a, b) => a - b);
  rows.push(['server apply: schedule read', ms(t1 - t0)]);
  rows.push([`server apply: scenario graph (${links.length.toLocaleString('en')} links + the schedule's entities)`, ms(t2 - t1)]);
  rows.push([`server apply: ${mods.length.toLocaleString('en')} transit modifications replayed`, `${ms(t4 - t3)} (${skipped.length} refused)`]);
  rows.push(['server apply: schedule written back', `${ms(t5 - t4)} (${size(written)})`]);
  rows.push([`editor core (Node): ${mods.length.toLocaleString('en')} transit modifications pushed one by one`, `${ms(pushes.reduce((sum, v) => sum + v, 0))} in all, p95 ${percentile(pushes, 95).toFixed(2)} ms each`]);
  rows.push([`editor core (Node): opening the ${mods.length.toLocaleString('en')}-modification changeset`, ms(t7 - t6)]);
  return { mods, summary: savedTransitSummary(opened) };
}

/** The transit row of the editor's change summary (sidebar/changeSummary.ts `countKinds`), saved stage. */
function savedTransitSummary(history: ChangesetHistory): TransitSummary {
  const counts = { added: 0, modified: 0, deleted: 0 };
  const shown = graphOf(history);
  const saved = savedGraphOf(history);
  for (const kind of [TRANSIT_STOP, TRANSIT_LINE, TRANSIT_ROUTE]) {
    for (const [id] of shown.changedEntities(kind)) {
      const flags = changeFlags(kind, id, saved, shown);
      const change = flags.savedDeleted ? 'deleted' : flags.savedAdded ? 'added' : flags.savedModified ? 'modified' : undefined;
      if (change) counts[change]++;
    }
  }
  return counts;
}

async function main(): Promise<void> {
  ensureWebBuild();
  const temp = mkdtempSync(join(tmpdir(), 'corridor-bench-transit-'));
  let server: RunningServer | undefined;
  try {
    const schedulePath = join(temp, 'transitSchedule.xml.gz');
    const t0 = performance.now();
    const xmlBytes = await writeGzip(schedulePath, scheduleXml());
    rows.push(['synthetic schedule', `${size(xmlBytes)} XML, ${size(statSync(schedulePath).size)} gzip, written in ${ms(performance.now() - t0)}`]);
    const networkPath = join(temp, 'network.xml.gz');
    await writeGzip(networkPath, networkXml());
    server = await startServer();
    const scenario = await benchScenario(server, schedulePath);
    await serverFigures(scenario);
    const { mods, summary } = await applyFigures(schedulePath);
    const [lng, lat] = transformer(CRS)(xy(ORIGIN[0] + (SIDE * SPACING) / 2, ORIGIN[1] + (SIDE * SPACING) / 2));
    await editorFigures(
      {
        ...scenario,
        user: USER,
        editorPath: `/${USER.name}/${SCENARIO_KEY}/editor`,
        networkPath,
        camera: { lat, lng, zoom: EDITOR_ZOOM },
        stopGroups: (SIDE * SIDE) / 2,
        modifications: mods,
        summary,
      },
      rows,
    );
  } finally {
    await server?.stop();
    if (!process.env.BENCH_KEEP) rmSync(temp, { recursive: true, force: true });
  }
  console.table(rows.map(([what, value]) => ({ what, value })));
}

await main();
