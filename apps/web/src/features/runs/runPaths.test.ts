import { describe, expect, it } from 'vitest';
import { runPageOf, runPath, runsPath } from './runPaths.ts';

describe('run addresses', () => {
  it('builds the list and page addresses with the group as one segment', () => {
    expect(runsPath('ada')).toBe('/ada/runs');
    expect(runPath('team one', 12)).toBe('/team%20one/runs/12');
    expect(runPath('ada', 12, 'edit')).toBe('/ada/runs/12/edit');
  });

  it('names the page of an address (tabs hide on edit and delete)', () => {
    expect(runPageOf('/ada/runs/12')).toBe('');
    expect(runPageOf('/ada/runs/12/')).toBe('');
    expect(runPageOf('/ada/runs/12/edit')).toBe('edit');
    expect(runPageOf('/ada/runs/12/file')).toBe('file');
    expect(runPageOf('/runs/runs/3/files')).toBe('files');
  });
});
