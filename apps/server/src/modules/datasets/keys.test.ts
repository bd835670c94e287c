import { describe, expect, it } from 'vitest';
import { freeKey } from './keys.ts';

describe('freeKey', () => {
  it('keeps a free key and otherwise takes the first free suffix', () => {
    expect(freeKey('berlin', [])).toBe('berlin');
    expect(freeKey('berlin', ['berlin'])).toBe('berlin-2');
    expect(freeKey('berlin', ['berlin', 'berlin-2', 'berlin-4'])).toBe('berlin-3');
    expect(freeKey('berlin-2', ['berlin-2'])).toBe('berlin-2-2');
  });
});
