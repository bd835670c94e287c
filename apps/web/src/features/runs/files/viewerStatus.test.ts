import { describe, expect, it } from 'vitest';
import { viewerGate, viewerStatus } from './viewerStatus.ts';

describe('run file viewer status', () => {
  it('shows the decompressed beginning of compressed files, whatever their size (issue 24)', () => {
    expect(viewerGate({ name: 'output_events.xml.gz', size: 500_000_000 }, false)).toBe('head');
    expect(viewerGate({ name: 'plans.xml.ZST', size: 10 }, true)).toBe('head');
    expect(viewerStatus('head', 'pending')).toBe('loading');
    expect(viewerStatus('head', 'success')).toBe('content');
    // Only a download where no beginning can be read (system files).
    expect(viewerGate({ name: 'log.txt.gz', size: 10 }, false, false)).toBe('compressed');
  });

  it('shows png, jpg, jpeg, gif and webp as images whatever their size', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.gif', 'e.webp']) expect(viewerGate({ name, size: 5_000_000 }, false)).toBe('image');
    expect(viewerGate({ name: 'f.svg', size: 10 }, false)).toBe('load');
  });

  it('loads text under 100 KB at once, asks up to 2 MB, refuses above', () => {
    expect(viewerGate({ name: 'scorestats.csv', size: 99_999 }, false)).toBe('load');
    expect(viewerGate({ name: 'scorestats.csv', size: 100_000 }, false)).toBe('bigfile');
    expect(viewerGate({ name: 'scorestats.csv', size: 100_000 }, true)).toBe('load');
    expect(viewerGate({ name: 'log.txt', size: 2_000_000 }, true)).toBe('load');
    expect(viewerGate({ name: 'log.txt', size: 2_000_001 }, true)).toBe('toobig');
  });

  it('follows the request once the file loads', () => {
    expect(viewerStatus('load', 'pending')).toBe('loading');
    expect(viewerStatus('load', 'success')).toBe('content');
    expect(viewerStatus('load', 'error')).toBe('error');
    expect(viewerStatus('toobig', 'pending')).toBe('toobig');
  });
});
