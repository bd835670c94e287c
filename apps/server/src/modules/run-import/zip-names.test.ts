import { describe, expect, it } from 'vitest';
import { withoutCommonFolders } from './zip-names.ts';

describe('names of an imported zip’s files', () => {
  it('removes the one top folder of a zipped output folder', () => {
    expect(withoutCommonFolders(['output/scorestats.csv', 'output/ITERS/it.0/0.events.xml.gz'])).toEqual(['scorestats.csv', 'ITERS/it.0/0.events.xml.gz']);
  });

  it('removes every folder all files share, however deep, and keeps the folders below them', () => {
    const names = ['runs/equil/output/scorestats.csv', 'runs/equil/output/ITERS/it.0/0.events.xml.gz', 'runs/equil/output/ITERS/it.1/1.plans.xml.gz'];
    expect(withoutCommonFolders(names)).toEqual(['scorestats.csv', 'ITERS/it.0/0.events.xml.gz', 'ITERS/it.1/1.plans.xml.gz']);
  });

  it('stops at the first folder the files do not share', () => {
    expect(withoutCommonFolders(['runs/a/x.csv', 'runs/b/y.csv'])).toEqual(['a/x.csv', 'b/y.csv']);
    // "it.1" is a folder for one name and missing for the other: only "ITERS/" is shared.
    expect(withoutCommonFolders(['ITERS/it.1/1.plans.xml.gz', 'ITERS/notes.txt'])).toEqual(['it.1/1.plans.xml.gz', 'notes.txt']);
  });

  it('keeps the names when one file is at the top, and a folder name is not a prefix of a file name', () => {
    expect(withoutCommonFolders(['scorestats.csv', 'ITERS/it.0/notes.txt'])).toEqual(['scorestats.csv', 'ITERS/it.0/notes.txt']);
    expect(withoutCommonFolders(['output', 'output/x.csv'])).toEqual(['output', 'output/x.csv']);
    expect(withoutCommonFolders(['out/x.csv', 'output/y.csv'])).toEqual(['out/x.csv', 'output/y.csv']);
  });

  it('leaves a single file its own name, and nothing as nothing', () => {
    expect(withoutCommonFolders(['a/b/scorestats.csv'])).toEqual(['scorestats.csv']);
    expect(withoutCommonFolders([])).toEqual([]);
  });
});
