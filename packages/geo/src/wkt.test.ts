import { describe, expect, it } from 'vitest';
import { crsWkt } from './wkt.ts';

describe('crsWkt', () => {
  it('gives the WKT of an EPSG code in any spelling, nothing for other CRSs', () => {
    expect(crsWkt('EPSG:32633')).toMatch(/^PROJCS\["WGS 84 \/ UTM zone 33N",.*AUTHORITY\["EPSG","32633"\]\]$/);
    expect(crsWkt('25832')).toContain('ETRS89 / UTM zone 32N');
    expect(crsWkt('GK4')).toContain('DHDN / 3-degree Gauss-Kruger zone 4');
    expect(crsWkt('Atlantis')).toBeUndefined();
    expect(crsWkt('EPSG:1')).toBeUndefined();
  });
});
