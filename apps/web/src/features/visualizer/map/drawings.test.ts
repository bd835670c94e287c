import { describe, expect, test } from 'vitest';
import { createDrawings } from './drawings.ts';

describe('layer drawings', () => {
  test('gives the builders in the asked order and says when something changed since the last frame', () => {
    const drawings = createDrawings();
    const a = () => [];
    const b = () => [];
    drawings.set('a', a);
    drawings.set('b', b);
    expect(drawings.take(['b', 'a', 'missing'])).toEqual({ builders: [b, a], dirty: true });
    expect(drawings.take(['a']).dirty).toBe(false);
    drawings.invalidate();
    expect(drawings.take(['a']).dirty).toBe(true);
    drawings.delete('a');
    expect(drawings.take(['a', 'b'])).toEqual({ builders: [b], dirty: true });
  });

  test('keeps the loading or error state and tells listeners only about changes', () => {
    const drawings = createDrawings();
    let heard = 0;
    drawings.subscribe(() => heard++);
    drawings.setStatus('a', { layer: 'network', state: 'loading' });
    drawings.setStatus('a', { layer: 'network', state: 'loading' });
    expect(heard).toBe(1);
    drawings.setStatus('b', { layer: 'vehicles', state: 'error', message: 'boom' });
    expect([...drawings.statuses().entries()]).toEqual([
      ['a', { layer: 'network', state: 'loading' }],
      ['b', { layer: 'vehicles', state: 'error', message: 'boom' }],
    ]);
    drawings.setStatus('a', null);
    drawings.delete('b');
    expect(drawings.statuses().size).toBe(0);
    expect(heard).toBe(4);
  });
});
