/**
 * What a stored blob holds: the data-type tag and the file attributes that come from its content. The content is
 * read in a worker thread (`contentInfo` runs there); a file the worker cannot sniff within its bounds stays
 * untagged, with the reason in the attribute `sniffError`.
 */
import { sniffDetails, type Input } from '@corridor/matsim';
import type { BlobStore } from '../../storage/blob-store.ts';
import { TooLargeToProcessError } from '../../workers/errors.ts';
import { storedBlob, type Asker, type Processing } from '../../workers/processing.ts';

export interface ContentInfo {
  tag: string | null;
  attributes: Record<string, unknown>;
}

/** The tag and content attributes of `input`; the name only breaks ties the content cannot decide. Never throws. */
export async function contentInfo(input: Input, name: string): Promise<ContentInfo> {
  const details = await sniffDetails(input, name);
  const attributes: Record<string, unknown> = {};
  if (details.compression !== 'none') attributes.compression = details.compression;
  if (details.shapefilePart) attributes.shapefilePart = details.shapefilePart;
  return { tag: details.tag, attributes };
}

/** Sniffs the blob's head off the main thread, among the short tasks of `asker`. */
export async function sniffBlob(processing: Processing, blobs: BlobStore, key: string, name: string, asker: Asker): Promise<ContentInfo> {
  try {
    return await processing.sniff(storedBlob(blobs, key), name, asker);
  } catch (err) {
    if (err instanceof TooLargeToProcessError) return { tag: null, attributes: { sniffError: err.message } };
    throw err;
  }
}
