/**
 * GET /datasets/files/{id}/transit (issue 28): the transit data of a transit schedule file for the map editor.
 * Read access is the file's (FileAccess: 404 for files the caller cannot see). The data is made once per file in
 * the worker pool (`build.ts`) and kept as the derived file `transit-data.json.gz` — the answer's bytes, gzip — so
 * later calls send the stored bytes and never parse the XML again.
 *
 * The coordinates depend on the CRS: the schedule's own, else the one its scenario's network is drawn with (that
 * network's own, else the scenario's `__crs`; `fallbackCrs`). The derived file's type records which: a schedule
 * naming its own CRS is kept whatever the scenarios say; otherwise a changed CRS makes the stored form stale, and the
 * next call makes it again (replacing the old one).
 */
import { gzipJsonBody, type GzipJsonBody } from '../../plugins/gzip-json.ts';
import { storeDerived } from '../network-processing/derived.ts';
import { NetworkInfo, NO_TRANSIT_DATA } from '@corridor/contract';
import { MatsimFormatError } from '@corridor/matsim';
import { buffer } from 'node:stream/consumers';
import type { Actor } from '../../shared/access.ts';
import { badRequest } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FileAccess } from '../files/access.ts';
import type { FileRow, FilesRepository } from '../files/repository.ts';
import { summaryKindOf } from '../file-summary/summarize.ts';
import { NETWORK_INFO_FILENAME } from '../network-processing/processor.ts';
import { tooLargeAnswer } from '../../workers/errors.ts';
import { askedBy, storedBlob, type Processing } from '../../workers/processing.ts';

export const TRANSIT_DATA_FILENAME = 'transit-data.json.gz';
/** The stored form's version: a change of the answer's shape makes older ones stale. */
const VERSION = 1;

/** What the derived file's type records: the form's version and the CRS it was made with. */
type Made = { v: number; fileCrs: string } | { v: number; fallback: string | null };
const typeOf = (made: Made) => `transit-data ${JSON.stringify(made)}`;

export interface TransitDataDeps {
  files: FilesRepository;
  fileAccess: FileAccess;
  blobs: BlobStore;
  processing: Processing;
  datasets: { findById(id: number): Promise<{ attributes: Record<string, unknown> } | null> };
  onBlobLeak: (key: string, err: unknown) => void;
}


export class TransitDataService {
  constructor(private readonly deps: TransitDataDeps) {}

  /** `signal`: the client has gone; the build is dropped unless someone else waits for it too. */
  async get(actor: Actor | null, fileId: number, signal?: AbortSignal): Promise<GzipJsonBody> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    if (summaryKindOf(file.tag) !== 'transit') throw badRequest(NO_TRANSIT_DATA);
    const fallback = await this.fallbackCrs(file);
    const stored = await this.deps.files.findDerived(fileId, TRANSIT_DATA_FILENAME);
    if (stored && this.current(stored.type, fallback)) return { gzip: this.deps.blobs.read(stored.blobKey), size: stored.size };

    let built;
    try {
      built = await this.deps.processing.transitData(storedBlob(this.deps.blobs, file.blobKey), fallback, askedBy(user, signal));
    } catch (err) {
      if (err instanceof MatsimFormatError) throw badRequest(`The transit schedule "${file.name}" could not be read: ${err.message}`);
      throw tooLargeAnswer(err);
    }
    const made: Made = built.fileCrs !== null ? { v: VERSION, fileCrs: built.fileCrs } : { v: VERSION, fallback };
    await storeDerived(this.deps, fileId, TRANSIT_DATA_FILENAME, built.gzip, typeOf(made));
    return gzipJsonBody(built.gzip);
  }

  /** Whether the stored form is of this version and made with the CRS that holds now. */
  private current(type: string, fallback: string | null): boolean {
    if (!type.startsWith('transit-data ')) return false;
    try {
      const made = JSON.parse(type.slice('transit-data '.length)) as Made;
      if (made.v !== VERSION) return false;
      return 'fileCrs' in made || made.fallback === fallback;
    } catch {
      return false;
    }
  }

  private fallbackCrs(file: FileRow): Promise<string | null> {
    return fallbackCrsOf(this.deps, file);
  }
}

/**
 * The CRS for a file that names none (a transit schedule, a DRT file): that of the map the editor draws it on and
 * of the runs that apply its changes (`jobs/apply-transit.ts`: the network's). For the first scenario (or run) using
 * the file: the CRS its newest network was processed with (`network-info/info.json`: the network's own, else the
 * scenario's), else the scenario's `__crs`.
 */
export async function fallbackCrsOf(deps: Pick<TransitDataDeps, 'files' | 'blobs' | 'datasets'>, file: FileRow): Promise<string | null> {
  const { usages } = await deps.files.withUsages(file, { userId: 0, admin: true });
  for (const { id } of usages) {
    const [network] = await deps.files.networkFilesOf(id);
    const networkCrs = network ? await processedCrs(deps, network.id) : null;
    if (networkCrs) return networkCrs;
    const crs = (await deps.datasets.findById(id))?.attributes.__crs;
    if (typeof crs === 'string' && crs.trim() !== '') return crs.trim();
  }
  return null;
}

/** The CRS a network's map form was made with; null when it has none or is not processed (yet). */
async function processedCrs(deps: Pick<TransitDataDeps, 'files' | 'blobs'>, networkId: number): Promise<string | null> {
  const info = await deps.files.findDerived(networkId, NETWORK_INFO_FILENAME);
  if (!info) return null;
  try {
    const parsed = NetworkInfo.safeParse(JSON.parse((await buffer(deps.blobs.read(info.blobKey))).toString('utf8')));
    return parsed.success && parsed.data.crs ? parsed.data.crs : null;
  } catch {
    return null;
  }
}
