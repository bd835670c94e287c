import type { ConfigJson, RunConfigAnswer, RunDetails } from '@corridor/contract';

/** What a query gave so far (the fields of TanStack Query's result the page needs). */
export interface Loaded<T> {
  data?: T;
  error: Error | null;
  isPending: boolean;
}

export type RunInfo = Pick<RunDetails, 'id' | 'name' | 'groupName' | 'status'>;

/** One column of the comparison: a run with the configuration it ran with, or why it has none. */
export type RunColumn =
  | { id: number; state: 'loading' }
  | { id: number; state: 'ready'; run: RunInfo; source: string | null; config: ConfigJson }
  | { id: number; state: 'runUnavailable' }
  | { id: number; state: 'noConfig'; run: RunInfo }
  | { id: number; state: 'configError'; run: RunInfo; message: string };

export function runColumn(id: number, run: Loaded<RunDetails>, config: Loaded<RunConfigAnswer>): RunColumn {
  if (run.error) return { id, state: 'runUnavailable' };
  if (run.isPending || !run.data) return { id, state: 'loading' };
  const info: RunInfo = { id: run.data.id, name: run.data.name, groupName: run.data.groupName, status: run.data.status };
  if (config.error) return { id, state: 'configError', run: info, message: config.error.message };
  if (config.isPending || !config.data) return { id, state: 'loading' };
  if (!config.data.config) return { id, state: 'noConfig', run: info };
  return { id, state: 'ready', run: info, source: config.data.source?.name ?? null, config: config.data.config };
}

export type ReadyColumn = Extract<RunColumn, { state: 'ready' }>;

export function isReady(column: RunColumn): column is ReadyColumn {
  return column.state === 'ready';
}
