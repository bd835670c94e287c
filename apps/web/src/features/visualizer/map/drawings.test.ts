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
});
