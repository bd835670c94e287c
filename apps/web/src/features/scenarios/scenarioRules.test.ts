import type { FileEntry } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { networkJob } from '../../api/scenarios.ts';
import { canStartRun, configFile, editorAvailability } from './scenarioRules.ts';

const ADDED = '2026-01-01T12:00:00.000Z';
const addedAt = Date.parse(ADDED);

function file(id: number, tag: string | null, added = ADDED): FileEntry {
  return { id, name: `f${id}`, size: 1, added, modified: added, type: 'user', tag, usages: [], attributes: {} };
}

describe('scenario rules', () => {
  it('start a run needs a config and a network file', () => {
    expect(canStartRun([file(1, 'config_v2'), file(2, 'network_v2')])).toBe(true);
    expect(canStartRun([file(1, 'config_v2'), file(2, 'population_v6')])).toBe(false);
    expect(canStartRun([file(2, 'network_v2')])).toBe(false);
  });

  it('finds the config file by its tag', () => {
    expect(configFile([file(1, null), file(2, 'config_v1')])?.id).toBe(2);
    expect(configFile([file(1, 'network_v2')])).toBeUndefined();
  });

  it('reads the network job leniently', () => {
    expect(networkJob({ attributes: {} })).toBeUndefined();
    expect(networkJob({ attributes: { networkPostProcessingJob: { status: 'FAILED', fileId: 3 } } })).toEqual({
      status: 'FAILED',
      fileId: 3,
      updated: undefined,
      logFile: 'network-processing.log',
    });
  });
});

describe('editorAvailability', () => {
  const withJob = (status: string) => ({
    files: [file(1, 'network_v2')],
    attributes: { networkPostProcessingJob: { status, fileId: 1 } },
  });

  it('follows the network job when there is one', () => {
    expect(editorAvailability(withJob('FINISHED'), addedAt).available).toBe(true);
    expect(editorAvailability(withJob('STARTED'), addedAt + 60_000)).toEqual({ available: false });
    expect(editorAvailability(withJob('FAILED'), addedAt + 60_000)).toEqual({ available: false });
  });

  it('without a job waits 10 seconds after the network was added, and says when to look again', () => {
    const scenario = { files: [file(1, 'network_v2')], attributes: {} };
    expect(editorAvailability(scenario, addedAt + 5_000)).toEqual({ available: false, recheckAt: addedAt + 10_001 });
    expect(editorAvailability(scenario, addedAt + 10_001)).toEqual({ available: true });
  });

  it('ignores a job about another network file', () => {
    const scenario = { files: [file(2, 'network_v2')], attributes: { networkPostProcessingJob: { status: 'FINISHED', fileId: 1 } } };
    expect(editorAvailability(scenario, addedAt + 5_000).available).toBe(false);
    expect(editorAvailability(scenario, addedAt + 10_001).available).toBe(true);
  });

  it('needs exactly one network file', () => {
    expect(editorAvailability({ files: [], attributes: {} }, addedAt).available).toBe(false);
    const two = { files: [file(1, 'network_v2'), file(2, 'network_v2')], attributes: {} };
    expect(editorAvailability(two, addedAt + 60_000).available).toBe(false);
  });
});
