/**
 * MATSim's named coordinate systems (TransformationFactory's constants, defined in MGC) and every `EPSG:n`
 * spelling resolve to the system MATSim uses; the picker's search finds them by MATSim's name.
 */
import { describe, expect, it } from 'vitest';
import { isPlaneCrs, resolveCrs, searchCrs } from './search.ts';
import { isOnEarth, transformer } from './transform.ts';
import { lngLat, xy } from './types.ts';

const MATSIM_NAMES: [name: string, code: string][] = [
  ['WGS84', 'EPSG:4326'],
  ['EPSG:4326', 'EPSG:4326'],
  ['GK4', 'EPSG:31468'],
  ['DHDN_GK4', 'EPSG:31468'],
  ['DHDN_SoldnerBerlin', 'EPSG:3068'],
  ['CH1903_LV03', 'EPSG:21781'],
  ['CH1903_LV03_GT', 'EPSG:21781'],
  ['CH1903_LV03_Plus', 'EPSG:2056'],
  ['CH1903_LV03_Plus_GT', 'EPSG:2056'],
  ['WGS84_UTM29N', 'EPSG:32629'],
  ['WGS84_UTM31N', 'EPSG:32631'],
  ['WGS84_UTM33N', 'EPSG:32633'],
  ['WGS84_UTM35S', 'EPSG:32735'],
  ['WGS84_UTM36S', 'EPSG:32736'],
  ['WGS84_UTM47S', 'EPSG:32747'],
  ['WGS84_UTM48N', 'EPSG:32648'],
  ['NAD83_UTM17N', 'EPSG:26917'],
  ['WGS84_SVY21', 'EPSG:3414'],
  ['WGS84_TM', 'EPSG:3414'],
  ['EPSG5514_KROVAK', 'EPSG:5514'],
  ['WGS84_Albers', 'WGS84_Albers'],
  ['WGS84_SA_Albers', 'WGS84_SA_Albers'],
  ['SA_Lo19', 'SA_Lo19'],
  ['SA_Lo25', 'SA_Lo25'],
  ['SA_Lo29', 'SA_Lo29'],
  ['SA_Lo31', 'SA_Lo31'],
  ['PCS_ITRF2000_TM_UOS', 'PCS_ITRF2000_TM_UOS'],
  ['Atlantis', 'Atlantis'],
];

describe('resolveCrs over MATSim’s named systems', () => {
  it.each(MATSIM_NAMES)('%s is %s', (name, code) => {
    expect(resolveCrs(name)?.code).toBe(code);
    expect(resolveCrs(name.toLowerCase())?.code).toBe(code);
    expect(() => transformer(name)).not.toThrow();
  });

  it('reads every EPSG spelling: case, spaces, bare digits, leading zeros', () => {
    for (const text of ['EPSG:26910', 'epsg:26910', 'Epsg : 26910', ' EPSG 26910 ', '26910', 'EPSG:026910', 'EPSG26910']) {
      expect(resolveCrs(text)?.code, text).toBe('EPSG:26910');
    }
  });

  it('knows nothing it should not', () => {
    expect(resolveCrs('GK99')).toBeUndefined();
    expect(resolveCrs('EPSG:1')).toBeUndefined();
    expect(resolveCrs('')).toBeUndefined();
  });

  it('places the named systems where MATSim does', () => {
    // berlin-medium (GK4): Berlin; New Westminster (EPSG:26910): near Vancouver; Zürich in both Swiss grids.
    const berlin = transformer('GK4')(xy(4_595_000, 5_821_000));
    expect(berlin[0]).toBeCloseTo(13.4, 1);
    expect(berlin[1]).toBeCloseTo(52.51, 1);
    const zurich03 = transformer('CH1903_LV03')(xy(683_000, 248_000));
    const zurich95 = transformer('CH1903_LV03_Plus')(xy(2_683_000, 1_248_000));
    expect(zurich03[0]).toBeCloseTo(8.54, 1);
    expect(zurich95[1]).toBeCloseTo(zurich03[1], 5);
    // WGS84_SA_Albers: Johannesburg is about (28.0° E, 26.2° S).
    const [x, y] = transformer('EPSG:4326', 'WGS84_SA_Albers')(xy(28.04, -26.2));
    const back = transformer('WGS84_SA_Albers')(xy(x, y));
    expect(back[0]).toBeCloseTo(28.04, 6);
    expect(back[1]).toBeCloseTo(-26.2, 6);
  });

  it('marks Atlantis, and only Atlantis, as a plane with no place on Earth', () => {
    expect(isPlaneCrs('Atlantis')).toBe(true);
    expect(isPlaneCrs('EPSG:31468')).toBe(false);
  });
});

describe('searchCrs by MATSim name', () => {
  it('finds GK4 first when the picker is given "GK4", with MATSim’s name shown', () => {
    const found = searchCrs('GK4');
    expect(found[0]).toEqual({ code: 'EPSG:31468', name: 'DHDN / 3-degree Gauss-Kruger zone 4 (MATSim GK4)' });
    expect(searchCrs('gk4')[0]?.code).toBe('EPSG:31468');
  });

  it('finds names by their start: "WGS84_UTM" lists the UTM zones MATSim names', () => {
    const codes = searchCrs('WGS84_UTM').map((crs) => crs.code);
    expect(codes).toEqual(expect.arrayContaining(['EPSG:32633', 'EPSG:32629', 'EPSG:32735']));
    expect(searchCrs('CH1903_LV03_Plus')[0]?.code).toBe('EPSG:2056');
    expect(searchCrs('sa_albers')[0]?.code).toBe('WGS84_SA_Albers');
  });

  it('still finds codes by digits and names by words', () => {
    expect(searchCrs('31468')[0]?.code).toBe('EPSG:31468');
    expect(searchCrs('utm 32n')[0]?.code).toBe('EPSG:25832');
  });
});

describe('isOnEarth', () => {
  it('accepts longitudes and latitudes, refuses metres taken as degrees', () => {
    expect(isOnEarth(lngLat(13.4, 52.5))).toBe(true);
    expect(isOnEarth(lngLat(-180, -90))).toBe(true);
    expect(isOnEarth(lngLat(4_595_000, 5_821_000))).toBe(false);
    expect(isOnEarth(lngLat(13, 91))).toBe(false);
    expect(isOnEarth(lngLat(Number.NaN, 0))).toBe(false);
  });
});
