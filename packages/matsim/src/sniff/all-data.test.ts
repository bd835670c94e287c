/**
 * Every file under ../shared/data with the tag it must sniff to. The table must list exactly the files present, so
 * a new data file fails here until someone decides its tag.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { sniff, sniffDetails } from './sniff.ts';
import type { DataTypeTag } from './tags.ts';
import { EXPECTED_TAGS as EXPECTED } from '../../test/expected-tags.ts';


/** Files whose tag (or shapefile part) needs the name: identical content, different meaning. */
const NAME_DECIDES: Record<string, DataTypeTag | null> = {
  'drt-mielec/mielec/mielec.cpg': null, // "UTF-8" alone could be any text
  'output-equil-2026-zst/modeChoiceCoverage10x.txt': 'modestats', // same header and values as modestats.txt
  'output-equil-2026-zst/modeChoiceCoverage1x.txt': 'modestats',
  'output-equil-2026-zst/modeChoiceCoverage5x.txt': 'modestats',
};

describe('sniffing every shared data file', () => {
  test('the table covers exactly the files present', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(allSharedDataFiles());
  });

  test.each(Object.entries(EXPECTED))('%s → %s', async (file, tag) => {
    expect(await sniff(sharedData(file))).toBe(tag);
  });

  test('content decides, not the name: the same bytes under a meaningless name get the same tag', async () => {
    const differences: Record<string, DataTypeTag | null> = {};
    for (const [file, tag] of Object.entries(EXPECTED)) {
      const blind = await sniff(readFileSync(sharedData(file)), 'upload.bin');
      if (blind !== tag) differences[file] = blind;
    }
    expect(differences).toEqual(NAME_DECIDES);
  });

  test('compression is reported per file and the shapefile parts are told apart', async () => {
    const compressions = new Map<string, string>();
    for (const file of Object.keys(EXPECTED)) {
      const { compression } = await sniffDetails(sharedData(file));
      const expected = file.endsWith('.gz') ? 'gzip' : file.endsWith('.zst') ? 'zstd' : 'none';
      if (compression !== expected) compressions.set(file, compression);
    }
    expect(compressions).toEqual(new Map());

    const parts: Record<string, string | undefined> = {};
    for (const ext of ['shp', 'shx', 'dbf', 'prj', 'cpg', 'qpj']) {
      parts[ext] = (await sniffDetails(sharedData(`drt-mielec/mielec/mielec.${ext}`))).shapefilePart;
    }
    expect(parts).toEqual({ shp: 'shp', shx: 'shx', dbf: 'dbf', prj: 'prj', cpg: 'cpg', qpj: 'qpj' });
  });
});
