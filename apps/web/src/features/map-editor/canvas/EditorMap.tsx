import type { NetworkInfo } from '@corridor/contract';

/** The map: MapLibre + deck.gl layers of the loaded network (stub until the map lands). */
export function EditorMap(_props: { info: NetworkInfo }) {
  return <div data-testid="editor-map" style={{ position: 'absolute', inset: 0 }} />;
}
