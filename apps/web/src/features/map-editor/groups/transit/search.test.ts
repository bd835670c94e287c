import { transitTestGraph } from '@corridor/changesets/testing';
import { describe, expect, it } from 'vitest';
import { transitSuggestions } from './search.ts';

describe('transit search (spec 2 §2, §9)', () => {
  it('finds stop groups by name and lines by id or name, ids that start with the query first', () => {
    const graph = transitTestGraph();
    // Every test stop stands at one place: they are one stop group, named after its first stop.
    expect(transitSuggestions(graph, 'stop s')).toEqual([{ kind: 'stopGroup', id: 's1', label: 'Stop s1 (s1)' }]);
    expect(transitSuggestions(graph, 'line 1')).toEqual([{ kind: 'line', id: 'L1', label: 'Line 1 (L1)' }]);
    expect(transitSuggestions(graph, 'l').map((s) => s.id)).toEqual(['L2', 'L1']);
    expect(transitSuggestions(graph, '  ')).toEqual([]);
  });
});
