/** Storing a derived file: blob first, then the row; a replaced or orphaned blob is removed afterwards. */
import type { BlobStore, StoredBlob } from '../../storage/blob-store.ts';
import type { FilesRepository } from '../files/repository.ts';

export interface DerivedDeps {
  files: FilesRepository;
  blobs: BlobStore;
  onBlobLeak: (key: string, err: unknown) => void;
}

/** `type`: what the row records of how the file was made (default: its name). */
export async function storeDerived(deps: DerivedDeps, fileId: number, filename: string, bytes: Uint8Array, type = filename): Promise<void> {
  await recordDerived(deps, fileId, filename, await deps.blobs.put([bytes]), type);
}

/** Records a blob already written (a large one streamed to the store) as the derived file `filename`. */
export async function recordDerived(deps: DerivedDeps, fileId: number, filename: string, blob: StoredBlob, type = filename): Promise<void> {
  const unused = await deps.files.putDerived(fileId, { type, filename, blobKey: blob.key, size: blob.size });
  if (unused) await deps.blobs.delete(unused).catch((err: unknown) => deps.onBlobLeak(unused, err));
}
