import { describe, expect, it } from 'vitest';
import { canCancel, jobLogPath } from './jobLinks.ts';

describe('jobs page links', () => {
  it('links the log viewer of the run', () => {
    expect(jobLogPath({ url: '/ada/runs/12' })).toBe('/ada/runs/12/file?logfile=1');
    expect(jobLogPath({ url: null })).toBeNull();
  });

  it('offers Cancel for created, scheduled and started jobs only', () => {
    expect(['CREATED', 'SUBMITTED', 'STARTED', 'FINISHED', 'FAILED', 'CANCELLED'].filter((jobStatus) => canCancel({ jobStatus: jobStatus as never, external: false }))).toEqual([
      'CREATED',
      'SUBMITTED',
      'STARTED',
    ]);
  });

  it('offers no Cancel for a run executing outside Corridor', () => {
    expect(canCancel({ jobStatus: 'STARTED', external: true })).toBe(false);
  });
});
