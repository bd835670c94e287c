import { LINK, linkOf, networkGraph } from '@corridor/changesets';
import type { NetworkLink } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { bearingOf, commonValues, linkRows, nextSort, pageCount, pageOf, sortRows } from './tableModel.ts';

const link = (id: string, fromId: string, toId: string, capacity: number, modes = ['car']) => ({
  id, fromId, toId, capacity, length: 10, lanes: 1, freespeed: 13.89, modes,
});
const network = networkGraph(
  [
    { id: 'a', lng: 8, lat: 47 },
    { id: 'b', lng: 8, lat: 47.1 },
    { id: 'c', lng: 8.1, lat: 47 },
  ],
  [link('l10', 'a', 'b', 900), link('l2', 'b', 'a', 300), link('l3', 'a', 'c', 600, ['car', 'bus'])],
);

describe('rows and sorting', () => {
  it('keeps loaded links only and computes the bearing', () => {
    const rows = linkRows(network, ['l10', 'missing', 'l3']);
    expect(rows.map((row) => row.link.id)).toEqual(['l10', 'l3']);
    expect(bearingOf(network, linkOf(network, 'l10')!)).toBeCloseTo(0);
    expect(bearingOf(network, linkOf(network, 'l2')!)).toBeCloseTo(180);
    expect(bearingOf(network, linkOf(network, 'l3')!)).toBeCloseTo(90);
  });

  it('sorts by any column, ids naturally', () => {
    const rows = linkRows(network, ['l10', 'l2', 'l3']);
    const ids = (column: Parameters<typeof sortRows>[1]) => sortRows(rows, column).map((row) => row.link.id);
    expect(ids({ column: 'id', direction: 'asc' })).toEqual(['l2', 'l3', 'l10']);
    expect(ids({ column: 'capacity', direction: 'desc' })).toEqual(['l10', 'l3', 'l2']);
    expect(ids({ column: 'bearing', direction: 'asc' })).toEqual(['l10', 'l3', 'l2']);
    expect(ids({ column: 'direction', direction: 'asc' })).toEqual(['l10', 'l3', 'l2']);
    expect(ids({ column: 'modes', direction: 'desc' })).toEqual(['l3', 'l10', 'l2']);
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSort({ column: 'id', direction: 'asc' }, 'id')).toEqual({ column: 'id', direction: 'desc' });
    expect(nextSort({ column: 'id', direction: 'desc' }, 'lanes')).toEqual({ column: 'lanes', direction: 'asc' });
  });
});

describe('paging', () => {
  const items = Array.from({ length: 65 }, (_, i) => i);
  it('cuts pages of 30 and clamps the page', () => {
    expect(pageCount(65)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(items, 1)).toHaveLength(30);
    expect(pageOf(items, 3)).toEqual([60, 61, 62, 63, 64]);
    expect(pageOf(items, 9)).toEqual([60, 61, 62, 63, 64]);
    expect(pageOf([], 1)).toEqual([]);
  });
});

describe('commonValues', () => {
  it('leaves out mixed fields', () => {
    const links = [...network.entities<NetworkLink>(LINK)];
    expect(commonValues(links)).toEqual({ length: 10, lanes: 1, freespeed: 13.89 });
    expect(commonValues(links.slice(0, 2))).toEqual({ length: 10, lanes: 1, freespeed: 13.89, modes: ['car'] });
    expect(commonValues([])).toEqual({});
  });
});
