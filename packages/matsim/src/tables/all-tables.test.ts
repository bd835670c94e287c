/** Every output table in the shared data, read with its exact row and column counts. */
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { sniff } from '../sniff/sniff.ts';
import type { TableKind } from './kinds.ts';
import { readTable } from './reader.ts';

/** [file, data rows, columns]; trailing empty cells of the 2022 files are not columns. */
const TABLES: [string, number, number][] = [
  ['output-equil-2022-txt/ITERS/it.0/0.legHistogram.txt', 2, 10],
  ['output-equil-2022-txt/ITERS/it.0/0.legdurations.txt', 4, 14],
  ['output-equil-2022-txt/ITERS/it.0/0.legs.csv.gz', 201, 18],
  ['output-equil-2022-txt/ITERS/it.0/0.trips.csv.gz', 201, 23],
  ['output-equil-2022-txt/ITERS/it.1/1.legHistogram.txt', 2, 10],
  ['output-equil-2022-txt/ITERS/it.1/1.legdurations.txt', 4, 14],
  ['output-equil-2022-txt/ITERS/it.2/2.legHistogram.txt', 2, 10],
  ['output-equil-2022-txt/ITERS/it.2/2.legdurations.txt', 4, 14],
  ['output-equil-2022-txt/ITERS/it.3/3.legHistogram.txt', 2, 10],
  ['output-equil-2022-txt/ITERS/it.3/3.legdurations.txt', 4, 14],
  ['output-equil-2022-txt/ITERS/it.4/4.legHistogram.txt', 2, 10],
  ['output-equil-2022-txt/ITERS/it.4/4.legdurations.txt', 4, 14],
  ['output-equil-2022-txt/ITERS/it.5/5.legHistogram.txt', 2, 10],
  ['output-equil-2022-txt/ITERS/it.5/5.legdurations.txt', 4, 14],
  ['output-equil-2022-txt/ITERS/it.5/5.legs.csv.gz', 201, 18],
  ['output-equil-2022-txt/ITERS/it.5/5.trips.csv.gz', 201, 23],
  ['output-equil-2022-txt/modestats.txt', 6, 2],
  ['output-equil-2022-txt/output_legs.csv.gz', 201, 18],
  ['output-equil-2022-txt/output_persons.csv.gz', 100, 5],
  ['output-equil-2022-txt/output_trips.csv.gz', 201, 23],
  ['output-equil-2022-txt/ph_modestats.txt', 6, 5],
  ['output-equil-2022-txt/pkm_modestats.txt', 6, 2],
  ['output-equil-2022-txt/scorestats.txt', 6, 5],
  ['output-equil-2022-txt/stopwatch.txt', 6, 32],
  ['output-equil-2022-txt/traveldistancestats.txt', 6, 3],
  ['output-equil-2024/ITERS/it.0/0.activities.csv.gz', 301, 11],
  ['output-equil-2024/ITERS/it.0/0.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.0/0.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.0/0.legs.csv.gz', 201, 18],
  ['output-equil-2024/ITERS/it.0/0.trips.csv.gz', 201, 23],
  ['output-equil-2024/ITERS/it.1/1.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.1/1.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.10/10.activities.csv.gz', 301, 11],
  ['output-equil-2024/ITERS/it.10/10.countscompare.txt', 0, 8],
  ['output-equil-2024/ITERS/it.10/10.countscompareAWTV.txt', 0, 5],
  ['output-equil-2024/ITERS/it.10/10.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.10/10.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.10/10.legs.csv.gz', 201, 18],
  ['output-equil-2024/ITERS/it.10/10.trips.csv.gz', 201, 23],
  ['output-equil-2024/ITERS/it.2/2.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.2/2.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.3/3.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.3/3.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.4/4.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.4/4.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.5/5.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.5/5.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.6/6.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.6/6.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.7/7.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.7/7.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.8/8.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.8/8.legdurations.txt', 4, 14],
  ['output-equil-2024/ITERS/it.9/9.legHistogram.txt', 2, 10],
  ['output-equil-2024/ITERS/it.9/9.legdurations.txt', 4, 14],
  ['output-equil-2024/modestats.csv', 11, 2],
  ['output-equil-2024/output_activities.csv.gz', 301, 11],
  ['output-equil-2024/output_legs.csv.gz', 201, 18],
  ['output-equil-2024/output_links.csv.gz', 23, 11],
  ['output-equil-2024/output_persons.csv.gz', 100, 5],
  ['output-equil-2024/output_trips.csv.gz', 201, 23],
  ['output-equil-2024/ph_modestats.csv', 11, 5],
  ['output-equil-2024/pkm_modestats.csv', 11, 2],
  ['output-equil-2024/scorestats.csv', 11, 5],
  ['output-equil-2024/stopwatch.csv', 11, 35],
  ['output-equil-2024/traveldistancestats.csv', 11, 3],
  ['output-equil-2026-zst/ITERS/it.0/0.activities.csv.zst', 301, 11],
  ['output-equil-2026-zst/ITERS/it.0/0.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.0/0.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.0/0.legs.csv.zst', 603, 19],
  ['output-equil-2026-zst/ITERS/it.0/0.trips.csv.zst', 201, 23],
  ['output-equil-2026-zst/ITERS/it.1/1.activities.csv.zst', 301, 11],
  ['output-equil-2026-zst/ITERS/it.1/1.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.1/1.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.1/1.legs.csv.zst', 603, 19],
  ['output-equil-2026-zst/ITERS/it.1/1.trips.csv.zst', 201, 23],
  ['output-equil-2026-zst/ITERS/it.10/10.activities.csv.zst', 301, 11],
  ['output-equil-2026-zst/ITERS/it.10/10.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.10/10.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.10/10.legs.csv.zst', 603, 19],
  ['output-equil-2026-zst/ITERS/it.10/10.trips.csv.zst', 201, 23],
  ['output-equil-2026-zst/ITERS/it.2/2.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.2/2.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.3/3.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.3/3.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.4/4.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.4/4.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.5/5.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.5/5.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.6/6.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.6/6.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.7/7.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.7/7.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.8/8.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.8/8.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/ITERS/it.9/9.legHistogram.txt', 362, 14],
  ['output-equil-2026-zst/ITERS/it.9/9.legdurations.txt', 6, 14],
  ['output-equil-2026-zst/modeChoiceCoverage10x.txt', 11, 2],
  ['output-equil-2026-zst/modeChoiceCoverage1x.txt', 11, 2],
  ['output-equil-2026-zst/modeChoiceCoverage5x.txt', 11, 2],
  ['output-equil-2026-zst/modestats.csv', 11, 2],
  ['output-equil-2026-zst/output_activities.csv.zst', 301, 11],
  ['output-equil-2026-zst/output_legs.csv.zst', 603, 19],
  ['output-equil-2026-zst/output_links.csv.zst', 23, 11],
  ['output-equil-2026-zst/output_persons.csv.zst', 100, 5],
  ['output-equil-2026-zst/output_trips.csv.zst', 201, 23],
  ['output-equil-2026-zst/ph_modestats.csv', 11, 7],
  ['output-equil-2026-zst/pkm_modestats.csv', 11, 3],
  ['output-equil-2026-zst/scorestats.csv', 11, 5],
  ['output-equil-2026-zst/stopwatch.csv', 11, 32],
  ['output-equil-2026-zst/traveldistancestats.csv', 11, 3],
  ['output-newwest-2024/modestats.csv', 1, 2],
  ['output-newwest-2024/output_activities.csv.gz', 1350, 11],
  ['output-newwest-2024/output_legs.csv.gz', 900, 18],
  ['output-newwest-2024/output_links.csv.gz', 72266, 14],
  ['output-newwest-2024/output_persons.csv.gz', 450, 5],
  ['output-newwest-2024/output_trips.csv.gz', 900, 23],
  ['output-newwest-2024/ph_modestats.csv', 1, 5],
  ['output-newwest-2024/pkm_modestats.csv', 1, 2],
  ['output-newwest-2024/scorestats.csv', 1, 5],
  ['output-newwest-2024/stopwatch.csv', 1, 29],
  ['output-newwest-2024/traveldistancestats.csv', 1, 3],
];

describe('every table in the shared data', () => {
  test('the list holds exactly the files that sniff to a table kind', async () => {
    const tables: string[] = [];
    for (const file of allSharedDataFiles()) {
      const tag = await sniff(sharedData(file));
      if (tag && TABLE_TAGS.has(tag)) tables.push(file);
    }
    expect(TABLES.map(([file]) => file)).toEqual(tables);
  });

  test.each(TABLES)('%s has %i rows of %i columns', async (file, rows, columns) => {
    const kind = (await sniff(sharedData(file))) as TableKind;
    const table = await readTable(sharedData(file), kind);
    expect(table.columns).toHaveLength(columns);
    let count = 0;
    for await (const cells of table.rows) {
      count++;
      // legdurations ends with a one-cell summary line; every other row is as wide as the header.
      if (kind !== 'legdurations') expect(cells.length).toBe(columns);
    }
    expect(count).toBe(rows);
  });
});

const TABLE_TAGS = new Set<string>([
  'scorestats', 'modestats', 'ph_modestats', 'pkm_modestats', 'modeChoiceCoverage', 'traveldistancestats', 'stopwatch',
  'trips', 'legs', 'persons', 'activities', 'links', 'legHistogram', 'legdurations', 'countscompare', 'countscompareAWTV',
]);
