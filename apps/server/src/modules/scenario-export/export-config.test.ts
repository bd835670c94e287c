import path from 'node:path';
import { getParam, parseConfigText, readConfig } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { EXPORT_OUTPUT_DIRECTORY, exportConfig, zipEntries } from './export-config.ts';

const SHARED_DATA = path.resolve(import.meta.dirname, '../../../../../../shared/data');

const config = (modules: string) => parseConfigText(`<?xml version="1.0" ?>
<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd">
<config>${modules}</config>`);

describe('zip entry names', () => {
  it('keeps the scenario names, exports a file once and numbers names taken before', () => {
    const entries = zipEntries([
      { id: 1, role: 'config', name: 'config.xml.gz' },
      { id: 2, role: 'network', name: 'network.xml.gz' },
      { id: 3, role: 'population', name: 'Network.XML.gz' },
      { id: 2, role: 'input', name: 'network.xml.gz' },
      { id: 4, role: 'input', name: '../up/../counts.xml' },
      { id: 5, role: 'input', name: 'README' },
      { id: 6, role: 'input', name: 'README' },
    ]);
    expect(entries.map((entry) => [entry.id, entry.zipName])).toEqual([
      [1, 'config.xml'],
      [2, 'network.xml.gz'],
      [3, 'Network-2.XML.gz'],
      [4, '_up_.._counts.xml'],
      [5, 'README'],
      [6, 'README-2'],
    ]);
  });
});

describe('the exported config', () => {
  it('points the old-naming pt-tutorial config at the zip entries by relative name', async () => {
    const original = await readConfig(path.join(SHARED_DATA, 'pt-tutorial/0.config.xml'));
    const entries = zipEntries([
      { id: 1, role: 'config', name: '0.config.xml' },
      { id: 2, role: 'network', name: 'network-with-changesets.xml' },
      { id: 3, role: 'population', name: 'population.xml' },
      { id: 4, role: 'transitschedule', name: 'schedule.xml' },
      { id: 5, role: 'transitvehicles', name: 'transitVehicles.xml' },
    ]);
    const exported = exportConfig(original, entries);
    expect(getParam(exported, 'network', 'inputNetworkFile')).toBe('network-with-changesets.xml');
    expect(getParam(exported, 'plans', 'inputPlansFile')).toBe('population.xml');
    expect(getParam(exported, 'transit', 'transitScheduleFile')).toBe('schedule.xml');
    expect(getParam(exported, 'transit', 'vehiclesFile')).toBe('transitVehicles.xml');
    // The old module names stay; the output directory (inside the folder) and everything else too.
    expect(exported.modules.map((m) => m.name)).toEqual(original.modules.map((m) => m.name));
    expect(getParam(exported, 'controler', 'outputDirectory')).toBe('./output/pt-tutorial');
    expect(getParam(exported, 'controler', 'lastIteration')).toBe(getParam(original, 'controler', 'lastIteration'));
  });

  it('matches other file params by file name, keeps files it does not export and keeps the output inside', () => {
    const original = config(`
  <module name="controller">
    <param name="outputDirectory" value="/home/someone/runs/out" />
  </module>
  <module name="network">
    <param name="inputNetworkFile" value="/data/berlin/network.xml.gz" />
    <param name="inputChangeEventsFile" value="../events/change-events.xml.gz" />
    <param name="laneDefinitionsFile" value="null" />
  </module>
  <module name="counts">
    <param name="inputCountsFile" value="https://example.org/counts.xml" />
  </module>
  <module name="drt">
    <parameterset type="drt">
      <param name="vehiclesFile" value="C:\\fleet\\drt-vehicles.xml" />
      <param name="mode" value="drt" />
    </parameterset>
  </module>`);
    const entries = zipEntries([
      { id: 1, role: 'config', name: 'config.xml' },
      { id: 2, role: 'network', name: 'network.xml.gz' },
      { id: 3, role: 'input', name: 'change-events.xml.gz' },
      { id: 4, role: 'input', name: 'drt-vehicles.xml' },
    ]);
    const exported = exportConfig(original, entries);
    expect(getParam(exported, 'network', 'inputNetworkFile')).toBe('network.xml.gz');
    expect(getParam(exported, 'network', 'inputChangeEventsFile')).toBe('change-events.xml.gz');
    expect(getParam(exported, 'network', 'laneDefinitionsFile')).toBe('null');
    expect(getParam(exported, 'counts', 'inputCountsFile')).toBe('https://example.org/counts.xml');
    expect(getParam(exported, 'controller', 'outputDirectory')).toBe(EXPORT_OUTPUT_DIRECTORY);
    const drt = exported.modules.find((m) => m.name === 'drt')!.entries[0]!;
    expect(drt.kind === 'parameterset' && drt.entries).toEqual([
      { kind: 'param', name: 'vehiclesFile', value: 'drt-vehicles.xml' },
      { kind: 'param', name: 'mode', value: 'drt' },
    ]);
  });

  it('adds the param of a role the config does not name yet, and leaves the given config untouched', () => {
    const original = config(`
  <module name="network">
    <param name="inputNetworkFile" value="network.xml" />
  </module>`);
    const exported = exportConfig(original, zipEntries([{ id: 1, role: 'network', name: 'network.xml' }, { id: 2, role: 'vehicles', name: 'vehicles.xml' }]));
    expect(getParam(exported, 'vehicles', 'vehiclesFile')).toBe('vehicles.xml');
    expect(getParam(original, 'vehicles', 'vehiclesFile')).toBeUndefined();
  });
});
