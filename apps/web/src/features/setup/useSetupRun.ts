import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { engineApi } from '../../api/engine.ts';
import { licensesApi } from '../../api/licenses.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { setupAccount, useSignIn } from '../../api/session.ts';
import { retryEngine, runSetup, skipEngine, type SetupDeps, type SetupProgress } from './runSetup.ts';
import type { LicensePlan, SetupPlan } from './wizard.ts';

function addLicense(license: LicensePlan): Promise<unknown> {
  switch (license.kind) {
    case 'file':
      return licensesApi.addFile(license.file);
    case 'key':
      return licensesApi.addKey(license.key);
    case 'community':
      return licensesApi.addCommunity({ name: license.name, organisation: license.organisation });
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Starts the setup sequence once and follows its progress; leaving the page stops polling. */
export function useSetupRun() {
  const [progress, setProgress] = useState<SetupProgress>();
  const controller = useRef<AbortController | null>(null);
  const signIn = useSignIn();
  const queryClient = useQueryClient();

  useEffect(() => () => controller.current?.abort(), []);

  const plan = useRef<SetupPlan | null>(null);
  const deps = useCallback(
    (): SetupDeps => ({
      setupAccount,
      addLicense,
      startDownload: engineApi.startDownload,
      downloadStatus: engineApi.downloadStatus,
      onSignedIn: signIn,
      sleep,
    }),
    [signIn],
  );

  const start = useCallback(
    (chosen: SetupPlan) => {
      if (controller.current) return; // setup can run only once
      controller.current = new AbortController();
      plan.current = chosen;
      void runSetup(chosen, deps(), setProgress, controller.current.signal);
    },
    [deps],
  );

  /** Only after a failed engine download: the account and licence stay, the download runs again. */
  const retry = useCallback(() => {
    const version = plan.current?.engine;
    if (!version || !progress || progress.failure?.step !== 'engine' || !controller.current) return;
    void retryEngine(version, progress, deps(), setProgress, controller.current.signal);
  }, [deps, progress]);

  /** Only after a failed engine download: finish without MATSim. */
  const skip = useCallback(() => {
    if (progress?.failure?.step === 'engine') setProgress(skipEngine(progress));
  }, [progress]);

  /** Confirms the session the setup call opened with the server, without a loading screen. */
  const refreshSession = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    [queryClient],
  );

  return { progress, start, retry, skip, refreshSession };
}
