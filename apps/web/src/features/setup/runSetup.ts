import type { EngineDownloadStatus, EngineVersion, SessionUser } from '@corridor/contract';
import type { LicensePlan, SetupPlan } from './wizard.ts';

export type StepId = 'account' | 'license' | 'engine';
export type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

export interface SetupStep {
  id: StepId;
  status: StepStatus;
}

export interface SetupProgress {
  steps: SetupStep[];
  /** Latest engine download status while the engine step runs. */
  download?: EngineDownloadStatus;
  /**
   * The step that failed, with the server's text where the message shows it. A failed engine download is not a
   * failed setup: the account and licence are in place, and the download can be retried or skipped.
   */
  failure?: { step: StepId; detail?: string };
  done: boolean;
}

/** The calls setup makes; injected so the sequence can be tested without a server. */
export interface SetupDeps {
  setupAccount(account: SetupPlan['account']): Promise<SessionUser>;
  addLicense(license: LicensePlan): Promise<unknown>;
  startDownload(version: EngineVersion): Promise<EngineDownloadStatus>;
  downloadStatus(signal: AbortSignal): Promise<EngineDownloadStatus>;
  /** Setup signs the new administrator in. */
  onSignedIn(user: SessionUser): void;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const DOWNLOAD_POLL_MS = 500;
/** Poll failures in a row tolerated before the download counts as failed. */
const POLL_FAILURES_TOLERATED = 3;

export function initialProgress(plan: SetupPlan): SetupProgress {
  const ids: StepId[] = plan.engine ? ['account', 'license', 'engine'] : ['account', 'license'];
  return { steps: ids.map((id) => ({ id, status: 'pending' })), done: false };
}

function errorText(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

class StepFailure extends Error {
  constructor(readonly detail?: string) {
    super(detail);
  }
}

async function downloadEngine(
  version: EngineVersion,
  deps: SetupDeps,
  report: (download: EngineDownloadStatus) => void,
  signal: AbortSignal,
): Promise<void> {
  let status = await deps.startDownload(version);
  let failuresInARow = 0;
  for (;;) {
    report(status);
    if (status.state === 'done') return;
    if (status.state === 'error') throw new StepFailure(status.error ?? undefined);
    await deps.sleep(DOWNLOAD_POLL_MS, signal);
    try {
      status = await deps.downloadStatus(signal);
      failuresInARow = 0;
    } catch (error) {
      if (signal.aborted || ++failuresInARow > POLL_FAILURES_TOLERATED) throw error;
    }
  }
}

/**
 * Runs setup in the order of spec 1 §4: the administrator account, then the licence, then
 * (if chosen) the engine download. The first failure stops the flow. Every change is reported
 * through `onProgress`; the final state is also returned.
 */
export async function runSetup(
  plan: SetupPlan,
  deps: SetupDeps,
  onProgress: (progress: SetupProgress) => void,
  signal: AbortSignal,
): Promise<SetupProgress> {
  let progress = initialProgress(plan);
  const update = (change: Partial<SetupProgress>) => {
    progress = { ...progress, ...change };
    if (!signal.aborted) onProgress(progress);
  };
  const setStatus = (id: StepId, status: StepStatus) =>
    update({ steps: progress.steps.map((step) => (step.id === id ? { id, status } : step)) });

  const steps: Record<StepId, () => Promise<void>> = {
    account: async () => deps.onSignedIn(await deps.setupAccount(plan.account)),
    license: async () => {
      await deps.addLicense(plan.license);
    },
    engine: async () => {
      if (plan.engine) await downloadEngine(plan.engine, deps, (download) => update({ download }), signal);
    },
  };

  onProgress(progress);
  for (const { id } of progress.steps) {
    setStatus(id, 'running');
    try {
      await steps[id]();
    } catch (error) {
      setStatus(id, 'failed');
      const detail = error instanceof StepFailure ? error.detail : errorText(error);
      update({ failure: { step: id, detail } });
      return progress;
    }
    setStatus(id, 'done');
  }
  update({ done: true });
  return progress;
}

/** After a failed engine download: downloads again, ending done or with the new failure. */
export async function retryEngine(
  version: EngineVersion,
  previous: SetupProgress,
  deps: SetupDeps,
  onProgress: (progress: SetupProgress) => void,
  signal: AbortSignal,
): Promise<SetupProgress> {
  let progress: SetupProgress = { ...previous, failure: undefined, download: undefined };
  const update = (change: Partial<SetupProgress>) => {
    progress = { ...progress, ...change };
    if (!signal.aborted) onProgress(progress);
  };
  const setEngine = (status: StepStatus) =>
    update({ steps: progress.steps.map((step) => (step.id === 'engine' ? { id: step.id, status } : step)) });
  setEngine('running');
  try {
    await downloadEngine(version, deps, (download) => update({ download }), signal);
  } catch (error) {
    setEngine('failed');
    update({ failure: { step: 'engine', detail: error instanceof StepFailure ? error.detail : errorText(error) } });
    return progress;
  }
  setEngine('done');
  update({ done: true });
  return progress;
}

/** After a failed engine download: setup ends without MATSim (releases can be added in the settings later). */
export function skipEngine(previous: SetupProgress): SetupProgress {
  return {
    ...previous,
    steps: previous.steps.map((step) => (step.id === 'engine' ? { id: step.id, status: 'skipped' } : step)),
    failure: undefined,
    done: true,
  };
}
