// The visualizer's chunk: its texts register themselves on load (namespace `visualizer`).
import './i18n/index.ts';

export { VisualizerPage } from './VisualizerPage.tsx';
