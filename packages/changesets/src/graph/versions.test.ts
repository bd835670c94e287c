import type { Modification } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { graphBase, LINK, ScenarioGraph, type GraphEntity, type LinkEnds } from './graph.ts';
import { canRedoVersion, canUndoVersion, current, markSaved, pushVersion, redoModifications, redoVersion, startHistory, undoVersion, unsavedModifications } from './versions.ts';

interface Link extends LinkEnds {
  capacity: number;
}
const base = graphBase(new Map<string, ReadonlyMap<string, GraphEntity>>([[LINK, new Map([['ab', { id: 'ab', fromId: 'a', toId: 'b', capacity: 1000 } as Link]])]]));
const mod = (capacity: number): Modification => ({ type: 'network/updateLink', id: 'ab', changes: { capacity } });
const apply = (graph: ScenarioGraph, m: Modification) =>
  graph.edit((d) => d.put(LINK, { ...d.get<Link>(LINK, 'ab')!, capacity: (m as { changes: { capacity: number } }).changes.capacity }));
const capacity = (graph: ScenarioGraph) => graph.get<Link>(LINK, 'ab')!.capacity;

describe('history as a stack of graph versions (issue 27)', () => {
  it('undo and redo move between the very graph versions pushed; 1,000 edits come back identical', () => {
    let history = startHistory(ScenarioGraph.of(base));
    const graphs = [current(history)];
    for (let i = 1; i <= 1000; i++) {
      const graph = apply(current(history), mod(i));
      history = pushVersion(history, graph, mod(i));
      graphs.push(graph);
    }
    for (let i = 999; i >= 0; i--) {
      history = undoVersion(history);
      expect(current(history)).toBe(graphs[i]);
    }
    expect(canUndoVersion(history)).toBe(false);
    for (let i = 1; i <= 1000; i++) {
      history = redoVersion(history);
      expect(current(history)).toBe(graphs[i]);
    }
    expect(capacity(current(history))).toBe(1000);
    expect(canRedoVersion(history)).toBe(false);
  });

  it("keeps spec 2's model: saved entries cannot be undone, unsaved and redo lists read off the stack, a push drops redo", () => {
    let history = startHistory(ScenarioGraph.of(base), [mod(1), mod(2)], apply);
    expect(capacity(current(history))).toBe(2);
    expect(canUndoVersion(history)).toBe(false);
    history = pushVersion(history, apply(current(history), mod(3)), mod(3));
    history = pushVersion(history, apply(current(history), mod(4)), mod(4));
    history = undoVersion(history);
    expect(unsavedModifications(history)).toEqual([mod(3)]);
    expect(redoModifications(history)).toEqual([mod(4)]);
    history = pushVersion(history, apply(current(history), mod(5)), mod(5));
    expect(redoModifications(history)).toEqual([]);
    expect(unsavedModifications(history)).toEqual([mod(3), mod(5)]);
    history = markSaved(history);
    expect(unsavedModifications(history)).toEqual([]);
    expect(canUndoVersion(history)).toBe(false);
    expect(capacity(current(history))).toBe(5);
  });
});
