import { SERVER_FILES_MESSAGES as M } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { isInside, relativeParts } from './paths.ts';

describe('server file paths', () => {
  it('splits relative paths, ignoring empty and "." parts and accepting "\\"', () => {
    expect(relativeParts('')).toEqual([]);
    expect(relativeParts('./runs//equil/')).toEqual(['runs', 'equil']);
    expect(relativeParts('runs\\equil\\scorestats.csv')).toEqual(['runs', 'equil', 'scorestats.csv']);
    expect(relativeParts('a..b/c...')).toEqual(['a..b', 'c...']);
  });

  it('refuses absolute paths, "..", hidden names and NUL with their message', () => {
    const message = (text: string) => {
      try {
        relativeParts(text);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(message('/etc/passwd')).toBe(M.absolute);
    expect(message('\\\\server\\share')).toBe(M.absolute);
    expect(message('C:/Windows')).toBe(M.absolute);
    expect(message('runs/../../etc')).toBe(M.parent);
    expect(message('..')).toBe(M.parent);
    expect(message('runs/.ssh/id_rsa')).toBe(M.hidden);
    expect(message('a\u0000b')).toMatch(/NUL/);
  });

  it('knows what is inside the root', () => {
    expect(isInside('/data/runs', '/data/runs')).toBe(true);
    expect(isInside('/data/runs', '/data/runs/equil/x.csv')).toBe(true);
    expect(isInside('/data/runs', '/data/runs-other/x.csv')).toBe(false);
    expect(isInside('/data/runs', '/data')).toBe(false);
    expect(isInside('/data/runs', '/data/runs/..x')).toBe(true);
  });
});
