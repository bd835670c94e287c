import { INVALID_CHANGESET_JSON, UNKNOWN_MODIFICATION_TYPE } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { isJsonFileName, readImport } from './importJson.ts';
import { allowedSaveOptions, overwrites } from './saveOptions.ts';

describe('JSON import (spec 2 §5)', () => {
  it('reads the modifications list of a changeset', () => {
    const text = JSON.stringify({ name: 'x', modifications: [{ type: 'network/deleteLink', id: '12' }, { type: 'network/addNode', node: { id: 'n', lng: 13.4, lat: 52.5 } }] });
    expect(readImport(text)).toEqual({ ok: true, modifications: [{ type: 'network/deleteLink', id: '12' }, { type: 'network/addNode', node: { id: 'n', lng: 13.4, lat: 52.5 } }] });
  });

  it('text that is not JSON, or has no modifications list: "Invalid JSON format for changeset"', () => {
    expect(INVALID_CHANGESET_JSON).toBe('Invalid JSON format for changeset');
    expect(readImport('{ not json')).toEqual({ ok: false, error: INVALID_CHANGESET_JSON });
    expect(readImport('{"mods": []}')).toEqual({ ok: false, error: INVALID_CHANGESET_JSON });
    expect(readImport('null')).toEqual({ ok: false, error: INVALID_CHANGESET_JSON });
  });

  it('an unknown modification type: "Unknown Modification Type"', () => {
    expect(UNKNOWN_MODIFICATION_TYPE).toBe('Unknown Modification Type');
    expect(readImport('{"modifications": [{"type": "network/teleport", "id": "1"}]}')).toEqual({ ok: false, error: UNKNOWN_MODIFICATION_TYPE });
  });

  it('only .json files are read', () => {
    expect(isJsonFileName('changes.json')).toBe(true);
    expect(isJsonFileName('CHANGES.JSON')).toBe(true);
    expect(isJsonFileName('changes.json.gz')).toBe(false);
    expect(isJsonFileName('network.xml')).toBe(false);
  });
});

describe('save options (spec 2 §4 Saving)', () => {
  it('network and transit go into the changeset only', () => {
    expect(allowedSaveOptions('network', false)).toEqual(['changeset']);
    expect(allowedSaveOptions('transit', true)).toEqual(['changeset']);
  });

  it('DRT groups: a new file, or also overwrite once they have a base file', () => {
    expect(allowedSaveOptions('drtVehicles', false)).toEqual(['new_file']);
    expect(allowedSaveOptions('drtStops', true)).toEqual(['new_file', 'overwrite']);
  });

  it('the overwrite warning shows when a group overwrites', () => {
    expect(overwrites({ network: 'changeset' })).toBe(false);
    expect(overwrites({ network: 'changeset', drtServiceArea: 'overwrite' })).toBe(true);
  });
});
