import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputDirectory, prepareOutputDirectory, writesEvents } from './output.ts';

describe('output directory', () => {
  it('names files like MATSim, with the runId prefix when set', () => {
    expect(outputDirectory('/o', undefined).file('output_plans.xml.gz')).toBe('/o/output_plans.xml.gz');
    expect(outputDirectory('/o', 'run1').file('output_plans.xml.gz')).toBe('/o/run1.output_plans.xml.gz');
    expect(outputDirectory('/o', undefined).iterationFile(3, 'events.xml.gz')).toBe('/o/ITERS/it.3/3.events.xml.gz');
  });

  it('applies the overwrite policy to a non-empty directory', () => {
    const root = mkdtempSync(join(tmpdir(), 'engine-out-'));
    writeFileSync(join(root, 'old.txt'), 'x');
    expect(() => prepareOutputDirectory(root, 'failIfDirectoryExists')).toThrow(/exists and is not empty/);
    prepareOutputDirectory(root, 'overwriteExistingFiles');
    expect(existsSync(join(root, 'old.txt'))).toBe(true);
    prepareOutputDirectory(root, 'deleteDirectoryIfExists');
    expect(existsSync(join(root, 'old.txt'))).toBe(false);
    expect(existsSync(join(root, 'ITERS'))).toBe(true);
    const empty = join(root, 'fresh');
    mkdirSync(empty);
    prepareOutputDirectory(empty, 'failIfDirectoryExists');
    expect(existsSync(join(empty, 'tmp'))).toBe(true);
  });

  it('writes events at the interval, at iteration 0 and always at the last iteration', () => {
    expect([0, 1, 5, 10, 12].map((n) => writesEvents(n, 5, 12))).toEqual([true, false, true, true, true]);
    expect(writesEvents(3, 0, 4)).toBe(false);
    expect(writesEvents(4, 0, 4)).toBe(true);
  });
});
