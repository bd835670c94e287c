import { describe, expect, it } from 'vitest';
import { datasetOptions } from './datasetOptions.ts';

const labels = { scenarios: 'Scenarios', runs: 'Runs' };
const scenario = { id: 1, name: 'Berlin', key: 'berlin', groupName: 'g' };

describe('Manage Tables dataset options', () => {
  it('lists scenarios then runs by name, runs with their scenario', () => {
    const options = datasetOptions(
      [{ id: 2, name: 'Zurich' }, { id: 1, name: 'Berlin' }],
      [{ id: 9, name: 'b run', scenario }, { id: 8, name: 'a run', scenario: null }],
      labels,
    );
    expect(options).toEqual([
      { group: 'Scenarios', items: [{ value: '1', label: 'Berlin' }, { value: '2', label: 'Zurich' }] },
      { group: 'Runs', items: [{ value: '8', label: 'a run' }, { value: '9', label: 'b run (Berlin)' }] },
    ]);
  });
  it('leaves out empty parts', () => {
    expect(datasetOptions([], [], labels)).toEqual([]);
    expect(datasetOptions([{ id: 1, name: 'A' }], [], labels).map((group) => group.group)).toEqual(['Scenarios']);
  });
});
