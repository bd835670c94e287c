import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFileOf, coordinateSystemOf, matchingCrs } from './configCrs.ts';

const SHARED_DATA = path.resolve(import.meta.dirname, '../../../../../../../shared/data');

describe('the import page’s CRS from output_config.xml', () => {
  it('reads global.coordinateSystem from real output configs', () => {
    expect(coordinateSystemOf(readFileSync(path.join(SHARED_DATA, 'output-newwest-2024/output_config.xml'), 'utf8'))).toBe('EPSG:26910');
    expect(coordinateSystemOf(readFileSync(path.join(SHARED_DATA, 'output-equil-2024/output_config.xml'), 'utf8'))).toBe('Atlantis');
    expect(coordinateSystemOf(readFileSync(path.join(SHARED_DATA, 'berlin-medium/config.xml'), 'utf8'))).toBe('GK4');
    expect(coordinateSystemOf('not xml')).toBeUndefined();
  });

  it('picks output_config.xml over the reduced one and the input config', () => {
    const files = [
      { name: 'config.xml', size: 10 },
      { name: 'output_config_reduced.xml', size: 10 },
      { name: 'output_config.xml', size: 10 },
    ];
    expect(configFileOf(files)?.name).toBe('output_config.xml');
    expect(configFileOf(files.slice(0, 2))?.name).toBe('config.xml');
    expect(configFileOf([{ name: 'output_events.xml.gz', size: 10 }])).toBeUndefined();
  });

  it('matches the CRS the server found, never a mere word match', () => {
    const gk4 = { code: 'EPSG:31468', name: 'DHDN / 3-degree Gauss-Kruger zone 4 (MATSim GK4)' };
    expect(matchingCrs('GK4', [gk4])).toBe(gk4);
    expect(matchingCrs('EPSG:26910', [{ code: 'EPSG:26910', name: 'NAD83 / UTM zone 10N' }])?.code).toBe('EPSG:26910');
    expect(matchingCrs('epsg 26910', [{ code: 'EPSG:26910', name: 'NAD83 / UTM zone 10N' }])?.code).toBe('EPSG:26910');
    expect(matchingCrs('Atlantis', [{ code: 'Atlantis', name: 'Atlantis (MATSim example plane)' }])?.code).toBe('Atlantis');
    expect(matchingCrs('zone', [{ code: 'EPSG:26910', name: 'NAD83 / UTM zone 10N' }])).toBeUndefined();
  });
});
