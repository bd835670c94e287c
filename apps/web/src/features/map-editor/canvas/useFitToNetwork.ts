/**
 * Opens the editor fitted to the network's extent (issue 25): when the first viewport query has loaded nodes (the
 * answer the returned callback is given; not the links a changeset or the search loaded), the map is fitted to their bounds — unless the address had a camera (`?c=`, then the address wins) or the user moved
 * the map first. info.json has only a centre and a zoom; the extent is read from what was loaded.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import type { NetworkQueryAnswer } from '@corridor/contract';
import { fromAnswer } from '../model/answer.ts';
import { nodeExtent } from './camera.ts';

export const FIT_PADDING_PX = 40;

/** Answers what to call after a viewport query's answer was loaded. */
export function useFitToNetwork(map: MapLibreMap | undefined, wanted: boolean): (answer: NetworkQueryAnswer) => void {
  const done = useRef(!wanted);

  useEffect(() => {
    if (!map || done.current) return;
    // A drag or wheel before the data arrives: the user has chosen the view.
    const stop = () => {
      done.current = true;
    };
    map.on('dragstart', stop);
    map.on('wheel', stop);
    return () => {
      map.off('dragstart', stop);
      map.off('wheel', stop);
    };
  }, [map]);

  return useCallback(
    (answer: NetworkQueryAnswer) => {
      if (!map || done.current) return;
      const bounds = nodeExtent(fromAnswer(answer).nodes);
      if (!bounds) return;
      done.current = true;
      const { clientWidth, clientHeight } = map.getContainer();
      const padding = Math.max(0, Math.min(FIT_PADDING_PX, clientWidth / 4, clientHeight / 4));
      map.fitBounds(bounds, { padding, duration: 0, maxZoom: 17 });
    },
    [map],
  );
}
