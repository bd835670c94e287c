import { NETWORK_DERIVED_IMAGES } from '@corridor/contract';
import type { NetworkJob } from '../../api/scenarios.ts';

/**
 * What the network view shows (spec 1 §2.13): the preview panels once any preview image exists; otherwise a
 * "not processed yet" state that says whether processing is under way or failed (with its message and log).
 */
export type NetworkViewState =
  | { kind: 'previews' }
  | { kind: 'processing' }
  | { kind: 'failed'; message: string | null; logFile: string }
  | { kind: 'notProcessed' };

/** The scenario's processing job counts for this file unless it names another one. */
export function jobAboutFile(job: NetworkJob | undefined, fileId: number): NetworkJob | undefined {
  return job && (job.fileId === undefined || job.fileId === fileId) ? job : undefined;
}

export function networkViewState(job: NetworkJob | undefined, derivedTypes: readonly string[]): NetworkViewState {
  if (derivedTypes.some((type) => (NETWORK_DERIVED_IMAGES as readonly string[]).includes(type))) return { kind: 'previews' };
  if (job?.status === 'CREATED' || job?.status === 'STARTED') return { kind: 'processing' };
  if (job?.status === 'FAILED') return { kind: 'failed', message: job.message ?? null, logFile: job.logFile };
  return { kind: 'notProcessed' };
}
