import { describe, expect, it } from 'vitest';
import { isMatsimOutputName, noMatsimOutputMessage, runOutputs } from './outputs.ts';

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

describe('whether files hold MATSim output (issue 24)', () => {
  it('knows the files of a MATSim output folder, prefixed, compressed or in ITERS', () => {
    for (const name of [
      'output_config.xml',
      'run7.output_config.xml',
      'output_events.xml.gz',
      'ITERS/it.10/10.events.xml.gz',
      'output_plans.xml.gz',
      'berlin.output_plans.xml.zst',
      'scorestats.csv',
      'modestats.txt',
      'logfile.log',
      'output_trips.csv.gz',
      'output_network.xml.gz',
    ]) {
      expect(isMatsimOutputName(name), name).toBe(true);
    }
  });

  it('does not take notes, pictures or other XML for output', () => {
    for (const name of ['notes.txt', 'picture.png', 'network.xml', 'report.csv', 'events.json', 'README.md']) expect(isMatsimOutputName(name), name).toBe(false);
  });

  it('words the refusal with what was expected and what came', () => {
    expect(noMatsimOutputMessage(['notes.txt', 'picture.png'])).toBe(
      'These files are not a MATSim run: an import needs the files of a MATSim output folder — at least one of output_config.xml, output_events.xml.gz, output_plans.xml.gz or the statistics (scorestats.csv, modestats.csv, logfile.log). The run has: notes.txt, picture.png.',
    );
    expect(noMatsimOutputMessage([])).toMatch(/, and the run has no files\.$/);
  });
});
