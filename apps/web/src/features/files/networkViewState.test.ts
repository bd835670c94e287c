import { describe, expect, it } from 'vitest';
import type { NetworkJob } from '../../api/scenarios.ts';
import { jobAboutFile, networkViewState } from './networkViewState.ts';

const LOG = 'network-processing.log';
const job = (status: string, extra: Partial<NetworkJob> = {}): NetworkJob => ({ status, fileId: 5, logFile: LOG, ...extra });

describe('jobAboutFile', () => {
  it('keeps a job about this file or one that names no file', () => {
    expect(jobAboutFile(job('STARTED'), 5)).toEqual(job('STARTED'));
    expect(jobAboutFile(job('STARTED', { fileId: undefined }), 5)?.status).toBe('STARTED');
  });
  it('drops a job about another file, and no job stays none', () => {
    expect(jobAboutFile(job('STARTED'), 6)).toBeUndefined();
    expect(jobAboutFile(undefined, 5)).toBeUndefined();
  });
});

describe('networkViewState', () => {
  it('shows the previews once any preview image exists, whatever the job says', () => {
    expect(networkViewState(undefined, ['network-speed.png'])).toEqual({ kind: 'previews' });
    expect(networkViewState(job('STARTED'), ['network-capacity.png'])).toEqual({ kind: 'previews' });
  });
  it('is processing while the job is created or started (other derived files are no previews)', () => {
    expect(networkViewState(job('CREATED'), [])).toEqual({ kind: 'processing' });
    expect(networkViewState(job('STARTED'), ['summary.json'])).toEqual({ kind: 'processing' });
  });
  it('failed carries the message and the log file', () => {
    expect(networkViewState(job('FAILED', { message: 'bad XML' }), [])).toEqual({ kind: 'failed', message: 'bad XML', logFile: LOG });
    expect(networkViewState(job('FAILED'), [])).toEqual({ kind: 'failed', message: null, logFile: LOG });
  });
  it('is not processed without previews and without a running or failed job', () => {
    expect(networkViewState(undefined, [])).toEqual({ kind: 'notProcessed' });
    expect(networkViewState(job('FINISHED'), [])).toEqual({ kind: 'notProcessed' });
  });
});
