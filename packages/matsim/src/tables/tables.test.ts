import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { sharedData } from '../../test/data.ts';
import {
  detectDelimiter,
  readCsvRows,
  readLegs,
  readModeStats,
  readScoreStats,
  readStopwatch,
  readTable,
  readTravelDistanceStats,
  readTrips,
  tableKindsOf,
  type LegRecord,
  type TripRecord,
} from './index.ts';
import { formatError } from '../../test/variants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

const failure = (run: () => Promise<unknown>) => formatError(run());

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('scorestats', () => {
  test('equil-2024 scorestats.csv: 11 iterations with the CSV header', async () => {
    const stats = await readScoreStats(sharedData('output-equil-2024/scorestats.csv'));
    expect(stats.columns).toEqual(['iteration', 'avg_executed', 'avg_worst', 'avg_average', 'avg_best']);
    expect(stats.rows).toHaveLength(11);
    expect(stats.entries[10]).toEqual({
      iteration: 10,
      executed: 65.08951475975822,
      worst: 64.91288539835537,
      average: 65.01540041691135,
      best: 65.09214313294707,
    });
    expect(stats.rows[0]).toEqual([0, 64.75686659291274, 64.75686659291274, 64.75686659291274, 64.75686659291274]);
  });

  test('the 2022 scorestats.txt maps its old header to the same view, with the same numbers (same seed)', async () => {
    const txt = await readScoreStats(sharedData('output-equil-2022-txt/scorestats.txt'));
    const csv = await readScoreStats(sharedData('output-equil-2024/scorestats.csv'));
    expect(txt.columns).toEqual(['ITERATION', 'avg. EXECUTED', 'avg. WORST', 'avg. AVG', 'avg. BEST']);
    expect(txt.entries).toHaveLength(6);
    expect(txt.entries).toEqual(csv.entries.slice(0, 6));
    expect(txt.entries[5]!.executed).toBe(65.00593897973506);
  });

  test('negative scores (2026 zst run) and a single iteration (newwest)', async () => {
    const zst = await readScoreStats(sharedData('output-equil-2026-zst/scorestats.csv'));
    expect(zst.entries.at(-1)).toEqual({
      iteration: 10,
      executed: -14.558326688763753,
      worst: -14.791850568048295,
      average: -14.65730039354534,
      best: -14.555130962409258,
    });
    const newwest = await readScoreStats(sharedData('output-newwest-2024/scorestats.csv'));
    expect(newwest.entries).toEqual([
      { iteration: 0, executed: 109.72991816158304, worst: 109.72991816158304, average: 109.72991816158304, best: 109.72991816158304 },
    ]);
  });
});

describe('mode statistics', () => {
  test('modestats.txt and modestats.csv: shares per mode', async () => {
    const txt = await readModeStats(sharedData('output-equil-2022-txt/modestats.txt'));
    expect(txt.modes).toEqual(['car']);
    expect(txt.entries.map((e) => e.values.car)).toEqual([1, 1, 1, 1, 1, 1]);
    const csv = await readModeStats(sharedData('output-equil-2024/modestats.csv'));
    expect(csv.columns).toEqual(['iteration', 'car']);
    expect(csv.rows).toHaveLength(11);
  });

  test('ph_ and pkm_modestats of the 2026 run, walk included', async () => {
    const ph = await readModeStats(sharedData('output-equil-2026-zst/ph_modestats.csv'));
    expect(ph.modes).toEqual(['car_travel', 'car_wait', 'stageActivity_travel', 'stageActivity_wait', 'walk_travel', 'walk_wait']);
    expect(ph.entries[10]).toEqual({
      iteration: 10,
      values: { car_travel: 91, car_wait: 0, stageActivity_travel: 0, stageActivity_wait: 0, walk_travel: 871, walk_wait: 0 },
    });
    const pkm = await readModeStats(sharedData('output-equil-2026-zst/pkm_modestats.csv'));
    expect(pkm.entries[0]).toEqual({ iteration: 0, values: { car: 9000, walk: 2613 } });
    const pkmTxt = await readModeStats(sharedData('output-equil-2022-txt/pkm_modestats.txt'));
    expect(pkmTxt.rows).toEqual([0, 1, 2, 3, 4, 5].map((i) => [i, 9000]));
  });

  test('modeChoiceCoverage reads as a per-mode table', async () => {
    const coverage = await readModeStats(sharedData('output-equil-2026-zst/modeChoiceCoverage1x.txt'));
    expect(coverage.entries.every((e) => e.values.car === 1)).toBe(true);
    expect(coverage.rows).toHaveLength(11);
  });
});

describe('traveldistancestats', () => {
  test('the .txt rows end with a tab; the .csv ones do not; both read alike', async () => {
    const txt = await readTravelDistanceStats(sharedData('output-equil-2022-txt/traveldistancestats.txt'));
    expect(txt.columns).toEqual(['ITERATION', 'avg. Average Leg distance', 'avg. Average Trip distance']);
    expect(txt.entries[0]).toEqual({ iteration: 0, averageLegDistance: 44776.119402985074, averageTripDistance: 44776.119402985074 });
    expect(txt.rows).toHaveLength(6);
    const zst = await readTravelDistanceStats(sharedData('output-equil-2026-zst/traveldistancestats.csv'));
    expect(zst.entries[3]).toEqual({ iteration: 3, averageLegDistance: 19258.70646766169, averageTripDistance: 57776.119402985074 });
  });
});

describe('stopwatch', () => {
  test('equil-2024: marks are clock times and operations durations, both in seconds; empty cells are null', async () => {
    const watch = await readStopwatch(sharedData('output-equil-2024/stopwatch.csv'));
    expect(watch.columns).toHaveLength(35);
    expect(watch.rows).toHaveLength(11);
    const first = watch.entries[0]!;
    expect(first.iteration).toBe(0);
    expect(Object.keys(first.timestamps)).toHaveLength(22);
    expect(first.timestamps['BEGIN iteration']).toBe(8 * 3600 + 26 * 60 + 40);
    expect(first.timestamps['END iteration']).toBe(8 * 3600 + 26 * 60 + 41);
    expect(first.timestamps['BEGIN replanning']).toBeNull();
    expect(Object.keys(first.durations)).toEqual([
      'iterationStartsListeners', 'replanning', 'dump all plans', 'beforeMobsimListeners', 'prepareForMobsim', 'mobsim',
      'afterMobsimListeners', 'scoring', 'compare with counts', 'iterationEndsListeners', 'iteration',
    ]);
    expect(first.durations.iteration).toBe(1);
    expect(first.durations.replanning).toBeNull();
    expect(watch.columns[23]).toBe('');
    expect(watch.rows[0]![23]).toBeNull(); // the empty separator column
  });

  test('the 2022 .txt and newwest (no replanning) read too', async () => {
    const txt = await readStopwatch(sharedData('output-equil-2022-txt/stopwatch.txt'));
    expect(txt.columns[0]).toBe('Iteration');
    expect(txt.entries[0]!.timestamps['BEGIN iteration']).toBe(15 * 3600 + 12 * 60 + 12);
    expect(txt.entries[0]!.durations.iteration).toBe(1);
    const newwest = await readStopwatch(sharedData('output-newwest-2024/stopwatch.csv'));
    expect(newwest.entries[0]!.durations.mobsim).toBe(6);
    expect(newwest.entries[0]!.durations.iteration).toBe(7);
    expect('replanning' in newwest.entries[0]!.durations).toBe(false);
  });
});

describe('trips and legs', () => {
  test('newwest trips: 900 typed records, the last as in the file', async () => {
    const trips = await all(readTrips(sharedData('output-newwest-2024/output_trips.csv.gz')));
    expect(trips).toHaveLength(900);
    expect(trips.at(-1)).toEqual<TripRecord>({
      person: 'p_99',
      tripNumber: 2,
      tripId: 'p_99_2',
      depTime: 15 * 3600 + 32 * 60 + 22,
      travTime: 5 * 60 + 36,
      waitTime: 0,
      traveledDistance: 1877,
      euclideanDistance: 701,
      mainMode: 'car',
      longestDistanceMode: 'car',
      modes: ['car'],
      startActivityType: 'work',
      endActivityType: 'home',
      startLink: '354825340004f',
      startX: 508488.81249288784,
      startY: 5452759.732999326,
      endLink: '869744110010f',
      endX: 507805.0563200971,
      endY: 5452914.504073296,
    });
    expect(trips.reduce((sum, trip) => sum + trip.traveledDistance!, 0)).toBe(6145983);
  });

  test('2022 trips (CRLF, no main_mode) and 2026 trips (walk-car-walk)', async () => {
    const old = await all(readTrips(sharedData('output-equil-2022-txt/output_trips.csv.gz')));
    expect(old).toHaveLength(201);
    expect(old[0]!.mainMode).toBeUndefined();
    expect(old[0]!.longestDistanceMode).toBe('car');
    expect(old[0]!.travTime).toBe(15 * 60 + 28);
    const recent = await all(readTrips(sharedData('output-equil-2026-zst/output_trips.csv.zst')));
    expect(recent[0]!.modes).toEqual(['walk', 'car', 'walk']);
    expect(recent[0]!.travTime).toBe(4 * 3600 + 35 * 60 + 51);
  });

  test('2026 legs: network_mode on car legs only, no vehicle on walk legs', async () => {
    const legs = await all(readLegs(sharedData('output-equil-2026-zst/output_legs.csv.zst')));
    expect(legs).toHaveLength(603);
    expect(legs.slice(-2)).toEqual<LegRecord[]>([
      {
        person: '100', tripId: '100_2', depTime: 13 * 3600 + 17 * 60 + 3, travTime: 39 * 60 + 1, waitTime: 0, distance: 65000,
        mode: 'car', networkMode: 'car', startLink: '20', startX: 5000, startY: 0, endLink: '1', endX: -20000, endY: 0, vehicleId: '100',
      },
      {
        person: '100', tripId: '100_2', depTime: 13 * 3600 + 56 * 60 + 4, travTime: 2 * 3600 + 10 * 60, waitTime: 0, distance: 6500,
        mode: 'walk', startLink: '1', startX: -20000, startY: 0, endLink: '1', endX: -25000, endY: 0,
      },
    ]);
    const old = await all(readLegs(sharedData('output-equil-2022-txt/output_legs.csv.gz')));
    expect(old).toHaveLength(201);
    expect(old.every((leg) => leg.networkMode === undefined && leg.mode === 'car')).toBe(true);
  });

  test('a legs file is not a trips file', async () => {
    const error = await failure(() => all(readTrips(sharedData('output-equil-2024/output_legs.csv.gz'))));
    expect(error.code).toBe('unexpected-root');
  });
});

describe('generic rows', () => {
  test('newwest links: 72,266 rows with WKT geometry, streamed', async () => {
    let count = 0;
    let last: Record<string, string> | undefined;
    for await (const row of readCsvRows(sharedData('output-newwest-2024/output_links.csv.gz'), 'links')) {
      count++;
      last = row;
    }
    expect(count).toBe(72266);
    expect(last!.link).toBe('9992792410000r');
    expect(last!.type).toBe('service');
    expect(last!.geometry).toBe('LINESTRING( 497204.8332278852 5453493.3691792805, 497222.9737553641 5453520.307565033 )');
  });

  test('persons and activities', async () => {
    const persons = await all(readCsvRows(sharedData('output-newwest-2024/output_persons.csv.gz')));
    expect(persons).toHaveLength(450);
    expect(persons.at(-1)).toEqual({
      person: 'p_99', executed_score: '126.78570592861414', first_act_x: '507805.0563200971', first_act_y: '5452914.504073296', first_act_type: 'home',
    });
    const activities = await all(readCsvRows(sharedData('output-newwest-2024/output_activities.csv.gz'), 'activities'));
    expect(activities).toHaveLength(1350);
    expect(activities.at(-1)).toMatchObject({ activity_id: 'p_99_3', start_time: '56278.0', end_time: '' });
  });

  test('stopping early releases the input', async () => {
    const table = await readTable(sharedData('output-newwest-2024/output_links.csv.gz'));
    const first = await table.rows.next();
    expect(first.value).toHaveLength(14);
    await table.rows.return(undefined);
    expect((await table.rows.next()).done).toBe(true);
  });

  test('quoted cells may hold the delimiter; comma-separated tables work too', async () => {
    const quoted = await all(readCsvRows(bytes('person;activity_type\n1;"home;long"\n')));
    expect(quoted).toEqual([{ person: '1', activity_type: 'home;long' }]);
    const commas = await readTable(bytes('iteration,avg_executed,avg_worst,avg_average,avg_best\n0,1.0,2.0,3.0,4.0\n'));
    expect(commas.delimiter).toBe(',');
    expect((await readScoreStats(bytes('iteration,avg_executed,avg_worst,avg_average,avg_best\n0,1.0,2.0,3.0,4.0\n'))).entries[0]!.best).toBe(4);
  });
});

describe('kinds and delimiters', () => {
  test('header lines', () => {
    expect(detectDelimiter('ITERATION\tavg. EXECUTED\tavg. WORST')).toBe('\t');
    expect(detectDelimiter('iteration;car')).toBe(';');
    expect(detectDelimiter('iteration')).toBe(';');
    expect(tableKindsOf(['Iteration', 'car'])).toEqual(['modestats', 'pkm_modestats', 'modeChoiceCoverage']);
    expect(tableKindsOf(['iteration', 'car'])).toEqual(['modestats']);
    expect(tableKindsOf(['Iteration', 'car_travel', 'car_wait'])).toEqual(['ph_modestats']);
    expect(tableKindsOf(['a', 'b'])).toEqual([]);
  });
});

describe('bad input', () => {
  test('a truncated gzip table is reported as truncated', async () => {
    const gz = readFileSync(sharedData('output-newwest-2024/output_trips.csv.gz'));
    const error = await failure(() => all(readTrips(gz.subarray(0, gz.length >> 1))));
    expect(error.code).toBe('truncated');
  });

  test('damaged gzip data is corrupt-compression', async () => {
    const damaged = Buffer.from(gzipSync(bytes('person;trip_id;dep_time\n'.repeat(2000))));
    damaged.fill(0x55, 40, 80);
    expect((await failure(() => all(readCsvRows(damaged)))).code).toBe('corrupt-compression');
  });

  test('a cell that is not a number names its line', async () => {
    const error = await failure(() => readScoreStats(bytes('iteration;avg_executed;avg_worst;avg_average;avg_best\n0;1.0;1.0;1.0;1.0\n1;x;1.0;1.0;1.0\n')));
    expect(error.code).toBe('invalid-value');
    expect(error.line).toBe(3);
    expect(error.message).toMatch(/"x" in column "avg_executed"/);
  });

  test('a bad time in a trips row names its line', async () => {
    const trips = 'person;trip_number;trip_id;dep_time;trav_time\np;1;p_1;06:00:00;00:10:00\np;2;p_2;soon;00:10:00\n';
    const error = await failure(() => all(readTrips(bytes(trips))));
    expect(error.code).toBe('invalid-value');
    expect(error.line).toBe(3);
  });

  test('a row wider than its header, an unclosed quote and an empty file are malformed', async () => {
    expect((await failure(() => all(readCsvRows(bytes('a;b\n1;2;3\n'))))).code).toBe('malformed-csv');
    const quote = await failure(() => all(readCsvRows(bytes('person;trip_id\n1;"open\n2;x\n'))));
    expect(quote.code).toBe('malformed-csv');
    expect((await failure(() => readTable(new Uint8Array(0)))).code).toBe('malformed-csv');
    expect((await failure(() => readTable(bytes('\n\n')))).code).toBe('malformed-csv');
  });

  test('the wrong statistics file is refused', async () => {
    expect((await failure(() => readScoreStats(sharedData('output-equil-2024/modestats.csv')))).code).toBe('unexpected-root');
    expect((await failure(() => readStopwatch(sharedData('output-equil-2024/scorestats.csv')))).code).toBe('unexpected-root');
    expect((await failure(() => readModeStats(sharedData('equil/network.xml')))).code).toBe('unexpected-root');
  });
});
