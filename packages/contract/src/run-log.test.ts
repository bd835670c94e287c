import { describe, expect, it } from 'vitest';
import { matsimLogFile } from './run-log.ts';

const files = (...names: string[]) => names.map((name, id) => ({ id, name }));

describe("a run's MATSim log among its files (issue 26)", () => {
  it('is logfile.log at the top, prefixed or compressed; not the warnings log, not one in a subfolder', () => {
    expect(matsimLogFile(files('logfileWarningsErrors.log', 'ITERS/logfile.log', 'logfile.log', 'berlin.logfile.log'))?.name).toBe('logfile.log');
    expect(matsimLogFile(files('berlin.logfile.log.gz', 'scorestats.csv'))?.name).toBe('berlin.logfile.log.gz');
    expect(matsimLogFile(files('logfileWarningsErrors.log', 'output/logfile.log', 'mylogfile.log'))).toBeNull();
  });
});
