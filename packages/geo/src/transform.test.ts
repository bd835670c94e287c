import { describe, expect, it } from 'vitest';
import { transformer, UnknownCrsError } from './transform.ts';
import { lngLat, xy, type LngLat } from './types.ts';

/** Metres between two nearby WGS 84 points (equirectangular: exact enough below a kilometre). */
function metres(a: LngLat, b: LngLat): number {
  const lat = ((a[1] + b[1]) / 2) * (Math.PI / 180);
  const dx = (a[0] - b[0]) * 111_320 * Math.cos(lat);
  const dy = (a[1] - b[1]) * 110_574;
  return Math.hypot(dx, dy);
}

// Expected values from PROJ 9.5.1 (pyproj 3.7.2), EPSG's operation named in each case.
describe('transformer', () => {
  it('takes ETRS89 / UTM 33N (Berlin, Tiergarten) to WGS 84', () => {
    const point = transformer('EPSG:25833')(xy(390_000, 5_820_000));
    expect(metres(point, lngLat(13.378811769687822, 52.51899531338515))).toBeLessThan(0.01);
  });

  it('takes DHDN / Gauss-Krüger 4 (Berlin, Mitte) to WGS 84 with EPSG:1777, as MATSim’s GK4 does', () => {
    // The BETA2007 grid proj4 would want is not shipped; PROJ without it applies the same Helmert transformation.
    const point = transformer('EPSG:31468')(xy(4_595_000, 5_821_000));
    expect(metres(point, lngLat(13.397855669722782, 52.5138621657304))).toBeLessThan(1);
  });

  it('takes British National Grid (London) to WGS 84 with EPSG:1314', () => {
    const point = transformer('EPSG:27700')(xy(530_000, 180_000));
    expect(metres(point, lngLat(-0.12835394047946935, 51.50399082763378))).toBeLessThan(1);
  });

  it('takes a point between two projected CRSs', () => {
    const [x, y] = transformer('EPSG:25833', 'EPSG:25832')(xy(390_000, 5_820_000));
    const back = transformer('EPSG:25832', 'EPSG:25833')(xy(x, y));
    expect(Math.hypot(back[0] - 390_000, back[1] - 5_820_000)).toBeLessThan(0.001);
  });

  it('puts Atlantis on a metre-true plane at MATSim’s Atlantis origin (30° W 10° N), and back', () => {
    const origin = transformer('Atlantis')(xy(0, 0));
    expect(origin[0]).toBeCloseTo(-30, 9);
    expect(origin[1]).toBeCloseTo(10, 9);
    // equil's network spans 25 km: 1 km east of the origin is 1 km away on the map.
    expect(metres(transformer('Atlantis')(xy(1000, 0)), origin)).toBeCloseTo(1000, 0);
    const [lng, lat] = transformer('Atlantis')(xy(-20_000, -10_000));
    const [x, y] = transformer('EPSG:4326', 'Atlantis')(xy(lng, lat));
    expect(Math.hypot(x + 20_000, y + 10_000)).toBeLessThan(0.001);
  });

  it('throws a clear error for unknown codes, on either side', () => {
    expect(() => transformer('EPSG:1')).toThrow(UnknownCrsError);
    expect(() => transformer('GK99')).toThrow(/Unknown coordinate reference system "GK99"/);
    expect(() => transformer('EPSG:25832', 'EPSG:0')).toThrow(/"EPSG:0"/);
  });
});

describe("MATSim's own CRS names", () => {
  it('GK4 (berlin-medium) is DHDN / 3-degree Gauss-Kruger zone 4', async () => {
    const { crsName } = await import('./search.ts');
    expect(crsName('GK4')).toBe(crsName('EPSG:31468'));
    const fromGk4 = transformer('GK4')(xy(4595000, 5821000));
    const fromEpsg = transformer('EPSG:31468')(xy(4595000, 5821000));
    expect(fromGk4).toEqual(fromEpsg);
    expect(fromGk4[0]).toBeCloseTo(13.4, 0);
  });

  it('WGS84_UTM33N is EPSG:32633', async () => {
    const { crsName } = await import('./search.ts');
    expect(crsName('WGS84_UTM33N')).toBe(crsName('EPSG:32633'));
  });
});
