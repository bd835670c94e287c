/**
 * The drawing side of network processing, as the processor and the preview route need it. The app uses the
 * renderer of src/previews; tests can pass another (one that fails, to see FAILED).
 */
import type { Readable } from 'node:stream';
import { renderNetworkPreview, renderPlaceholderPreview, type ColorBy } from '../../previews/index.ts';

export interface NetworkRenderer {
  /** Draws the network file's content (one streaming pass over it). */
  render(content: Readable, options: { width: number; height: number; colorBy: ColorBy }): Promise<Uint8Array>;
  placeholder(options: { width: number; height: number }): Promise<Uint8Array>;
}

export const previewRenderer: NetworkRenderer = {
  render: (content, options) => renderNetworkPreview(content, options),
  placeholder: async ({ width, height }) => renderPlaceholderPreview(width, height),
};
