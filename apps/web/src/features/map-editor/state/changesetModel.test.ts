import { networkGraph, newHistory, openChangeset, push } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import { defaultNewFileName, newFileNames } from '../dialogs/saveOptions.ts';
import { changesetIdOf, idChunks, readModifications, saveBody, shownChangesetName, withChangesetId } from './changesetModel.ts';
import { calculateDiffOf, withCalculateDiff } from './viewAddress.ts';

describe('the ?id= of the editor address', () => {
  it('reads a positive whole number only', () => {
    expect(changesetIdOf(new URLSearchParams('id=12&c=1'))).toBe(12);
    for (const bad of ['', 'id=', 'id=-1', 'id=0', 'id=1.5', 'id=abc', 'id=12x']) expect(changesetIdOf(new URLSearchParams(bad)), bad).toBeUndefined();
  });

  it('is set after a save or open and removed for a new changeset, keeping the other parameters', () => {
    const params = new URLSearchParams('c=13.4,52.5,12&file=7');
    const opened = withChangesetId(params, 42);
    expect(opened.toString()).toBe('c=13.4%2C52.5%2C12&file=7&id=42');
    expect(params.has('id')).toBe(false);
    expect(withChangesetId(opened, 43).get('id')).toBe('43');
    const fresh = withChangesetId(opened, -1);
    expect(fresh.has('id')).toBe(false);
    expect(fresh.get('file')).toBe('7');
    expect(fresh.get('c')).toBe('13.4,52.5,12');
  });
});

describe('preload chunks', () => {
  it('no ids: no query', () => {
    expect(idChunks({ links: [], nodes: [] }, 3)).toEqual([]);
  });

  it('splits links and nodes so no query names more than the bound of either', () => {
    const links = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7'];
    const chunks = idChunks({ links, nodes: ['n1', 'n2'] }, 3);
    expect(chunks).toEqual([
      { links: ['l1', 'l2', 'l3'], nodes: ['n1', 'n2'] },
      { links: ['l4', 'l5', 'l6'], nodes: [] },
      { links: ['l7'], nodes: [] },
    ]);
  });
});

describe('changeset bodies and answers', () => {
  const mod = { type: 'network/deleteLink', id: 'ab' } as const;
  // Nothing loaded: the modifications are kept as they are, applied or not.
  const base = networkGraph([], []);

  it('a changeset not saved yet is created with id -1, its name, its modifications and the save options', () => {
    expect(saveBody(push(newHistory(base), mod), 'Bridge', { saveOptions: { network: 'changeset' } })).toEqual({
      id: -1,
      name: 'Bridge',
      modifications: [mod],
      saveOptions: { network: 'changeset' },
    });
  });

  it('a saved changeset sends saved and unsaved modifications together with the save options', () => {
    const history = push(openChangeset(base, { id: 5, name: 'Old', modifications: [{ type: 'network/deleteLink', id: 'x' }] }), mod);
    expect(saveBody(history, 'New name', { saveOptions: { network: 'changeset' }, newFileNames: {} })).toEqual({
      id: 5,
      name: 'New name',
      modifications: [{ type: 'network/deleteLink', id: 'x' }, mod],
      saveOptions: { network: 'changeset' },
    });
  });

  it('the PUT carries the new file names of groups saved as a new file and the base files as the changeset had them (spec 2 §7)', () => {
    const history = push(openChangeset(base, { id: 5, name: 'DRT', modifications: [] }), mod);
    const saveOptions = { network: 'changeset', drtVehicles: 'new_file', drtStops: 'overwrite', drtServiceArea: 'new_file' } as const;
    const names = newFileNames(saveOptions, { drtServiceArea: '  zone.gpkg ' }, (group) => defaultNewFileName(group, group === 'drtVehicles' ? 'fleet.xml.gz' : undefined));
    expect(saveBody(history, 'DRT', { saveOptions, newFileNames: names, baseFile: { vehicles: 12, stops: 13, serviceArea: null } })).toEqual({
      id: 5,
      name: 'DRT',
      modifications: [mod],
      saveOptions,
      newFileNames: { drtVehicles: 'fleet_copy.xml.gz', drtServiceArea: 'zone.gpkg' },
      baseFile: { vehicles: 12, stops: 13, serviceArea: null },
    });
  });

  it('reads stored modifications with the contract schema', () => {
    expect(readModifications([mod])).toEqual([mod]);
    expect(readModifications([{ type: 'network/teleport' }])).toBeUndefined();
    expect(readModifications('nope')).toBeUndefined();
  });
});

describe('shownChangesetName', () => {
  it('the default name is said in the user language, other names stay as typed', () => {
    expect(shownChangesetName('Untitled', 'Unbenannt')).toBe('Unbenannt');
    expect(shownChangesetName('Bus lanes', 'Unbenannt')).toBe('Bus lanes');
  });
});

describe('calculateDiff in the address (?diff=1)', () => {
  it('is off unless diff=1, and is written and removed keeping the other parameters', () => {
    expect(calculateDiffOf(new URLSearchParams('id=3'))).toBe(false);
    expect(calculateDiffOf(new URLSearchParams('diff=0'))).toBe(false);
    expect(calculateDiffOf(new URLSearchParams('id=3&diff=1'))).toBe(true);
    const on = withCalculateDiff(new URLSearchParams('id=3&c=1,2,3'), true);
    expect(on.toString()).toBe('id=3&c=1%2C2%2C3&diff=1');
    expect(withCalculateDiff(on, false).toString()).toBe('id=3&c=1%2C2%2C3');
  });
});
