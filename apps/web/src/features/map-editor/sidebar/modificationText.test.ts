import { EDIT_KINDS, networkGraph, newHistory, openChangeset, push, revertEntries } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { EDITOR_NS } from '../i18n/index.ts';
import { blockText, entryText, type Translate } from './modificationText.ts';

const say = (lng: string): Translate => (key, params) => (i18n.t as (key: string, options: Record<string, unknown>) => string)(key, { ...params, lng, ns: EDITOR_NS });

const link = (id: string, fromId: string, toId: string) => ({ id, fromId, toId, length: 100, capacity: 1200, lanes: 1, freespeed: 13.89, modes: ['car'] });
const base = networkGraph(
  [
    { id: 'a', lng: 13.4, lat: 52.5 },
    { id: 'b', lng: 13.41, lat: 52.5 },
  ],
  [link('12', 'a', 'b'), link('34', 'b', 'a')],
);

describe('modification list texts', () => {
  it('says what each modification changed, with the earlier values, in English and German', () => {
    const history = push(
      openChangeset(base, { id: 3, name: 'x', modifications: [{ type: 'network/updateLink', id: '12', changes: { capacity: 900, modes: ['car', 'bus'] } }] }),
      { type: 'network/deleteLink', id: '34' },
    );
    const entries = revertEntries(history.versions, EDIT_KINDS);
    expect(entries.map((entry) => entryText(entry, say('en')))).toEqual(['Link 12: Capacity 1200 → 900, Modes car → car, bus', 'Deleted link 34']);
    expect(entryText(entries[1]!, say('de'))).toBe('Link 34 gelöscht');
  });

  it('names the stop, line and route of public transport modifications', () => {
    const line = (mod: Parameters<typeof entryText>[0]['mod']) => entryText({ mod, steps: [] }, say('en'));
    expect(line({ type: 'transitStop/delete', id: 'Stop-1' })).toBe('Stop Stop-1 deleted');
    expect(line({ type: 'transitStop/update', id: 'a', stop: { id: 'b', name: 'B', coordinates: [0, 0], isBlocking: false } })).toBe('Stop a renamed to b');
    expect(line({ type: 'route/addStop', lineId: 'L1', routeId: 'r1', stopId: 's2', afterIndex: 0 })).toBe('Route r1 of line L1: stop s2 added');
    expect(line({ type: 'route/updateDepartures', lineId: 'L1', routeId: 'r1', departures: [] })).toBe('Route r1 of line L1: 0 departures');
    expect(line({ type: 'networkRoute/addLink', lineId: 'L1', routeId: 'r1', linkId: '7', index: 0 })).toBe('Network route of r1 (line L1): link 7 added');
    expect(entryText({ mod: { type: 'transitStop/group', modifications: [{ type: 'transitStop/delete', id: 'a' }, { type: 'transitStop/delete', id: 'b' }] }, steps: [] }, say('de'))).toBe(
      '2 Änderungen: Haltestelle a gelöscht; Haltestelle b gelöscht',
    );
  });

  it('names a group by its first steps and the reason a revert is not offered', () => {
    const group = {
      type: 'network/group' as const,
      modifications: [
        { type: 'network/addNode' as const, node: { id: 'n', lng: 13.42, lat: 52.5 } },
        { type: 'network/addLink' as const, link: link('l', 'b', 'n') },
        { type: 'network/addLink' as const, link: link('m', 'n', 'b') },
      ],
    };
    let history = push(newHistory(base), group);
    history = push(history, { type: 'network/updateLink', id: 'l', changes: { lanes: 2 } });
    const entries = revertEntries(history.versions, EDIT_KINDS);
    expect(entryText(entries[0]!, say('en'))).toBe('3 changes: Added node n; Added link l; … 1 more');
    expect(blockText(entries[0]!.blocked!, say('en'))).toBe('Link l was changed again later: revert the later change first.');
    expect(blockText({ code: 'refused', reason: { code: 'nodeNotFound', params: { id: 'c' } } }, say('de'))).toBe(
      'Kann jetzt nicht zurückgenommen werden: Knoten c ist nicht geladen oder wurde gelöscht.',
    );
  });
});
