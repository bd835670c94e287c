/**
 * Job files and prespecified files for job templates (spec 3 §2.14, §7), administrators only. Job files are
 * uploaded through POST /datasets/files?type=jobfile (modules/files); here they are listed, and prespecified files
 * (prespecified.ts) are copied into the file store as job files: once, later calls answer the same file.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { JobFile, PrespecifiedFile } from '@corridor/contract';
import { requireAdmin, type Actor } from '../../shared/access.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import { removeBlobs, type BlobStore } from '../../storage/blob-store.ts';
import { prespecifiedCatalogue, prespecifiedMissing, prespecifiedUnknown, type PrespecifiedEntry } from './prespecified.ts';
import type { JobFilesRepository } from './repository.ts';

export interface JobFilesServiceDeps {
  repository: JobFilesRepository;
  blobs: BlobStore;
  dataDir: string;
  onBlobLeak: (key: string, err: unknown) => void;
}

export class JobFilesService {
  /** Copies under way by key: a second call waits for the first instead of copying again. */
  private readonly copying = new Map<string, Promise<number>>();
  private readonly catalogue: PrespecifiedEntry[];

  constructor(private readonly deps: JobFilesServiceDeps) {
    this.catalogue = prespecifiedCatalogue(deps.dataDir);
  }

  async list(actor: Actor | null): Promise<JobFile[]> {
    requireAdmin(actor);
    const rows = await this.deps.repository.list();
    return rows.map((r) => ({ id: r.id, name: r.name, size: r.size, added: r.added.toISOString(), zip: r.attributes.archive === 'zip' }));
  }

  async prespecified(actor: Actor | null): Promise<PrespecifiedFile[]> {
    requireAdmin(actor);
    const copies = await this.deps.repository.copies();
    return Promise.all(
      this.catalogue.map(async (entry) => ({ key: entry.key, name: entry.name, fkUserFile: copies.get(entry.key) ?? null, available: await exists(entry.path) })),
    );
  }

  /** The job file holding the prespecified file, copied the first time. */
  async download(actor: Actor | null, key: string): Promise<{ id: number }> {
    const user = requireAdmin(actor);
    const entry = this.catalogue.find((e) => e.key === key);
    if (!entry) throw notFound(prespecifiedUnknown(key));
    let pending = this.copying.get(key);
    if (!pending) {
      pending = this.copy(entry, user.userId).finally(() => this.copying.delete(key));
      this.copying.set(key, pending);
    }
    return { id: await pending };
  }

  private async copy(entry: PrespecifiedEntry, userId: number): Promise<number> {
    const existing = (await this.deps.repository.copies()).get(entry.key);
    if (existing !== undefined) return existing;
    if (!(await exists(entry.path))) throw conflict(prespecifiedMissing(entry.name));
    const blob = await this.deps.blobs.put(createReadStream(entry.path));
    try {
      return await this.deps.repository.insertCopy({ key: entry.key, name: entry.name, size: blob.size, blobKey: blob.key, createdBy: userId });
    } catch (err) {
      await removeBlobs(this.deps.blobs, [blob.key], this.deps.onBlobLeak);
      throw err;
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
