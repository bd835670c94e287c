import { INVALID_CHANGESET_JSON, UNKNOWN_MODIFICATION_TYPE } from '@corridor/contract';
import type { SaveGroup } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { isJsonFileName, readImport } from './importJson.ts';
import { allowedSaveOptions, baseFileOf, canOverwrite, copyFileName, defaultNewFileName, freeFileName, newFileNameProblem, newFileNames, overwrites, saveDialogGroups } from './saveOptions.ts';

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

describe('new file names (spec 2 §4 Saving)', () => {
  it('puts "_copy" before the extension, keeping a compression extension last', () => {
    expect(copyFileName('drt_vehicles.xml')).toBe('drt_vehicles_copy.xml');
    expect(copyFileName('stops.xml.gz')).toBe('stops_copy.xml.gz');
    expect(copyFileName('my.fleet.xml.bz2')).toBe('my.fleet_copy.xml.bz2');
    expect(copyFileName('area.gpkg')).toBe('area_copy.gpkg');
    expect(copyFileName('vehicles')).toBe('vehicles_copy');
    expect(copyFileName('vehicles.gz')).toBe('vehicles_copy.gz');
    expect(copyFileName('.hidden')).toBe('.hidden_copy');
  });

  it('without a base file: area.gpkg, drt_vehicles.xml, drt_stops.xml; network and transit are never files', () => {
    expect(defaultNewFileName('drtServiceArea', undefined)).toBe('area.gpkg');
    expect(defaultNewFileName('drtVehicles', undefined)).toBe('drt_vehicles.xml');
    expect(defaultNewFileName('drtStops', undefined)).toBe('drt_stops.xml');
    expect(defaultNewFileName('drtStops', 'berlin_stops.xml.gz')).toBe('berlin_stops_copy.xml.gz');
    expect(defaultNewFileName('drtServiceArea', 'mielec.shp')).toBe('mielec_copy.gpkg');
    expect(defaultNewFileName('drtServiceArea', 'area.gpkg')).toBe('area_copy.gpkg');
    expect(defaultNewFileName('network', 'network.xml.gz')).toBeUndefined();
  });

  it('names only the groups saved as a new file: what was typed, else the default', () => {
    const options = { network: 'changeset', drtVehicles: 'new_file', drtStops: 'overwrite', drtServiceArea: 'new_file' } as const;
    expect(newFileNames(options, { drtVehicles: ' ', drtStops: 'ignored.xml' }, (group) => defaultNewFileName(group, undefined))).toEqual({
      drtVehicles: 'drt_vehicles.xml',
      drtServiceArea: 'area.gpkg',
    });
  });

  it('finds the base file of a DRT group', () => {
    expect(baseFileOf('drtVehicles', { vehicles: 4 })).toBe(4);
    expect(baseFileOf('drtStops', { vehicles: 4, stops: null })).toBeUndefined();
    expect(baseFileOf('network', { vehicles: 4 })).toBeUndefined();
    expect(baseFileOf('drtVehicles', undefined)).toBeUndefined();
  });
});

describe('the save dialog\'s DRT groups (spec 2 §4 Saving)', () => {
  const counts = (added: number) => ({ added, modified: 0, deleted: 0 });
  const row = (group: SaveGroup, unsaved: number, saved = 0) => ({ group, unsaved: counts(unsaved), saved: counts(saved) });

  it('lists a DRT group only while it has unsaved changes; network and transit as the summary lists them', () => {
    expect(saveDialogGroups([row('network', 0), row('transit', 0, 2), row('drtVehicles', 10), row('drtStops', 0, 3), row('drtServiceArea', 1)])).toEqual([
      'network',
      'transit',
      'drtVehicles',
      'drtServiceArea',
    ]);
  });

  it('overwrites a base file, but not a shapefile service area (written as GeoPackage)', () => {
    expect(canOverwrite('drtVehicles', 'vehicles-10-cap-4.xml')).toBe(true);
    expect(canOverwrite('drtServiceArea', 'zones.gpkg')).toBe(true);
    expect(canOverwrite('drtServiceArea', 'mielec.shp')).toBe(false);
    expect(canOverwrite('drtStops', undefined)).toBe(false);
  });

  it('refuses a service-area file not ending in .gpkg and a name the scenario has', () => {
    expect(newFileNameProblem('drtServiceArea', 'area.gpkg', [])).toBeUndefined();
    expect(newFileNameProblem('drtServiceArea', 'zones.shp', [])).toBe('gpkg');
    expect(newFileNameProblem('drtVehicles', ' vehicles_10.xml ', ['vehicles_10.xml'])).toBe('exists');
    expect(newFileNameProblem('drtStops', 'drt_stops.xml', ['vehicles_10.xml'])).toBeUndefined();
  });

  it('makes a default name free: name_2, name_3 before the extension, a compression extension last', () => {
    expect(freeFileName('drt_vehicles.xml', [])).toBe('drt_vehicles.xml');
    expect(freeFileName('drt_vehicles.xml', ['drt_vehicles.xml', 'drt_vehicles_2.xml'])).toBe('drt_vehicles_3.xml');
    expect(freeFileName('stops_copy.xml.gz', ['stops_copy.xml.gz'])).toBe('stops_copy_2.xml.gz');
  });
});
