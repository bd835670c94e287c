/**
 * The main thread's side of applying changesets to a run's (or an export's) files (issue 28): checks that transit
 * modifications have a schedule to apply to, hands the stored network and schedule to the worker pool
 * (`apply-transit.ts`) and answers the new bytes of the files that changed. Errors stay as the worker threw them
 * (ChangesetNotApplicable, MatsimFormatError for the network, TooLargeToProcessError); callers word them.
 */
import { formatBytes } from '@corridor/contract';
import { badRequest } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { TooLargeToProcessError } from '../../workers/errors.ts';
import { storedBlob, type Asker, type Processing } from '../../workers/processing.ts';
import type { ChosenChangeset } from './apply-changesets.ts';
import { isTransitModification } from '@corridor/changesets';
import type { ScenarioApplyResult } from './apply-transit.ts';

/** A stored input file as the services read it. */
export interface StoredFile {
  name: string;
  blobKey: string;
  attributes: Record<string, unknown>;
}

export interface ChangesetFilesInput {
  network: StoredFile;
  schedule?: StoredFile;
  changesets: readonly ChosenChangeset[];
  /** The scenario's `__crs`. */
  crs: unknown;
  /** What a changeset with transit modifications but no schedule is refused with. */
  noSchedule: (changeset: string) => string;
}

export async function applyToFiles(deps: { blobs: BlobStore; processing: Processing }, input: ChangesetFilesInput, asker: Asker): Promise<ScenarioApplyResult> {
  const { network, schedule, changesets, crs, noSchedule } = input;
  const withTransit = changesets.find((changeset) => changeset.modifications.some(isTransitModification));
  if (withTransit && !schedule) throw badRequest(noSchedule(withTransit.name));
  // A network-only changeset can still change the schedule (a deleted link leaves the routes that used it).
  const scheduleBytes = schedule ? await readBounded(deps.blobs, schedule.blobKey, deps.processing.limits.previewMaxBytes) : undefined;
  return deps.processing.applyChangesets(
    storedBlob(deps.blobs, network.blobKey),
    {
      crs: typeof crs === 'string' ? crs : undefined,
      changesets: [...changesets],
      gzip: isGzip(network),
      ...(schedule && scheduleBytes ? { schedule: { bytes: scheduleBytes, name: schedule.name, gzip: isGzip(schedule) } } : {}),
    },
    asker,
  );
}

const isGzip = (file: StoredFile) => file.attributes.compression === 'gzip';

/** The stored bytes (as stored: compressed or not), refused past `max` like the worker's own bound. */
async function readBounded(blobs: BlobStore, blobKey: string, max: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of blobs.read(blobKey) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new TooLargeToProcessError(`it holds more than ${formatBytes(max)}`);
    parts.push(chunk);
  }
  return new Uint8Array(Buffer.concat(parts));
}
