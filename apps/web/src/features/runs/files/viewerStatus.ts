import { isImageName } from '../../files/fileName.ts';

/** Files up to this size load at once; larger ones ask first (spec 3 §5, §9: 1000-based units). */
export const VIEW_DIRECT_LIMIT = 100_000;
/** Files above this size cannot be shown, only downloaded. */
export const VIEW_MAX_SIZE = 2_000_000;

/**
 * The run viewer states of spec 3 §4 that follow from a file's name and size alone; `head`: a compressed file whose
 * decompressed beginning is shown (issue 24), `compressed`: one that cannot be (a system file).
 */
export type ViewerGate = 'compressed' | 'head' | 'image' | 'bigfile' | 'toobig' | 'load';
/** All run viewer states (spec 3 §4). */
export type ViewerStatus = Exclude<ViewerGate, 'load' | 'head'> | 'loading' | 'content' | 'error';

export function isCompressedName(name: string): boolean {
  return /\.(gz|zst)$/i.test(name);
}

/**
 * What the viewer does with a file before loading anything: .gz/.zst show their decompressed beginning (the server
 * reads at most 1 MB of it, whatever the file's size; `canHead` false: only a download), images are shown as images,
 * text up to 100 KB loads at once, up to 2 MB after a confirmation, anything larger only downloads.
 */
export function viewerGate(file: { name: string; size: number }, confirmed: boolean, canHead = true): ViewerGate {
  if (isCompressedName(file.name)) return canHead ? 'head' : 'compressed';
  if (isImageName(file.name)) return 'image';
  if (file.size > VIEW_MAX_SIZE) return 'toobig';
  if (file.size >= VIEW_DIRECT_LIMIT && !confirmed) return 'bigfile';
  return 'load';
}

/** The state shown: the gate, or for loadable text the state of the request. */
export function viewerStatus(gate: ViewerGate, request: 'pending' | 'error' | 'success'): ViewerStatus {
  if (gate !== 'load' && gate !== 'head') return gate;
  if (request === 'pending') return 'loading';
  return request === 'error' ? 'error' : 'content';
}
