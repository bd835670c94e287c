export { renderNetworkPreview, PREVIEW_WIDTH, PREVIEW_HEIGHT, type NetworkPreviewOptions, type ColorBy } from './network-preview.ts';
export { renderPlaceholderPreview } from './placeholder.ts';
