/**
 * GET /datasets/files/{id}/summary: a population/plans file's or a transit schedule's summary. Read access is the
 * file's (FileAccess); computed once and kept as the derived file `summary.json`, so later calls only read it.
 */
import { FileSummary } from '@corridor/contract';
import { MatsimFormatError } from '@corridor/matsim';
import type { Actor } from '../../shared/access.ts';
import { badRequest } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FileAccess } from '../files/access.ts';
import type { FilesRepository } from '../files/repository.ts';
import { storeDerived } from '../network-processing/derived.ts';
import { summaryKindOf } from './summarize.ts';
import { tooLargeAnswer } from '../../workers/errors.ts';
import { askedBy, storedBlob, type Processing } from '../../workers/processing.ts';

export const SUMMARY_FILENAME = 'summary.json';
export const NO_SUMMARY = 'Only population, plans and transit schedule files have a summary.';

export interface FileSummaryDeps {
  files: FilesRepository;
  fileAccess: FileAccess;
  blobs: BlobStore;
  /** Reads the file off the main thread, bounded. */
  processing: Processing;
  onBlobLeak: (key: string, err: unknown) => void;
}

export class FileSummaryService {
  constructor(private readonly deps: FileSummaryDeps) {}

  /** `signal`: the client has gone; the work is dropped unless someone else waits for it too. */
  async get(actor: Actor | null, fileId: number, signal?: AbortSignal): Promise<FileSummary> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    const kind = summaryKindOf(file.tag);
    if (!kind) throw badRequest(NO_SUMMARY);
    const cached = await this.cached(fileId);
    if (cached?.kind === kind) return cached;
    let summary: FileSummary;
    try {
      summary = await this.deps.processing.summary(storedBlob(this.deps.blobs, file.blobKey), kind, askedBy(user, signal));
    } catch (err) {
      if (err instanceof MatsimFormatError) throw badRequest(`The file could not be read: ${err.message}`);
      throw tooLargeAnswer(err);
    }
    await storeDerived(this.deps, fileId, SUMMARY_FILENAME, Buffer.from(JSON.stringify(summary), 'utf8'));
    return summary;
  }

  /** The stored summary; a missing, unreadable or outdated one counts as none. */
  private async cached(fileId: number): Promise<FileSummary | null> {
    const derived = await this.deps.files.findDerived(fileId, SUMMARY_FILENAME);
    if (!derived) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of this.deps.blobs.read(derived.blobKey)) chunks.push(chunk as Buffer);
      const parsed = FileSummary.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
