import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import { addFiles, canImport, DEFAULT_RUN_NAME, fileCountProblem, importBlockers, UPLOAD_MAX_FILES, UPLOAD_MIN_FILES } from './importRules.ts';

const ready = { creating: false, fileCount: 3, name: DEFAULT_RUN_NAME, crs: 'EPSG:25832' };

describe('canImport (spec 3 §5)', () => {
  it('is enabled with a name, a CRS and files, not while creating', () => {
    expect(canImport(ready)).toBe(true);
    expect(canImport({ ...ready, creating: true })).toBe(false);
  });
  it('is disabled without files, with an empty name or an empty or null CRS', () => {
    expect(canImport({ ...ready, fileCount: 0 })).toBe(false);
    expect(canImport({ ...ready, name: '   ' })).toBe(false);
    expect(canImport({ ...ready, crs: null })).toBe(false);
    expect(canImport({ ...ready, crs: '' })).toBe(false);
  });
  it('is disabled with more files than the uploader takes', () => {
    expect(canImport({ ...ready, fileCount: 30 })).toBe(true);
    expect(canImport({ ...ready, fileCount: 31 })).toBe(false);
  });
});

describe('file counts (spec 3 §5, §9)', () => {
  it('takes 1 to 30 files', () => {
    expect([UPLOAD_MIN_FILES, UPLOAD_MAX_FILES]).toEqual([1, 30]);
    expect(fileCountProblem(0)).toEqual({ kind: 'tooFew', limit: 1 });
    expect(fileCountProblem(1)).toBeNull();
    expect(fileCountProblem(30)).toBeNull();
    expect(fileCountProblem(31)).toEqual({ kind: 'tooMany', limit: 30 });
  });
  it("words the messages as the spec does", () => {
    const fill = (text: string, count: number) => text.replace('{{count}}', String(count));
    expect(fill(en.local.tooFew, 1)).toBe('Minimum 1 files need to be added to uploader. Please add more files.');
    expect(fill(en.local.tooMany, 30)).toBe('A maximum of 30 files can be uploaded each time. Please remove some files.');
  });
  it('replaces a listed file by a new one of the same name, keeps the order', () => {
    const listed = [{ name: 'a.csv', v: 1 }, { name: 'b.csv', v: 1 }];
    expect(addFiles(listed, [{ name: 'a.csv', v: 2 }, { name: 'c.csv', v: 1 }])).toEqual([
      { name: 'a.csv', v: 2 },
      { name: 'b.csv', v: 1 },
      { name: 'c.csv', v: 1 },
    ]);
  });
});

describe('importBlockers', () => {
  it('names each thing "Import as Run" waits for, in the form’s order', () => {
    expect(importBlockers({ fileCount: 0, name: ' ', crs: null })).toEqual(['name', 'crs', 'files']);
    expect(importBlockers({ fileCount: 31, name: 'Run', crs: 'EPSG:26910' })).toEqual(['tooMany']);
    expect(importBlockers({ fileCount: 3, name: 'Run', crs: 'EPSG:26910' })).toEqual([]);
  });
});
