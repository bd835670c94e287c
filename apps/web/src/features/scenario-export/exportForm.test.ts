import type { FileEntry } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { exportRequest, initialExport, moved, validateExport } from './exportForm.ts';

const file = (id: number, name: string, tag: string | null): FileEntry => ({
  id,
  name,
  size: 1,
  added: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
  type: 'user',
  tag,
  usages: [],
  attributes: {},
});

describe('the export form', () => {
  const scenario = { files: [file(1, 'config.xml', 'config_v2'), file(2, 'network.xml', 'network_v2'), file(3, 'plans.xml', 'population_v6'), file(4, 'counts.xml', null)] };

  it('prefills the roles by tag and chooses no changeset', () => {
    const values = initialExport(scenario);
    expect(values.files).toMatchObject({ config: '1', network: '2', population: '3', facilities: null });
    expect(values.changesets).toEqual([]);
    expect(validateExport(values)).toEqual({});
  });

  it('needs a config and a network', () => {
    const values = initialExport({ files: [file(3, 'plans.xml', 'population_v6')] });
    expect(validateExport(values)).toEqual({ 'files.config': 'role', 'files.network': 'role' });
  });

  it('sends the chosen files by role, the inputs and the changesets in their order', () => {
    const values = { ...initialExport(scenario), inputs: ['4'], changesets: [9, 7] };
    expect(exportRequest(values)).toEqual({ files: { config: 1, network: 2, population: 3 }, inputs: [4], changesets: [9, 7] });
  });

  it('moves a changeset up and down within the list', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
