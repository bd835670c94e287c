import { describe, expect, it } from 'vitest';
import { crsName, searchCrs } from './search.ts';

const codes = (query: string, limit?: number) => searchCrs(query, limit).map((crs) => crs.code);

describe('searchCrs', () => {
  // First in the file: this call pays for reading epsg-index's all.json.
  it('answers the first (cold) search well within a second', () => {
    const started = performance.now();
    expect(codes('25832')[0]).toBe('EPSG:25832');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('finds a code by its digits, with or without the EPSG prefix', () => {
    expect(searchCrs('25832')[0]).toEqual({ code: 'EPSG:25832', name: 'ETRS89 / UTM zone 32N' });
    expect(codes('EPSG:4326')[0]).toBe('EPSG:4326');
    expect(codes('epsg 4326')[0]).toBe('EPSG:4326');
  });

  it('puts the exact code first, then codes starting with the digits, common ones leading', () => {
    const found = codes('2583');
    expect(found[0]).toBe('EPSG:2583');
    expect(found[1]).toBe('EPSG:25832');
    expect(found).toEqual(expect.arrayContaining(['EPSG:25830', 'EPSG:25833', 'EPSG:25837']));
    expect(found.every((code) => code.startsWith('EPSG:2583'))).toBe(true);
  });

  it('finds names by words, case-insensitively', () => {
    expect(codes('utm 32n')[0]).toBe('EPSG:25832');
    expect(codes('UTM zone 32N', 100)).toEqual(expect.arrayContaining(['EPSG:25832', 'EPSG:32632']));
    expect(codes('utm 32', 100)).toContain('EPSG:25832');
    expect(codes('wgs 84')[0]).toBe('EPSG:4326');
    expect(codes('dhdn')).toEqual(expect.arrayContaining(['EPSG:31468', 'EPSG:3068', 'EPSG:4314']));
    expect(codes('gauss krüger zone 4', 100)).toContain('EPSG:31468');
  });

  it('finds MATSim’s pseudo CRS Atlantis', () => {
    expect(codes('atlantis')).toEqual(['Atlantis']);
    expect(codes('')).toContain('Atlantis');
  });

  it('respects the limit and finds nothing for nonsense', () => {
    expect(searchCrs('utm', 7)).toHaveLength(7);
    expect(searchCrs('utm')).toHaveLength(50);
    expect(searchCrs('no such crs anywhere')).toEqual([]);
  });

  it('leaves out what proj4 cannot use: vertical, geocentric, unsupported projections', () => {
    expect(codes('5703')).not.toContain('EPSG:5703'); // NAVD88 height
    expect(codes('4978')).not.toContain('EPSG:4978'); // WGS 84 geocentric
    expect(codes('54012')).not.toContain('EPSG:54012'); // Eckert IV: no proj4 implementation
    expect(codes('2204')).not.toContain('EPSG:2204'); // NAD27 / Tennessee: needs a grid file we do not ship
  });
});

describe('crsName', () => {
  it('names known codes in the ways files write them', () => {
    expect(crsName('EPSG:25832')).toBe('ETRS89 / UTM zone 32N');
    expect(crsName('epsg:31468')).toBe('DHDN / 3-degree Gauss-Kruger zone 4');
    expect(crsName('4326')).toBe('WGS 84');
    expect(crsName('Atlantis')).toMatch(/^Atlantis/);
  });

  it('is undefined for unknown codes', () => {
    expect(crsName('EPSG:1')).toBeUndefined();
    expect(crsName('GK99')).toBeUndefined();
  });
});
