// The editor's chunk: its texts register themselves on load (namespace `editor`).
import './i18n/index.ts';

export { EditorPage } from './EditorPage.tsx';
