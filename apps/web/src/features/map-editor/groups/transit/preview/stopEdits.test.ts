import { EDIT_KINDS, routeOf, stopOf } from '@corridor/changesets';
import { transitTestGraph } from '@corridor/changesets/testing';
import { describe, expect, it } from 'vitest';
import panelsEn from '../../../i18n/panels.en.json' with { type: 'json' };
import { stopIdError, stopUpdate } from './stopEdits.ts';

describe('stop id and name (spec 2 §5)', () => {
  const graph = transitTestGraph();
  const s1 = stopOf(graph, 's1')!;

  it('says the exact messages for an empty or a taken id; the current id is allowed', () => {
    expect(stopIdError(graph, 's1', '   ')).toBe('stopIdEmpty');
    expect(stopIdError(graph, 's1', 's2')).toBe('stopIdTaken');
    expect(stopIdError(graph, 's1', ' s1 ')).toBeUndefined();
    expect(panelsEn.stop.errors.stopIdEmpty).toBe('Stop Id must not be empty');
    expect(panelsEn.stop.errors.stopIdTaken).toBe('Stop Id must be unique');
  });

  it('saves a trimmed new id into every route that serves the stop, and a changed name only', () => {
    const mod = stopUpdate(graph, s1, 'id', '  s1-new ')!;
    const after = EDIT_KINDS.apply(graph, mod);
    expect(stopOf(after, 's1-new')).toMatchObject({ name: 'Stop s1' });
    expect(routeOf(after, 'L1', 'R1')!.stops[0]!.id).toBe('s1-new');
    expect(stopUpdate(graph, s1, 'id', 's2')).toBeUndefined();
    expect(stopUpdate(graph, s1, 'name', ' Stop s1 ')).toBeUndefined();
    expect(stopUpdate(graph, s1, 'name', ' Main Street ')).toMatchObject({ stop: { id: 's1', name: 'Main Street' } });
  });
});
