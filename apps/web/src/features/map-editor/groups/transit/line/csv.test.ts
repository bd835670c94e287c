import { describe, expect, it } from 'vitest';
import { departuresFromCsv, splitCsvLine } from './csv.ts';

/** Ids drawn from a fixed list, so generated ids are known. */
const draws = (...ids: string[]) => {
  let next = 0;
  return () => ids[next++ % ids.length]!;
};

describe('departures from CSV (spec 2 §5)', () => {
  it('reads a header in any order and case, times as seconds, HH:MM or HH:MM:SS', () => {
    const csv = 'vehicleRefId,DepartureTime,id,vehicleType\nbus1,06:00,d1,Bus\nbus2,21900,d2,\r\nbus3,06:10:30,d3,Tram\n';
    expect(departuresFromCsv(csv)).toEqual({
      departures: [
        { id: 'd1', departureTime: 21_600, vehicleRefId: 'bus1', vehicleType: 'Bus' },
        { id: 'd2', departureTime: 21_900, vehicleRefId: 'bus2' },
        { id: 'd3', departureTime: 22_230, vehicleRefId: 'bus3', vehicleType: 'Tram' },
      ],
      skipped: 0,
    });
  });

  it('without a header takes id, departureTime, vehicleRefId, vehicleType in order', () => {
    expect(departuresFromCsv('a,07:00,v1\nb,07:30').departures).toEqual([
      { id: 'a', departureTime: 25_200, vehicleRefId: 'v1' },
      { id: 'b', departureTime: 27_000, vehicleRefId: '' },
    ]);
  });

  it('skips rows without a departureTime and blank lines', () => {
    const result = departuresFromCsv('id,departureTime,vehicleRefId\nd1,,v1\n\nd2,08:00,v2\nd3\n');
    expect(result.departures.map((departure) => departure.id)).toEqual(['d2']);
    expect(result.skipped).toBe(2);
  });

  it('generates missing ids: 8 characters, unique among the rows and the line', () => {
    const csv = 'id,departureTime\n,08:00\nabcdefgh,08:10\n,08:20';
    // The first draw is taken by a row, the second by the line: both are drawn again.
    const random = draws('abcdefgh-1111', 'linetakn-2222', 'newid001-3333', 'newid002-4444');
    const ids = departuresFromCsv(csv, new Set(['linetakn']), random).departures.map((departure) => departure.id);
    expect(ids).toEqual(['newid001', 'abcdefgh', 'newid002']);
    const real = departuresFromCsv('id,departureTime\n,08:00').departures[0]!.id;
    expect(real).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is not fully validated: an unreadable time gives 0; quoted fields keep their commas', () => {
    expect(departuresFromCsv('id,departureTime,vehicleRefId\nd1,soon,"bus, ""big"""\n\uFEFF').departures).toEqual([{ id: 'd1', departureTime: 0, vehicleRefId: 'bus, "big"' }]);
    expect(splitCsvLine(' a , "b,c" ,d')).toEqual(['a', 'b,c', 'd']);
  });

  it('an empty text gives no departures', () => {
    expect(departuresFromCsv('')).toEqual({ departures: [], skipped: 0 });
    expect(departuresFromCsv('id,departureTime,vehicleRefId\n')).toEqual({ departures: [], skipped: 0 });
  });
});
