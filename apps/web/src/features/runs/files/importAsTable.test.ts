import { describe, expect, it } from 'vitest';
import { isFilesTabImportable } from './importAsTable.ts';

describe('Import as table on the run Files tab', () => {
  it('is offered for .csv and .csv.gz only', () => {
    for (const name of ['output_trips.csv.gz', 'modestats.CSV', 'a/b/scorestats.csv']) expect(isFilesTabImportable(name), name).toBe(true);
    for (const name of ['output_events.xml.gz', 'modestats.txt', 'trips.csv.zst', 'csv', 'x.csv.gz.bak']) {
      expect(isFilesTabImportable(name), name).toBe(false);
    }
  });
});
