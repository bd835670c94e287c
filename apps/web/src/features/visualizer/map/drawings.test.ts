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

  test('keeps each layer\'s legend and current values until the layer goes; listeners hear new values', () => {
    const drawings = createDrawings();
    let heard = 0;
    drawings.subscribe(() => heard++);
    const values = Float32Array.of(1, -2);
    drawings.setValues('l1', 'link-volume-difference', values);
    drawings.setValues('l1', 'link-volume-difference', values);
    expect(heard).toBe(1);
    expect(drawings.values('l1', 'link-volume-difference')).toBe(values);
    drawings.setLegend('l1', () => ({ attribute: 'x', legend: { kind: 'fixed', color: '#000000' } }));
    drawings.setLegend('l2', () => ({ attribute: null, legend: { kind: 'noData' } }));
    expect(drawings.legends(['l2', 'l1', 'l3']).map(({ id }) => id)).toEqual(['l2', 'l1']);
    drawings.delete('l1');
    expect(drawings.values('l1', 'link-volume-difference')).toBeNull();
    expect(drawings.legends(['l1', 'l2']).map(({ id }) => id)).toEqual(['l2']);
  });
});
