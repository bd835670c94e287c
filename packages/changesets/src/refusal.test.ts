import type { NetworkModification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { EDIT_KINDS, ModificationError, networkGraph, refusalText, type Refusal } from './index.ts';

const data = () =>
  networkGraph(
    [
      { id: 'a', lng: 13.4, lat: 52.5 },
      { id: 'b', lng: 13.41, lat: 52.5 },
    ],
    [{ id: 'ab', fromId: 'a', toId: 'b', length: 100, capacity: 1000, lanes: 1, freespeed: 10, modes: ['car'] }],
  );

const link = { id: 'ab', fromId: 'a', toId: 'x', length: 1, capacity: 1, lanes: 1, freespeed: 1, modes: ['car'] };

describe('refusals: a code with parameters, and the English text the server quotes', () => {
  const cases: [NetworkModification, Refusal, string][] = [
    [{ type: 'network/addNode', node: { id: 'a', lng: 0, lat: 0 } }, { code: 'nodeExists', params: { id: 'a' } }, 'Node a exists'],
    [{ type: 'network/addLink', link }, { code: 'linkExists', params: { id: 'ab' } }, 'Link ab exists'],
    [{ type: 'network/addLink', link: { ...link, id: 'new' } }, { code: 'nodeNotFound', params: { id: 'x' } }, 'Node x not found'],
    [{ type: 'network/updateLink', id: 'zz', changes: { lanes: 2 } }, { code: 'linkNotFound', params: { id: 'zz' } }, 'Link zz not found'],
    [{ type: 'network/updateLink', id: 'ab', changes: { toId: 'y' } }, { code: 'nodeNotFound', params: { id: 'y' } }, 'Node y not found'],
    [{ type: 'network/updateNode', id: 'q', lng: 0, lat: 0 }, { code: 'nodeNotFound', params: { id: 'q' } }, 'Node q not found'],
    [{ type: 'network/deleteLink', id: 'zz' }, { code: 'linkNotFound', params: { id: 'zz' } }, 'Link zz not found'],
    [{ type: 'network/deleteNode', id: 'q' }, { code: 'nodeNotFound', params: { id: 'q' } }, 'Node q not found'],
    [{ type: 'network/deleteNode', id: 'b' }, { code: 'nodeHasLinks', params: { id: 'b', count: 1 } }, 'Node b still has 1 link(s)'],
  ];

  it.each(cases)('%j is refused with its code and text', (mod, expected, text) => {
    const reason = EDIT_KINDS.disabled(data(), mod);
    expect(reason).toEqual(expected);
    expect(refusalText(reason!)).toBe(text);
    try {
      EDIT_KINDS.apply(data(), mod);
      expect.unreachable('the modification applied');
    } catch (error) {
      expect(error).toBeInstanceOf(ModificationError);
      expect((error as ModificationError).message).toBe(text);
      expect((error as ModificationError).refusal).toEqual(expected);
    }
  });
});
