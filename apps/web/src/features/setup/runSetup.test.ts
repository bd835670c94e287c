import type { EngineDownloadStatus, SessionUser } from '@corridor/contract';
import { describe, expect, it, vi } from 'vitest';
import { retryEngine, runSetup, skipEngine, type SetupDeps, type SetupProgress } from './runSetup.ts';
import type { SetupPlan } from './wizard.ts';

const user: SessionUser = { userId: 1, username: 'admin', roles: ['admin'], teams: [], groupId: 1, groupName: 'admin', language: null };

function status(change: Partial<EngineDownloadStatus>): EngineDownloadStatus {
  return {
    version: '2025.0',
    state: 'downloading',
    receivedBytes: 0,
    totalBytes: 100,
    checksumVerified: false,
    error: null,
    path: null,
    ...change,
  };
}

function deps(change: Partial<SetupDeps> = {}): SetupDeps {
  return {
    setupAccount: vi.fn(async () => user),
    addLicense: vi.fn(async () => ({})),
    startDownload: vi.fn(async () => status({})),
    downloadStatus: vi.fn(async () => status({ state: 'done', receivedBytes: 100 })),
    onSignedIn: vi.fn(),
    sleep: vi.fn(async () => undefined),
    ...change,
  };
}

const plan: SetupPlan = {
  account: { username: 'admin', password: 'secret' },
  license: { kind: 'key', key: 'abc' },
  engine: '2025.0',
};

const statuses = (progress: SetupProgress) => progress.steps.map((step) => `${step.id}:${step.status}`);

describe('runSetup', () => {
  it('runs account, licence and engine in order and signs the administrator in', async () => {
    const calls = deps();
    const result = await runSetup(plan, calls, () => undefined, new AbortController().signal);
    expect(statuses(result)).toEqual(['account:done', 'license:done', 'engine:done']);
    expect(result.done).toBe(true);
    expect(calls.onSignedIn).toHaveBeenCalledWith(user);
    expect(calls.addLicense).toHaveBeenCalledWith(plan.license);
    expect(calls.startDownload).toHaveBeenCalledWith('2025.0');
    expect(result.download?.state).toBe('done');
  });

  it('skips the engine when no version is chosen', async () => {
    const calls = deps();
    const result = await runSetup({ ...plan, engine: null }, calls, () => undefined, new AbortController().signal);
    expect(statuses(result)).toEqual(['account:done', 'license:done']);
    expect(calls.startDownload).not.toHaveBeenCalled();
  });

  it('stops at the first failure', async () => {
    const calls = deps({ addLicense: vi.fn(async () => Promise.reject(new Error('expired'))) });
    const result = await runSetup(plan, calls, () => undefined, new AbortController().signal);
    expect(statuses(result)).toEqual(['account:done', 'license:failed', 'engine:pending']);
    expect(result.failure).toEqual({ step: 'license', detail: 'expired' });
    expect(result.done).toBe(false);
    expect(calls.startDownload).not.toHaveBeenCalled();
  });

  it('reports the server text of a failed download', async () => {
    const calls = deps({ downloadStatus: vi.fn(async () => status({ state: 'error', error: 'checksum mismatch' })) });
    const result = await runSetup(plan, calls, () => undefined, new AbortController().signal);
    expect(result.failure).toEqual({ step: 'engine', detail: 'checksum mismatch' });
  });

  it('tolerates a few failed polls', async () => {
    const downloadStatus = vi
      .fn<SetupDeps['downloadStatus']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(status({ receivedBytes: 50 }))
      .mockResolvedValueOnce(status({ state: 'done', receivedBytes: 100 }));
    const result = await runSetup(plan, deps({ downloadStatus }), () => undefined, new AbortController().signal);
    expect(result.done).toBe(true);
    expect(downloadStatus).toHaveBeenCalledTimes(3);
  });
});

describe('a failed engine download', () => {
  const failed = async () => {
    const calls = deps({ downloadStatus: vi.fn(async () => status({ state: 'error', error: 'offline' })) });
    return runSetup(plan, calls, () => undefined, new AbortController().signal);
  };

  it('can be retried: the account and licence are not set up again', async () => {
    const first = await failed();
    const calls = deps();
    const result = await retryEngine('2025.0', first, calls, () => undefined, new AbortController().signal);
    expect(statuses(result)).toEqual(['account:done', 'license:done', 'engine:done']);
    expect(result.failure).toBeUndefined();
    expect(result.done).toBe(true);
    expect(calls.setupAccount).not.toHaveBeenCalled();
    expect(calls.addLicense).not.toHaveBeenCalled();
  });

  it('that fails again keeps the new reason', async () => {
    const first = await failed();
    const calls = deps({ downloadStatus: vi.fn(async () => status({ state: 'error', error: 'still offline' })) });
    const result = await retryEngine('2025.0', first, calls, () => undefined, new AbortController().signal);
    expect(result.failure).toEqual({ step: 'engine', detail: 'still offline' });
    expect(result.done).toBe(false);
  });

  it('can be skipped: setup ends done without MATSim', async () => {
    const result = skipEngine(await failed());
    expect(statuses(result)).toEqual(['account:done', 'license:done', 'engine:skipped']);
    expect(result.done).toBe(true);
    expect(result.failure).toBeUndefined();
  });
});
