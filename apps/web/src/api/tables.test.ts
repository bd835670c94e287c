import type { DatasetTable } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { fileImportState, importedTableName, tablesByFile } from './tables.ts';

const table = (name: string, userFileId: number | null): DatasetTable => ({ name, userFileId, fields: [], fileName: null, rowCount: null, live: false });

describe('table imports', () => {
  it('names the table after the answer, else the request, else the file', () => {
    expect(importedTableName({ name: 'trips' }, 'x', 'output_trips.csv.gz')).toBe('trips');
    expect(importedTableName(undefined, '  mine ', 'output_trips.csv.gz')).toBe('mine');
    expect(importedTableName({ ok: true }, '   ', 'output_trips.csv.gz')).toBe('output_trips');
  });
  it('finds the first table made from each file and skips live tables', () => {
    const byFile = tablesByFile([table('memory', null), table('a', 3), table('b', 3), table('c', 4)]);
    expect([...byFile]).toEqual([
      [3, 'a'],
      [4, 'c'],
    ]);
    expect(tablesByFile(undefined).size).toBe(0);
  });
  it("prefers the page's own state over the catalogue", () => {
    expect(fileImportState(undefined, undefined, true)).toBeUndefined();
    expect(fileImportState(undefined, 'a', true)).toEqual({ status: 'imported', table: 'a' });
    expect(fileImportState({ status: 'loading' }, 'a', true)).toEqual({ status: 'loading' });
    expect(fileImportState({ status: 'error', message: 'bad' }, undefined, true)).toEqual({ status: 'error', message: 'bad' });
    expect(fileImportState({ status: 'imported', table: 'b' }, 'a', true)).toEqual({ status: 'imported', table: 'b' });
  });
  it('drops an own "imported" once the loaded catalogue has no table of the file (deleted since)', () => {
    expect(fileImportState({ status: 'imported', table: 'b' }, undefined, true)).toBeUndefined();
    expect(fileImportState({ status: 'imported', table: 'b' }, undefined, false)).toEqual({ status: 'imported', table: 'b' });
  });
});
