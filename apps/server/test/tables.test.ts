/**
 * Tables (issue 14; spec 3 §7, spec 1 §7.4): a dataset's CSV files imported into DuckDB and queried in every shape.
 * Expected values are computed here from the real newwest CSV, independently of DuckDB.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DatasetTable, GroupTablesAnswer, TableQuery, TableQueryAnswer } from '@corridor/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableEngine } from '../src/modules/tables/engine.ts';
import { TablesRepository } from '../src/modules/tables/repository.ts';
import { sweepTableFiles } from '../src/modules/tables/service.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { ok } from './runner-client.ts';
import { addUser, attach, createScenario, SHARED_DATA, uploadOk, type Session } from './workspace-helpers.ts';

const NEWWEST = path.join(SHARED_DATA, 'output-newwest-2024');

let t: TestApp;
let alice: Session;
let bob: Session;
let scenarioId: number;
const fileIds: Record<string, number> = {};
let trips: Record<string, string>[];

/** The CSV parsed by hand: `;`-separated, no quoted cells in MATSim's trips. */
function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const names = header!.split(';');
  return lines.map((line) => Object.fromEntries(line.split(';').map((cell, i) => [names[i]!, cell])));
}
const seconds = (time: string) => time.split(':').reduce((s, part) => s * 60 + Number(part), 0);

async function addFile(name: string, content: Buffer | string): Promise<number> {
  const [file] = await uploadOk(t.app, alice, [{ name, content: typeof content === 'string' ? Buffer.from(content) : content }]);
  await attach(t.app, alice, scenarioId, file!.id);
  fileIds[name] = file!.id;
  return file!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await setupAdmin(t.app);
  alice = await addUser(t.app, admin, 'alice');
  bob = await addUser(t.app, admin, 'bob');
  scenarioId = (await createScenario(t.app, alice, { key: 'newwest', name: 'New Westminster' })).id;
  const tripsGz = await readFile(path.join(NEWWEST, 'output_trips.csv.gz'));
  trips = parseCsv(gunzipSync(tripsGz).toString('utf8'));
  await addFile('output_trips.csv.gz', tripsGz);
  await addFile('output_persons.csv.gz', await readFile(path.join(NEWWEST, 'output_persons.csv.gz')));
  await addFile('scorestats.txt', await readFile(path.join(SHARED_DATA, 'output-equil-2022-txt', 'scorestats.txt')));
  await addFile('network.xml', await readFile(path.join(SHARED_DATA, 'equil', 'network.xml')));
}, 60_000);
afterAll(() => t?.close());

const as = (session: Session) => ({ cookie: session.cookie });
const importTable = (session: Session, fileId: number, name?: string, dataset = scenarioId) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${dataset}/import-as-table/${fileId}`, headers: as(session), payload: name === undefined ? undefined : { name } });
const query = (session: Session, table: string, body: TableQuery, dataset = scenarioId) =>
  t.app.inject({ method: 'POST', url: `${API}/datasets/datasets/${dataset}/tables/${encodeURIComponent(table)}/query`, headers: as(session), payload: body });
const rows = async (table: string, body: TableQuery) => ok<TableQueryAnswer>(await query(alice, table, body), 'query');
const message = (r: LightMyRequestResponse) => (r.json() as { message: string }).message;

function countBy<T>(items: T[], key: (item: T) => string | number): Map<string | number, number> {
  const out = new Map<string | number, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}
/** Continuous quantile as DuckDB's quantile_cont and ECharts' boxplot compute it. */
function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

describe('import as table', () => {
  it('imports newwest trips with typed fields: numbers as LONG/DOUBLE, times as seconds', async () => {
    const table = ok<DatasetTable>(await importTable(alice, fileIds['output_trips.csv.gz']!), 'import');
    expect(table).toMatchObject({ name: 'output_trips', userFileId: fileIds['output_trips.csv.gz'], fileName: 'output_trips.csv.gz', rowCount: trips.length, live: false });
    const types = Object.fromEntries(table.fields.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({ trip_number: 'LONG', dep_time: 'LONG', trav_time: 'LONG', traveled_distance: 'LONG', main_mode: 'STRING', start_x: 'DOUBLE', trip_id: 'STRING' });
    expect(table.fields.map((f) => f.name)).toEqual(Object.keys(trips[0]!));
    const persons = ok<DatasetTable>(await importTable(alice, fileIds['output_persons.csv.gz']!, 'persons'), 'import persons');
    expect(persons.name).toBe('persons');
  });

  it("names the older tab-separated statistics' columns as the CSV files do", async () => {
    const table = ok<DatasetTable>(await importTable(alice, fileIds['scorestats.txt']!), 'import');
    expect(table.name).toBe('scorestats');
    expect(table.fields).toEqual([
      { name: 'iteration', type: 'LONG' },
      { name: 'avg_executed', type: 'DOUBLE' },
      { name: 'avg_worst', type: 'DOUBLE' },
      { name: 'avg_average', type: 'DOUBLE' },
      { name: 'avg_best', type: 'DOUBLE' },
    ]);
    const best = await rows('scorestats', { query: { select: [{ column: 'iteration' }, { column: 'avg_best' }], groupBy: [], where: [{ column: 'iteration', is: '=', value: 0 }] }, shape: 'RAW' });
    expect(best.rows).toEqual([[0, 64.75686659291274]]);
  });

  it('lists the tables by dataset for the team, and only for its members', async () => {
    const mine = ok<GroupTablesAnswer>(await t.app.inject({ url: `${API}/datasets/groups/${alice.groupId}/tables`, headers: as(alice) }), 'group tables');
    expect(mine.datasets).toContainEqual({ id: scenarioId, name: 'New Westminster', datasetType: 1, groupId: alice.groupId });
    expect(mine.tables[String(scenarioId)]!.map((x) => x.name)).toEqual(['output_trips', 'persons', 'scorestats']);
    const all = ok<GroupTablesAnswer>(await t.app.inject({ url: `${API}/datasets/tables`, headers: as(alice) }), 'tables');
    expect(all.tables[String(scenarioId)]).toHaveLength(3);
    expect((await t.app.inject({ url: `${API}/datasets/groups/${alice.groupId}/tables`, headers: as(bob) })).statusCode).toBe(404);
    expect(ok<GroupTablesAnswer>(await t.app.inject({ url: `${API}/datasets/tables`, headers: as(bob) }), 'bob').datasets).toEqual([]);
  });

  it('browses the team: datasets with table counts and their files, importable or not', async () => {
    const root = ok<{ meta: { kind: string }; children: { meta: { id: number; tableCount: number }; files: { name: string; importable: boolean; table: string | null }[] }[] }>(
      await t.app.inject({ url: `${API}/datasets/groups/${alice.groupId}/browse`, headers: as(alice) }),
      'browse',
    );
    expect(root.meta.kind).toBe('group');
    const node = root.children.find((c) => c.meta.id === scenarioId)!;
    expect(node.meta.tableCount).toBe(3);
    expect(node.files).toContainEqual(expect.objectContaining({ name: 'output_trips.csv.gz', importable: true, table: 'output_trips' }));
    expect(node.files).toContainEqual(expect.objectContaining({ name: 'network.xml', importable: false, table: null }));
    expect((await t.app.inject({ url: `${API}/datasets/groups/${alice.groupId}/browse`, headers: as(bob) })).statusCode).toBe(404);
  });
});

describe('queries, checked against the CSV', () => {
  it('RAW: COUNT, SUM and AVG grouped by main mode', async () => {
    const answer = await rows('output_trips', {
      query: {
        select: [{ column: 'main_mode' }, { column: 'trip_id', aggregation: 'COUNT' }, { column: 'traveled_distance', aggregation: 'SUM' }, { column: 'trav_time', aggregation: 'AVG' }],
        groupBy: [{ column: 'main_mode' }],
        where: [],
      },
      shape: 'RAW',
    });
    expect(answer.columns).toEqual(['main_mode', 'count(trip_id)', 'sum(traveled_distance)', 'avg(trav_time)']);
    const modes = [...new Set(trips.map((r) => r.main_mode!))].sort();
    expect(answer.rows.map((r) => r[0])).toEqual(modes);
    for (const row of answer.rows) {
      const mine = trips.filter((r) => r.main_mode === row[0]);
      expect(row[1]).toBe(mine.length);
      expect(row[2]).toBe(mine.reduce((s, r) => s + Number(r.traveled_distance), 0));
      expect(row[3]).toBeCloseTo(mine.reduce((s, r) => s + seconds(r.trav_time!), 0) / mine.length, 6);
    }
  });

  it('binning: departures per hour (interval) and custom distance bins', async () => {
    const hourly = await rows('output_trips', { query: { select: [{ column: 'dep_time', binning: { interval: 3600 } }, { column: 'dep_time', aggregation: 'COUNT' }], groupBy: [{ column: 'dep_time' }], where: [] }, shape: 'RAW' });
    const expected = countBy(trips, (r) => Math.floor(seconds(r.dep_time!) / 3600) * 3600);
    expect(hourly.rows).toEqual([...expected].sort((a, b) => Number(a[0]) - Number(b[0])).map(([bin, n]) => [bin, n]));
    const edges = [0, 1000, 5000, 10000];
    const custom = await rows('output_trips', { query: { select: [{ column: 'traveled_distance', binning: { edges } }, { column: 'trip_id', aggregation: 'COUNT' }], groupBy: [{ column: 'traveled_distance' }], where: [] }, shape: 'RAW' });
    const bin = (d: number) => [...edges].reverse().find((e) => d >= e) ?? null;
    const byBin = countBy(trips, (r) => String(bin(Number(r.traveled_distance))));
    for (const [edge, n] of custom.rows) expect(n).toBe(byBin.get(String(edge)));
  });

  it('filters: =, !=, <, >=, in, not in and last k', async () => {
    const count = async (where: TableQuery['query']['where']) =>
      (await rows('output_trips', { query: { select: [{ column: 'trip_id', aggregation: 'COUNT' }], groupBy: [], where }, shape: 'RAW' })).rows[0]![0];
    const mode = trips[0]!.main_mode!;
    expect(await count([{ column: 'main_mode', is: '=', value: mode }])).toBe(trips.filter((r) => r.main_mode === mode).length);
    expect(await count([{ column: 'main_mode', is: '!=', value: mode }])).toBe(trips.filter((r) => r.main_mode !== mode).length);
    expect(await count([{ column: 'traveled_distance', is: '<', value: '2000' }])).toBe(trips.filter((r) => Number(r.traveled_distance) < 2000).length);
    expect(await count([{ column: 'dep_time', is: '>=', value: 8 * 3600 }])).toBe(trips.filter((r) => seconds(r.dep_time!) >= 8 * 3600).length);
    expect(await count([{ column: 'trip_number', is: 'in', value: '1, 2' }])).toBe(trips.filter((r) => ['1', '2'].includes(r.trip_number!)).length);
    expect(await count([{ column: 'trip_number', is: 'not in', value: '1' }])).toBe(trips.filter((r) => r.trip_number !== '1').length);
    const numbers = [...new Set(trips.map((r) => Number(r.trip_number)))].sort((a, b) => b - a).slice(0, 2);
    expect(await count([{ column: 'trip_number', is: 'last k', value: '2' }])).toBe(trips.filter((r) => numbers.includes(Number(r.trip_number))).length);
  });

  it('PIVOT: one row per cell (row, series, value)', async () => {
    const answer = await rows('output_trips', {
      query: { select: [{ column: 'trip_id', aggregation: 'COUNT' }], groupBy: [{ column: 'main_mode' }, { column: 'end_activity_type' }], where: [] },
      shape: 'PIVOT',
    });
    expect(answer.columns).toEqual(['row', 'series', 'value']);
    const expected = countBy(trips, (r) => `${r.main_mode}|${r.end_activity_type}`);
    expect(answer.rows).toHaveLength(expected.size);
    for (const [row, series, value] of answer.rows) expect(value).toBe(expected.get(`${row}|${series}`));
  });

  it('BOXPLOT: min, quartiles, median and max of travel time by mode', async () => {
    const answer = await rows('output_trips', { query: { select: [{ column: 'trav_time' }], groupBy: [{ column: 'main_mode' }], where: [] }, shape: 'BOXPLOT' });
    expect(answer.columns).toEqual(['group', 'min', 'q1', 'median', 'q3', 'max']);
    for (const [group, ...stats] of answer.rows) {
      const values = trips.filter((r) => r.main_mode === group).map((r) => seconds(r.trav_time!)).sort((a, b) => a - b);
      const expected = [values[0], quantile(values, 0.25), quantile(values, 0.5), quantile(values, 0.75), values.at(-1)];
      stats.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 6));
    }
  });
});

describe('bad input: clear errors, nothing lost', () => {
  it('refuses unknown columns, wrong types and hostile names without reaching SQL', async () => {
    const bad = await query(alice, 'output_trips', { query: { select: [{ column: 'x"; DROP TABLE users; --' }], groupBy: [], where: [] }, shape: 'RAW' });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe('There is no column x"; DROP TABLE users; -- in the table output_trips.');
    const sum = await query(alice, 'output_trips', { query: { select: [{ column: 'main_mode', aggregation: 'SUM' }], groupBy: [], where: [] }, shape: 'RAW' });
    expect(message(sum)).toBe('The aggregation SUM needs a numeric column, not main_mode.');
    const value = await query(alice, 'output_trips', { query: { select: [{ column: 'trip_id', aggregation: 'COUNT' }], groupBy: [], where: [{ column: 'main_mode', is: '=', value: "car'; DROP TABLE users; --" }] }, shape: 'RAW' });
    expect(ok<TableQueryAnswer>(value, 'hostile value').rows).toEqual([[0]]);
    const notNumber = await query(alice, 'output_trips', { query: { select: [{ column: 'trip_id', aggregation: 'COUNT' }], groupBy: [], where: [{ column: 'dep_time', is: '<', value: 'soon' }] }, shape: 'RAW' });
    expect(message(notNumber)).toBe('The filter value for dep_time must be a number, not "soon".');
    expect((await query(alice, 'no such table', { query: { select: [{ column: 'a' }], groupBy: [], where: [] }, shape: 'RAW' })).statusCode).toBe(404);
  });

  it('imports columns and values with quotes, semicolons and SQL as they are', async () => {
    const csv = '"a""b";"c;d";e\n"x; DROP TABLE users; --";1;2.5\n"it\'s";2;\n';
    const id = await addFile('hostile.csv', csv);
    const table = ok<DatasetTable>(await importTable(alice, id, 'weird "name"; --'), 'import hostile');
    expect(table.fields).toEqual([
      { name: 'a"b', type: 'STRING' },
      { name: 'c;d', type: 'LONG' },
      { name: 'e', type: 'DOUBLE' },
    ]);
    const answer = await rows('weird "name"; --', { query: { select: [{ column: 'a"b' }, { column: 'c;d' }], groupBy: [], where: [{ column: 'a"b', is: '=', value: 'x; DROP TABLE users; --' }] }, shape: 'RAW' });
    expect(answer.rows).toEqual([['x; DROP TABLE users; --', 1]]);
  });

  it('refuses empty files, rows with too many cells, files that are not CSV and files of other datasets', async () => {
    const empty = await importTable(alice, await addFile('empty.csv', ''));
    expect(empty.statusCode).toBe(400);
    expect(message(empty)).toBe('empty.csv is empty: a table needs at least a header line.');
    const ragged = await importTable(alice, await addFile('ragged.csv', 'a;b\n1;2\n1;2;3;4\n'));
    expect(ragged.statusCode).toBe(400);
    expect(message(ragged)).toMatch(/^ragged\.csv could not be read as a table: /);
    const quote = await importTable(alice, await addFile('quote.csv', 'a;b\n"1;2\n'));
    expect(quote.statusCode).toBe(400);
    const network = await importTable(alice, fileIds['network.xml']!);
    expect(network.statusCode).toBe(400);
    expect(message(network)).toBe('network.xml cannot be imported as a table: only .csv, .csv.gz, .csv.zst and tab-separated .txt files can.');
    const other = await createScenario(t.app, alice, { key: 'other' });
    expect((await importTable(alice, fileIds['output_trips.csv.gz']!, undefined, other.id)).statusCode).toBe(404);
    // Nothing of the failures reached the catalogue.
    const listed = ok<GroupTablesAnswer>(await t.app.inject({ url: `${API}/datasets/groups/${alice.groupId}/tables`, headers: as(alice) }), 'tables');
    expect(listed.tables[String(scenarioId)]!.map((x) => x.name)).not.toContain('empty');
  });

  it("someone else's dataset is not found: import, query and delete", async () => {
    expect((await importTable(bob, fileIds['output_trips.csv.gz']!)).statusCode).toBe(404);
    expect((await query(bob, 'output_trips', { query: { select: [{ column: 'main_mode' }], groupBy: [], where: [] }, shape: 'RAW' })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${scenarioId}/tables/output_trips`, headers: as(bob) });
    expect(del.statusCode).toBe(404);
    expect((await rows('output_trips', { query: { select: [{ column: 'trip_id', aggregation: 'COUNT' }], groupBy: [], where: [] }, shape: 'RAW' })).rows).toEqual([[trips.length]]);
  });

  it('ids with underscores stay text (DuckDB would read 1_11 and 11_1 both as 111)', async () => {
    const table = ok<DatasetTable>(await importTable(alice, await addFile('ids.csv', 'trip_id;x\n1_11;1e3\n11_1;-2.5\n;NaN\n')), 'import ids');
    expect(table.fields).toEqual([
      { name: 'trip_id', type: 'STRING' },
      { name: 'x', type: 'DOUBLE' },
    ]);
    const ids = await rows('ids', { query: { select: [{ column: 'trip_id' }, { column: 'x' }], groupBy: [], where: [{ column: 'x', is: '>', value: 0 }] }, shape: 'RAW' });
    expect(ids.rows).toEqual([['1_11', 1000]]);
  });

  it('types a column by all its values, also when they change after the first 10,000 rows', async () => {
    const lines = ['whole;time;late;text'];
    for (let i = 0; i < 10_500; i++) {
      const whole = i < 10_200 ? String(i) : `${i}.5`;
      const time = i < 10_400 ? '08:00:00' : 'later';
      const late = i < 10_100 ? '' : String(i);
      lines.push(`${whole};${time};${late};t${i}`);
    }
    const table = ok<DatasetTable>(await importTable(alice, await addFile('drift.csv', `${lines.join('\n')}\n`)), 'import drift');
    expect(table.fields).toEqual([
      { name: 'whole', type: 'DOUBLE' },
      { name: 'time', type: 'STRING' },
      { name: 'late', type: 'LONG' },
      { name: 'text', type: 'STRING' },
    ]);
    expect(table.rowCount).toBe(10_500);
    const sums = await rows('drift', { query: { select: [{ column: 'whole', aggregation: 'SUM' }, { column: 'late', aggregation: 'SUM' }], groupBy: [], where: [] }, shape: 'RAW' });
    const range = (from: number, to: number) => ((from + to - 1) * (to - from)) / 2;
    expect(sums.rows[0]![0]).toBeCloseTo(range(0, 10_500) + 300 * 0.5, 6);
    expect(sums.rows[0]![1]).toBe(range(10_100, 10_500));
  });

  it('types edge values as the patterns do: DuckDB-only number forms stay text, a column empty throughout is text', async () => {
    // Each file is uniform for the sampled 10,000 rows, then one row holds the edge value: the one-pass guards must
    // refuse every value the patterns refuse, or the file would be written with the sample's type.
    const edges: [string, string, string][] = [
      ['zeros', '007', 'LONG'], ['plus', '+7', 'LONG'], ['spaced', ' 7 ', 'LONG'], ['hex', '0x1F', 'STRING'],
      ['underscore', '1_000', 'STRING'], ['half', '12.5', 'DOUBLE'], ['exp', '1e3', 'DOUBLE'], ['huge', '9223372036854775807', 'DOUBLE'],
      ['d_underscore', '1_1.5', 'STRING'], ['d_signs', '+-5', 'STRING'], ['d_inf', 'inf', 'DOUBLE'], ['d_nan', '-nan', 'DOUBLE'],
      ['t_hour', '7:00:00', 'LONG'], ['t_minus', '-08:00:00', 'STRING'], ['t_short', '08:00', 'STRING'], ['t_words', '1 day', 'STRING'],
    ];
    const uniform = (name: string, i: number) => (name.startsWith('t_') ? '08:00:00' : name.startsWith('d_') ? `${i}.25` : String(i));
    const typed: string[] = [];
    for (const [name, edge] of edges) {
      const lines = [`id;${name}`];
      for (let i = 0; i < 10_000; i++) lines.push(`${i};${uniform(name, i)}`);
      lines.push(`10000;${edge}`);
      const table = ok<DatasetTable>(await importTable(alice, await addFile(`${name}.csv`, `${lines.join('\n')}\n`)), `import ${name}`);
      typed.push(table.fields[1]!.type);
      if (table.fields[1]!.type === 'STRING') continue;
      const last = await rows(name, { query: { select: [{ column: name }], groupBy: [], where: [{ column: 'id', is: '=', value: 10_000 }] }, shape: 'RAW' });
      expect(last.rows, name).toEqual([[{ zeros: 7, plus: 7, spaced: 7, half: 12.5, exp: 1000, huge: 9223372036854775807, d_inf: null, d_nan: null, t_hour: 7 * 3600 }[name]]]);
    }
    expect(typed).toEqual(edges.map(([, , type]) => type));

    // A column empty throughout is text; times past 24:00 are seconds.
    const plain = ok<DatasetTable>(await importTable(alice, await addFile('plain.csv', 'trip;stop;dep\n1;;08:00:00\n2;;25:30:00\n')), 'import plain');
    expect(plain.fields.map((f) => f.type)).toEqual(['LONG', 'STRING', 'LONG']);
    expect((await rows('plain', { query: { select: [{ column: 'dep', aggregation: 'SUM' }], groupBy: [], where: [] }, shape: 'RAW' })).rows).toEqual([[8 * 3600 + 25.5 * 3600]]);
  });

  it('imports a 50 MB file', async () => {
    const line = 'person_000001;123456;car;45.123456;home\n';
    const count = Math.ceil((50 * 1024 * 1024) / line.length);
    const body = Buffer.from('person;dep_time;mode;value;activity\n' + line.repeat(count));
    const id = await addFile('big.csv', body);
    const table = ok<DatasetTable>(await importTable(alice, id), 'import big');
    expect(table.rowCount).toBe(count);
    expect((await rows('big', { query: { select: [{ column: 'value', aggregation: 'SUM' }], groupBy: [], where: [] }, shape: 'RAW' })).rows[0]![0]).toBeCloseTo(45.123456 * count, 0);
  }, 120_000);

  it('deletes a table; the file stays', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${scenarioId}/tables/persons`, headers: as(alice) });
    expect(del.statusCode).toBe(200);
    expect((await query(alice, 'persons', { query: { select: [{ column: 'person' }], groupBy: [], where: [] }, shape: 'RAW' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${scenarioId}/tables/persons`, headers: as(alice) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/datasets/files/${fileIds['output_persons.csv.gz']}`, headers: as(alice) })).statusCode).toBe(200);
  });
});

describe('table files', () => {
  it("a deleted dataset's tables are swept from DATA_DIR/tables; others stay", async () => {
    const dir = path.join(t.config.dataDir, 'tables');
    const parquet = async () => (await readdir(dir)).filter((n) => n.endsWith('.parquet')).sort();
    const before = await parquet();
    const gone = await createScenario(t.app, alice, { key: 'gone', name: 'Gone' });
    const [file] = await uploadOk(t.app, alice, [{ name: 'modestats.csv', content: Buffer.from('iteration;car\n0;1.0\n') }]);
    await attach(t.app, alice, gone.id, file!.id);
    ok(await importTable(alice, file!.id, undefined, gone.id), 'import');
    const added = (await parquet()).filter((n) => !before.includes(n));
    expect(added).toHaveLength(1);
    ok(await t.app.inject({ method: 'DELETE', url: `${API}/datasets/datasets/${gone.id}`, headers: as(alice) }), 'delete scenario');

    const engine = await TableEngine.open({ dir });
    try {
      expect(await sweepTableFiles(engine, new TablesRepository(t.database.db), 0)).toBe(1);
    } finally {
      engine.close();
    }
    expect(await parquet()).toEqual(before);
    expect((await rows('output_trips', { query: { select: [{ column: 'trip_id', aggregation: 'COUNT' }], groupBy: [], where: [] }, shape: 'RAW' })).rows).toEqual([[trips.length]]);
  });
});
