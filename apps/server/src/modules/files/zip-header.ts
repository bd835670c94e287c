/** Whether a stored file is a zip archive, by its first four bytes (a local file header, or the end record of an empty zip). */
import type { BlobStore } from '../../storage/blob-store.ts';

const LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];

export function isZipHeader(head: Uint8Array): boolean {
  return [LOCAL_FILE, EMPTY_ZIP].some((magic) => magic.every((byte, i) => head[i] === byte));
}

export async function isZipBlob(blobs: BlobStore, key: string): Promise<boolean> {
  return isZipHeader(await blobs.readRange(key, 0, 4));
}
