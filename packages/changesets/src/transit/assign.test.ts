/** Stop assignment (spec 2 §4, §8, §9): to a link, to a node's self-loop, the missing self-loop, a new self-loop. */
import type { NetworkLink } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { SELF_LOOP_LINK_DEFAULTS } from '../constants.ts';
import { linkOf } from '../network/read.ts';
import { refusalText } from '../refusal.ts';
import { EDIT_KINDS } from '../scenario.ts';
import { transitTestGraph } from '../testing.ts';
import { assignStopToLink, assignStopToNode, assignStopWithSelfLoop } from './assign.ts';
import { stopOf } from './read.ts';

const applied = (graph = transitTestGraph(), assignment: ReturnType<typeof assignStopToLink>) => {
  if (!('mods' in assignment)) throw new Error(refusalText(assignment.refusal));
  return assignment.mods.reduce((current, mod) => EDIT_KINDS.apply(current, mod), graph);
};

describe('assigning a stop to the network', () => {
  it('to a link sets the stop’s link', () => {
    const graph = transitTestGraph();
    expect(stopOf(applied(graph, assignStopToLink(graph, 's4', 'l4-5')), 's4')!.linkId).toBe('l4-5');
    expect(assignStopToLink(graph, 's4', 'nowhere')).toEqual({ refusal: { code: 'linkNotFound', params: { id: 'nowhere' } } });
  });

  it('to a node without a self-loop is refused: where to assign it cannot be decided', () => {
    const graph = transitTestGraph();
    const answer = assignStopToNode(graph, 's4', 'n4');
    expect(answer).toEqual({ refusal: { code: 'missingSelfLoop', params: { stopId: 's4', nodeId: 'n4' } } });
    expect(refusalText((answer as { refusal: Parameters<typeof refusalText>[0] }).refusal)).toBe('Node n4 has no self-loop link: cannot decide where to assign transit stop s4');
  });

  it('to a node with a self-loop uses it; a stop apart from the network gets a node and a self-loop of the §9 defaults', () => {
    const graph = transitTestGraph();
    const withLoop = applied(graph, assignStopWithSelfLoop(graph, 's5', () => 'abcdefgh-ijkl'));
    const stop = stopOf(withLoop, 's5')!;
    const loop = linkOf(withLoop, stop.linkId!) as NetworkLink;
    expect(loop).toMatchObject({ fromId: loop.toId, ...SELF_LOOP_LINK_DEFAULTS });
    const other = applied(withLoop, assignStopToNode(withLoop, 's4', loop.fromId));
    expect(stopOf(other, 's4')!.linkId).toBe(loop.id);
  });
});
