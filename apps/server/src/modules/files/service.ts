/** Files of scenarios: upload, attach/detach, rename, create empty, delete (spec 1 §2.10, §7.3). */
import { JOB_FILE_TYPE, type FileEntry } from '@corridor/contract';
import { requireAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import { BlobTooLargeError, removeBlobs, type BlobStore } from '../../storage/blob-store.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { NetworkProcessing } from '../network-processing/processor.ts';
import type { FileAccess } from './access.ts';
import { toFileEntry } from './present.ts';
import type { FileRow, FilesRepository } from './repository.ts';
import { sniffBlob } from './sniffing.ts';
import { tooLarge, type UploadPart } from './upload.ts';
import { isZipBlob } from './zip-header.ts';
import { askedBy, type Processing } from '../../workers/processing.ts';

export interface FilesServiceDeps {
  files: FilesRepository;
  datasets: DatasetsRepository;
  datasetAccess: DatasetAccess;
  fileAccess: FileAccess;
  blobs: BlobStore;
  network: NetworkProcessing;
  processing: Processing;
  maxUploadBytes: number;
  onBlobLeak: (key: string, err: unknown) => void;
  /** Told the size of each file an upload stored (metrics). */
  onUploaded?: (bytes: number) => void;
}

export class FilesService {
  constructor(private readonly deps: FilesServiceDeps) {}

  /**
   * Stores each uploaded file as a blob, sniffs its tag, then records it. All or nothing: when one file fails
   * (too large, broken connection) the files of this request stored so far are removed again.
   */
  async upload(actor: Actor | null, parts: AsyncIterable<UploadPart>, type: typeof JOB_FILE_TYPE | undefined = undefined): Promise<FileEntry[]> {
    // Job files (spec 3 §2.14) are for job templates, which only administrators edit.
    const user = type === JOB_FILE_TYPE ? requireAdmin(actor) : requireUser(actor);
    const { files, blobs, maxUploadBytes } = this.deps;
    const stored: FileRow[] = [];
    try {
      for await (const part of parts) {
        const blob = await blobs.put(part.content, { maxBytes: maxUploadBytes }).catch((err: unknown) => {
          throw err instanceof BlobTooLargeError ? tooLarge(maxUploadBytes) : err;
        });
        try {
          const content = await sniffBlob(this.deps.processing, blobs, blob.key, part.filename, askedBy(user));
          Object.assign(content.attributes, part.attributes);
          if (type === JOB_FILE_TYPE && (await isZipBlob(blobs, blob.key))) content.attributes.archive = 'zip';
          stored.push(await files.insert({ name: part.filename, size: blob.size, blobKey: blob.key, ...content, type, createdBy: user.userId }));
          this.deps.onUploaded?.(blob.size);
        } catch (err) {
          await this.removeBlobs([blob.key]);
          throw err;
        }
      }
    } catch (err) {
      await this.removeBlobs(await files.deleteUnused(stored.map((f) => f.id)));
      throw err;
    }
    if (stored.length === 0) throw badRequest('No files were uploaded.');
    return stored.map((f) => toFileEntry({ ...f, usages: [] }));
  }

  async listForDataset(actor: Actor | null, datasetId: number): Promise<FileEntry[]> {
    const { viewer } = await this.deps.datasetAccess.require(actor, datasetId, 'read');
    return (await this.deps.files.listForDataset(datasetId, viewer)).map(toFileEntry);
  }

  async attach(actor: Actor | null, datasetId: number, fileId: number): Promise<FileEntry> {
    const { viewer, dataset } = await this.deps.datasetAccess.require(actor, datasetId, 'edit');
    const { file } = await this.deps.fileAccess.require(actor, fileId);
    // MATSim configs name files: two of one name in a dataset are ambiguous (issue 24; docs/decisions.md).
    if (await this.deps.files.nameTaken(datasetId, file.name, fileId)) throw conflict(duplicateName(file.name, dataset.type));
    if (await this.deps.files.attach(datasetId, fileId)) {
      await this.deps.datasets.touch(datasetId);
      await this.deps.network.filesAttached(datasetId, [fileId]);
    }
    return toFileEntry(await this.deps.files.withUsages(file, viewer));
  }

  async detach(actor: Actor | null, datasetId: number, fileId: number): Promise<void> {
    await this.deps.datasetAccess.require(actor, datasetId, 'edit');
    if (!(await this.deps.files.detach(datasetId, fileId))) throw notFound('The dataset does not use this file.');
    await this.deps.datasets.touch(datasetId);
  }

  async rename(actor: Actor | null, fileId: number, name: string): Promise<FileEntry> {
    const { viewer, file } = await this.deps.fileAccess.require(actor, fileId);
    // The contract's FileName checked the name (trimmed, no control characters or separators, not "." or "..").
    const clashes = await this.deps.files.datasetsWithName(fileId, name);
    if (clashes.length > 0) {
      const where = clashes.map((d) => `the ${d.type === 'run' ? 'run' : 'scenario'} "${d.name}"`).join(', ');
      throw conflict(`A file named ${name} is already in ${where} — choose another name.`);
    }
    await this.deps.files.rename(fileId, name);
    return toFileEntry(await this.deps.files.withUsages({ ...file, name }, viewer));
  }

  /** An empty file, to be attached to a scenario and filled in an editor. */
  async createEmpty(actor: Actor | null, fileName: string, format: string | undefined): Promise<{ id: number }> {
    const user = requireUser(actor);
    const blob = await this.deps.blobs.put([]);
    try {
      const row = await this.deps.files.insert({
        name: fileName,
        size: 0,
        blobKey: blob.key,
        tag: null,
        attributes: format ? { format } : {},
        createdBy: user.userId,
      });
      return { id: row.id };
    } catch (err) {
      await this.removeBlobs([blob.key]);
      throw err;
    }
  }

  /** Deletes a file no dataset uses any more; 409 while one does. */
  async delete(actor: Actor | null, fileId: number): Promise<void> {
    await this.deps.fileAccess.require(actor, fileId);
    const template = await this.deps.files.templateUsing(fileId);
    if (template !== null) throw conflict(`The file is used by the job template "${template}"; remove it from that template first.`);
    const result = await this.deps.files.deleteIfUnused(fileId);
    if ('usages' in result) {
      const n = result.usages;
      throw conflict(`The file is still used by ${n} dataset${n === 1 ? '' : 's'}; remove it from ${n === 1 ? 'that dataset' : 'those datasets'} first.`);
    }
    await this.removeBlobs(result.blobKeys);
  }

  private async removeBlobs(keys: string[]): Promise<void> {
    await removeBlobs(this.deps.blobs, keys, (key, err) => this.deps.onBlobLeak(key, err));
  }
}

/** The refusal of a second file of one name in a dataset (issue 24). */
export function duplicateName(name: string, datasetType: string): string {
  return `A file named ${name} is already in this ${datasetType === 'run' ? 'run' : 'scenario'} — rename or delete it first.`;
}
