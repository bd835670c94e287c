import { describe, expect, it } from 'vitest';
import { runOutputs } from './outputs.ts';

const files = (...names: string[]) => names.map((name, id) => ({ id, name }));

describe('the outputs an imported run reads', () => {
  it('finds scorestats, modestats and logfile.log at the top of the folder', () => {
    const found = runOutputs(files('ph_modestats.csv', 'modestats.csv', 'scorestats.csv', 'logfile.log', 'logfileWarningsErrors.log', 'ITERS/it.0/scorestats.csv'));
    expect([found.scorestats?.name, found.modestats?.name, found.logfile?.name]).toEqual(['scorestats.csv', 'modestats.csv', 'logfile.log']);
  });

  it('accepts run-id prefixes and compression, prefers CSV to TXT', () => {
    const found = runOutputs(files('berlin.scorestats.txt', 'berlin.scorestats.csv.gz', 'berlin.modestats.txt', 'berlin.logfile.log'));
    expect([found.scorestats?.name, found.modestats?.name, found.logfile?.name]).toEqual(['berlin.scorestats.csv.gz', 'berlin.modestats.txt', 'berlin.logfile.log']);
  });

  it('answers null for what is missing', () => {
    expect(runOutputs(files('pkm_modestats.csv', 'output_events.xml.gz'))).toEqual({ scorestats: null, modestats: null, logfile: null });
  });
});
