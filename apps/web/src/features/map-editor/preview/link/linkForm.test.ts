import { describe, expect, it } from 'vitest';
import { attributeValue, formErrors, formValues, knownAttributes, linkChanges, numberError } from './linkForm.ts';

const link = {
  id: 'l1',
  fromId: 'a',
  toId: 'b',
  length: 100,
  capacity: 600,
  lanes: 1,
  freespeed: 13.89,
  modes: ['car'],
  attributes: { type: { type: 'string' as const, value: 'primary' }, toll: { type: 'bool' as const, value: false } },
};

describe('linkChanges', () => {
  it('is empty for an untouched form', () => {
    expect(linkChanges(link, formValues(link))).toEqual({});
  });

  it('carries only the changed fields', () => {
    const values = { ...formValues(link), capacity: 900, modes: ['car', 'bus'] };
    expect(linkChanges(link, values)).toEqual({ capacity: 900, modes: ['car', 'bus'] });
  });

  it('keeps the old value for an emptied number', () => {
    expect(linkChanges(link, { ...formValues(link), lanes: '' })).toEqual({});
  });

  it('removes an attribute with null and sets new or changed ones', () => {
    const values = formValues(link);
    delete values.attributes.toll;
    values.attributes.type = { type: 'string', value: 'secondary' };
    values.attributes.count = { type: 'integer', value: 3 };
    expect(linkChanges(link, values)).toEqual({
      attributes: { toll: null, type: { type: 'string', value: 'secondary' }, count: { type: 'integer', value: 3 } },
    });
  });
});

describe('attributeValue', () => {
  it('drops decimals from integers and defaults by type', () => {
    expect(attributeValue('integer', 3.7)).toEqual({ type: 'integer', value: 3 });
    expect(attributeValue('decimal', '2.5')).toEqual({ type: 'decimal', value: 2.5 });
    expect(attributeValue('decimal', '')).toEqual({ type: 'decimal', value: 0 });
    expect(attributeValue('bool', undefined)).toEqual({ type: 'bool', value: false });
    expect(attributeValue('string', undefined)).toEqual({ type: 'string', value: '' });
  });
});

describe('knownAttributes', () => {
  it('joins the server list (without standard fields) with names seen on links', () => {
    const known = knownAttributes(
      [
        { name: 'capacity', type: 'decimal' },
        { name: 'osm:way:highway', type: 'categorical' },
        { name: 'count', type: 'numeric' },
      ],
      [link],
    );
    expect([...known]).toEqual([
      ['osm:way:highway', 'string'],
      ['count', 'integer'],
      ['type', 'string'],
      ['toll', 'bool'],
    ]);
    // What an edit adds joins what the loaded links had (the edited link's type wins).
    const edited = { ...link, attributes: { lit: { type: 'bool' as const, value: true }, count: { type: 'decimal' as const, value: 1.5 } } };
    expect([...knownAttributes([], [edited], known)]).toEqual([
      ['osm:way:highway', 'string'],
      ['count', 'decimal'],
      ['type', 'string'],
      ['toll', 'bool'],
      ['lit', 'bool'],
    ]);
  });
});

describe('field errors (issue 25: invalid values keep their error and commit nothing)', () => {
  it('names an empty, unreadable or negative number', () => {
    expect(numberError('')).toBe('required');
    expect(numberError('-')).toBe('required');
    expect(numberError(-1)).toBe('negative');
    expect(numberError(0)).toBeUndefined();
    expect(numberError('900')).toBeUndefined();
  });

  it('leaves an invalid field out of the changes and reports it', () => {
    const values = { ...formValues(link), capacity: 900, lanes: -2 };
    expect(formErrors(values)).toEqual({ lanes: 'negative' });
    expect(linkChanges(link, values)).toEqual({ capacity: 900 });
    expect(linkChanges(link, { ...formValues(link), lanes: '2' })).toEqual({ lanes: 2 });
  });
});

describe('numbers shown with 2 decimals (issue 25)', () => {
  const drawn = { ...link, length: 123.456789 };
  it('shows a computed length rounded and does not write the rounding back', () => {
    expect(formValues(drawn).length).toBe(123.46);
    expect(linkChanges(drawn, { ...formValues(drawn), capacity: 900 })).toEqual({ capacity: 900 });
    expect(linkChanges(drawn, { ...formValues(drawn), length: 120 })).toEqual({ length: 120 });
  });
});
