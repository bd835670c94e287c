import type { Departure } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { DUPLICATE_ELLIPSIS_AT, DUPLICATE_MAX, duplicateCount, duplicateDepartures, duplicatePreview, duplicateTimes } from './duplicate.ts';

const departure = (id: string, departureTime: number): Departure => ({ id, departureTime, vehicleRefId: `veh_${id}`, vehicleType: 'bus' });

describe('duplicating departures (spec 2 §2, §5, §9)', () => {
  it('accepts a count from 0 to 1000', () => {
    expect(DUPLICATE_MAX).toBe(1000);
    expect(duplicateCount(0)).toBe(0);
    expect(duplicateCount('1000')).toBe(1000);
    for (const bad of [-1, 1001, 2.5, '', 'x', Number.NaN]) expect(duplicateCount(bad), String(bad)).toBeUndefined();
  });

  it('places copies every interval after the departure', () => {
    expect(duplicateTimes(28_800, 3, 600)).toEqual([29_400, 30_000, 30_600]);
    expect(duplicateTimes(28_800, 0, 600)).toEqual([]);
  });

  it('previews every time below 8 repetitions and an ellipsis at 8 or more', () => {
    expect(DUPLICATE_ELLIPSIS_AT).toBe(8);
    expect(duplicatePreview(28_800, 7, 600)).toBe('08:10:00, 08:20:00, 08:30:00, 08:40:00, 08:50:00, 09:00:00, 09:10:00');
    expect(duplicatePreview(28_800, 8, 600)).toBe('08:10:00, 08:20:00, 08:30:00, …, 09:20:00');
    expect(duplicatePreview(28_800, 1000, 60)).toBe('08:01:00, 08:02:00, 08:03:00, …, 24:40:00');
    expect(duplicatePreview(28_800, 0, 60)).toBe('');
  });

  it('inserts copies with new ids after the source, keeping its vehicle and type', () => {
    let n = 0;
    const random = () => ['d1', 'x1', 'other', 'x2'][n++]!.padEnd(8, '0');
    const list = [departure('d1000000', 100), departure('d2000000', 5000)];
    const result = duplicateDepartures(list, 0, 2, 600, new Set(['other000']), random);
    expect(result).toEqual([
      list[0],
      { id: 'x1000000', departureTime: 700, vehicleRefId: 'veh_d1000000', vehicleType: 'bus' },
      { id: 'x2000000', departureTime: 1300, vehicleRefId: 'veh_d1000000', vehicleType: 'bus' },
      list[1],
    ]);
    expect(duplicateDepartures(list, 1, 0, 600)).toEqual(list);
    expect(duplicateDepartures(list, 5, 3, 600)).toEqual(list);
  });
});
