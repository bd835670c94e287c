import { describe, expect, it } from 'vitest';
import { markOf, runOrigin } from './runOrigin.ts';

describe('runOrigin', () => {
  it('marks an imported run as imported, external or not', () => {
    expect(runOrigin({ attributes: { __imported: true }, run: { external: true } })).toBe('imported');
    expect(runOrigin({ attributes: { __imported: true }, run: { external: false } })).toBe('imported');
  });
  it('marks a run reporting from outside as external', () => {
    expect(runOrigin({ attributes: {}, run: { external: true } })).toBe('external');
  });
  it('leaves a scheduled run unmarked', () => {
    expect(runOrigin({ attributes: { __imported: 'yes' }, run: { external: false } })).toBeNull();
  });
  it('marks a run list entry by the origin the server gives', () => {
    expect([markOf('imported'), markOf('external'), markOf('scheduled')]).toEqual(['imported', 'external', null]);
  });
});
