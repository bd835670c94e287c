/**
 * POST /datasets/files/{id}/link-use (issue 24): which of the asked links a population/plans file uses. Read access
 * is the file's (FileAccess: 404 for files the caller cannot see). The index is built once per file in the worker
 * pool (`build.ts`) and kept as the derived file `link-use.json`; a small index stays parsed in memory (a few files'
 * worth), a large one is asked in a worker each time, so the event loop never parses more than `MAX_PARSED_BYTES`.
 */
import type { LinkUseAnswer, LinkUseLink } from '@corridor/contract';
import { MatsimFormatError } from '@corridor/matsim';
import type { Actor } from '../../shared/access.ts';
import { badRequest } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FileAccess } from '../files/access.ts';
import type { FilesRepository } from '../files/repository.ts';
import { storeDerived } from '../network-processing/derived.ts';
import { summaryKindOf } from '../file-summary/summarize.ts';
import { tooLargeAnswer } from '../../workers/errors.ts';
import { askedBy, storedBlob, type Processing } from '../../workers/processing.ts';
import type { LinkUseIndex } from './build.ts';
import { lookUp, parseIndex } from './lookup.ts';

export const LINK_USE_FILENAME = 'link-use.json';
export const NO_LINK_USE = 'Only population and plans files have an index of link use.';
/** An index up to this size is parsed on the main thread and kept; a larger one is asked in a worker. */
export const MAX_PARSED_BYTES = 16 << 20;
/** Parsed indexes kept, by derived blob (their JSON is at most MAX_PARSED_BYTES each). */
const KEPT = 4;

export interface LinkUseDeps {
  files: FilesRepository;
  fileAccess: FileAccess;
  blobs: BlobStore;
  processing: Processing;
  onBlobLeak: (key: string, err: unknown) => void;
}

export class LinkUseService {
  /** Parsed small indexes by their blob key, least recently used first. */
  private readonly parsed = new Map<string, LinkUseIndex>();

  constructor(private readonly deps: LinkUseDeps) {}

  /** `signal`: the client has gone; the build is dropped unless someone else waits for it too. */
  async get(actor: Actor | null, fileId: number, links: LinkUseLink[], signal?: AbortSignal): Promise<LinkUseAnswer> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    if (summaryKindOf(file.tag) !== 'population') throw badRequest(NO_LINK_USE);
    const asker = askedBy(user, signal);
    const derived = await this.deps.files.findDerived(fileId, LINK_USE_FILENAME);
    if (derived) {
      const answer = await this.fromStored(derived.blobKey, derived.size, links, asker);
      if (answer) return answer;
    }
    let bytes: Uint8Array;
    try {
      bytes = await this.deps.processing.linkUse(storedBlob(this.deps.blobs, file.blobKey), asker);
    } catch (err) {
      if (err instanceof MatsimFormatError) throw badRequest(`The file could not be read: ${err.message}`);
      throw tooLargeAnswer(err);
    }
    await storeDerived(this.deps, fileId, LINK_USE_FILENAME, bytes);
    const index = bytes.length <= MAX_PARSED_BYTES ? parseIndex(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8')) : undefined;
    if (index) {
      const stored = await this.deps.files.findDerived(fileId, LINK_USE_FILENAME);
      if (stored) this.keep(stored.blobKey, index);
      return { persons: index.persons, links: lookUp(index, links) };
    }
    const stored = await this.deps.files.findDerived(fileId, LINK_USE_FILENAME);
    const answer = stored && (await this.fromStored(stored.blobKey, stored.size, links, asker));
    if (!answer) throw new Error(`The index of link use of file ${fileId} could not be read back.`);
    return answer;
  }

  /** The answer from a stored index; null when it is unreadable or of an older version (then it is built again). */
  private async fromStored(blobKey: string, size: number, links: LinkUseLink[], asker: ReturnType<typeof askedBy>): Promise<LinkUseAnswer | null> {
    if (size > MAX_PARSED_BYTES) {
      try {
        return await this.deps.processing.linkUseLookup(storedBlob(this.deps.blobs, blobKey), links, asker);
      } catch (err) {
        if (err instanceof MatsimFormatError) return null;
        throw tooLargeAnswer(err);
      }
    }
    let index = this.parsed.get(blobKey);
    if (index) {
      this.parsed.delete(blobKey);
      this.parsed.set(blobKey, index);
    } else {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of this.deps.blobs.read(blobKey)) chunks.push(chunk as Buffer);
        index = parseIndex(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return null;
      }
      if (!index) return null;
      this.keep(blobKey, index);
    }
    return { persons: index.persons, links: lookUp(index, links) };
  }

  private keep(blobKey: string, index: LinkUseIndex): void {
    this.parsed.set(blobKey, index);
    while (this.parsed.size > KEPT) this.parsed.delete(this.parsed.keys().next().value!);
  }
}
