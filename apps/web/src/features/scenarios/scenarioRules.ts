import type { Dataset, FileEntry } from '@corridor/contract';
import { networkJob } from '../../api/scenarios.ts';

/** The Scenario Editor waits this long after a network file was added when no job exists (spec 1 §9). */
export const EDITOR_DELAY_MS = 10_000;

export function filesTagged(files: readonly FileEntry[], prefix: string): FileEntry[] {
  return files.filter((file) => file.tag?.startsWith(prefix));
}

export function configFile(files: readonly FileEntry[]): FileEntry | undefined {
  return filesTagged(files, 'config_v')[0];
}

/** Start a run needs a config and a network file (spec 1 §2.10). */
export function canStartRun(files: readonly FileEntry[]): boolean {
  return filesTagged(files, 'config_v').length > 0 && filesTagged(files, 'network_v').length > 0;
}

export interface EditorAvailability {
  available: boolean;
  /** When the answer may change by time alone (epoch ms); the caller looks again then. */
  recheckAt?: number;
}

/**
 * Whether the Scenario Editor is offered (spec 1 §2.10): the network's post-processing job has
 * FINISHED, or, when there is no job, the network file was added more than 10 seconds ago.
 */
export function editorAvailability(dataset: Pick<Dataset, 'attributes' | 'files'>, now: number): EditorAvailability {
  const networks = filesTagged(dataset.files, 'network_v');
  if (networks.length !== 1) return { available: false };
  const network = networks[0]!;
  const job = networkJob(dataset);
  // A job about another (since deleted) network file says nothing about this one.
  if (job?.status && (job.fileId === undefined || job.fileId === network.id)) {
    return { available: job.status === 'FINISHED' };
  }
  const readyAt = Date.parse(network.added) + EDITOR_DELAY_MS;
  if (Number.isNaN(readyAt)) return { available: true };
  return now > readyAt ? { available: true } : { available: false, recheckAt: readyAt + 1 };
}
