/**
 * The run of the current /{group}/runs/{id}/… page.
 *
 * Path: apps/web/src/features/runs/RunContext.ts
 * API:  `useRunContext(): RunDetails` — the loaded run (GET /datasets/run/{id}, refreshed every 10 s by the run
 *       layout until settled). Only below `RunLayout` (apps/web/src/features/runs/RunLayout.tsx), which renders
 *       an <Outlet/> for the run's child pages (overview, edit, delete, files, file).
 *       `runPath(groupName, id, page?)` and `runsPath(groupName)` in ./runPaths.ts build the addresses.
 */
import type { RunDetails } from '@corridor/contract';
import { createContext, useContext } from 'react';

export const RunContext = createContext<RunDetails | undefined>(undefined);

/** The loaded run; throws outside the run layout. */
export function useRunContext(): RunDetails {
  const run = useContext(RunContext);
  if (!run) throw new Error('useRunContext outside the run layout');
  return run;
}
