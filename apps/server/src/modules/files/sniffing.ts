/** What a stored blob holds: the data-type tag and the file attributes that come from its content. */
import { sniffDetails } from '@corridor/matsim';
import type { BlobStore } from '../../storage/blob-store.ts';

export interface ContentInfo {
  tag: string | null;
  attributes: Record<string, unknown>;
}

/** Sniffs the blob's head; the name only breaks ties the content cannot decide (sniffing never throws). */
export async function sniffBlob(blobs: BlobStore, key: string, name: string): Promise<ContentInfo> {
  const details = await sniffDetails(blobs.read(key), name);
  const attributes: Record<string, unknown> = {};
  if (details.compression !== 'none') attributes.compression = details.compression;
  if (details.shapefilePart) attributes.shapefilePart = details.shapefilePart;
  return { tag: details.tag, attributes };
}
