/**
 * Loads the network under the viewport (spec 2 §7, §8): on start, 200 ms after the map stops moving or is
 * resized, and when the link filter changes. A new request aborts the one before; failures are ignored (the map
 * keeps what it has). The answer joins what is loaded (`store.load`) and says whether the server's limit was hit.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { NetworkQueryAnswer } from '@corridor/contract';
import { useEffect, useRef } from 'react';
import { queryNetwork } from '../../../api/network.ts';
import { useEditor, useEditorStore } from '../state/context.ts';
import { useEditorEnv } from '../state/env.ts';
import { clampBbox } from './camera.ts';

/** Network reload debounce (spec 2 §9). */
export const RELOAD_DEBOUNCE_MS = 200;

/** `onLoaded` hears each answer after it joined the store (the first fit to the network). */
export function useViewportQuery(map: MapLibreMap | undefined, onLoaded?: (answer: NetworkQueryAnswer) => void): void {
  const store = useEditorStore();
  const { networkFileId } = useEditorEnv();
  const filters = useEditor((state) => state.filters);
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;

  useEffect(() => {
    if (!map) return;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      const bounds = map.getBounds();
      const bbox = clampBbox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth());
      queryNetwork(networkFileId, { type: 'Data', filters: { bbox, conditions: [...filters] } }, current.signal)
        .then((answer) => {
          if (current.signal.aborted) return;
          // The area's key: what it brought is remembered under it in the loaded-area cache (issue 27).
          store.load(answer, true, `bbox:${bbox.join(',')}`);
          loaded.current?.(answer);
        })
        .catch(() => {
          // Spec 2 §8: a failed network query is silently ignored.
        });
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(run, RELOAD_DEBOUNCE_MS);
    };
    schedule();
    map.on('moveend', schedule);
    map.on('resize', schedule);
    return () => {
      map.off('moveend', schedule);
      map.off('resize', schedule);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [map, store, networkFileId, filters]);
}
