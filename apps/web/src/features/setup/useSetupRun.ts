import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { engineApi } from '../../api/engine.ts';
import { licensesApi } from '../../api/licenses.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { setupAccount, useSignIn } from '../../api/session.ts';
import { runSetup, type SetupDeps, type SetupProgress } from './runSetup.ts';
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

  const start = useCallback(
    (plan: SetupPlan) => {
      if (controller.current) return; // setup can run only once
      controller.current = new AbortController();
      const deps: SetupDeps = {
        setupAccount,
        addLicense,
        startDownload: engineApi.startDownload,
        downloadStatus: engineApi.downloadStatus,
        onSignedIn: signIn,
        sleep,
      };
      void runSetup(plan, deps, setProgress, controller.current.signal);
    },
    [signIn],
  );

  /** Confirms the session the setup call opened with the server, without a loading screen. */
  const refreshSession = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    [queryClient],
  );

  return { progress, start, refreshSession };
}
