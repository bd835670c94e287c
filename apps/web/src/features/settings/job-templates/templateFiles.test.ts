import type { JobFile } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { fileTree, filesRequest, isZip, sameFiles, uploadCountProblem, withFile, type TemplateFileValue } from './templateFiles.ts';

const jobFile = (id: number, name: string, zip: boolean): JobFile => ({ id, name, size: 1, added: '2025-01-01T00:00:00.000Z', zip });
const value = (fileId: number, name: string, extractArchive = false): TemplateFileValue => ({ fileId, name, extractArchive });

describe('template files', () => {
  it('knows zips from the job file list, else by name', () => {
    expect(isZip(1, 'tools.bin', [jobFile(1, 'tools.bin', true)])).toBe(true);
    expect(isZip(2, 'Tools.ZIP', [])).toBe(true);
    expect(isZip(3, 'notes.txt', undefined)).toBe(false);
  });

  it('adds a file once; the request carries name and extract', () => {
    const files = withFile(withFile([], jobFile(1, 'a.zip', true)), jobFile(1, 'a.zip', true));
    expect(files).toEqual([value(1, 'a.zip')]);
    expect(filesRequest([value(1, 'lib/a.zip', true)])).toEqual([{ fkUserFile: 1, name: 'lib/a.zip', extractArchive: true }]);
    expect(sameFiles([value(1, 'a.zip')], [value(1, 'a.zip')])).toBe(true);
    expect(sameFiles([value(1, 'a.zip')], [value(1, 'a.zip', true)])).toBe(false);
  });

  it('allows 1 to 5 files per upload', () => {
    expect(uploadCountProblem(0)).toEqual({ code: 'tooFew', count: 1 });
    expect(uploadCountProblem(1)).toBeNull();
    expect(uploadCountProblem(5)).toBeNull();
    expect(uploadCountProblem(6)).toEqual({ code: 'tooMany', count: 5 });
  });

  it('previews the folder next to the config: config first, folders, then files; extracted zips marked', () => {
    const tree = fileTree([value(1, 'notes.txt'), value(2, 'lib/tools.zip', true), value(3, 'lib/a.jar'), value(4, 'b.zip')]);
    const flat = (nodes: typeof tree, depth = 0): string[] => nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.name} ${n.kind}`, ...flat(n.children, depth + 1)]);
    expect(flat(tree)).toEqual(['config.xml config', 'lib folder', '  a.jar file', '  tools.zip extracted', 'b.zip file', 'notes.txt file']);
  });
});
