/**
 * The drawing side of network processing, as the processor and the preview route need it. The app draws with
 * src/previews in a worker thread (`Processing.preview`, bounded); tests can pass another renderer (one that
 * fails, to see FAILED).
 */
import type { Readable } from 'node:stream';
import { renderPlaceholderPreview, type ColorBy } from '../../previews/index.ts';
import { serverWork, type Processing } from '../../workers/processing.ts';

export interface NetworkRenderer {
  /** Draws the network file's content (one streaming pass over it). */
  render(content: Readable, options: { width: number; height: number; colorBy: ColorBy }): Promise<Uint8Array>;
  placeholder(options: { width: number; height: number }): Promise<Uint8Array>;
}

/** The placeholder holds no user data: it is drawn in place. */
export const drawPlaceholder: NetworkRenderer['placeholder'] = async ({ width, height }) => renderPlaceholderPreview(width, height);

/** Network previews drawn off the main thread. */
export function previewRenderer(processing: Processing): NetworkRenderer {
  return { render: (content, options) => processing.preview(content, options, serverWork('previews')), placeholder: drawPlaceholder };
}
