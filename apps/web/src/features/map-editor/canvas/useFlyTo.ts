/**
 * Selections fly the view (spec 2 §2, §9): to a link's extent (padding 150), to a node at zoom 16, to a transit stop
 * at zoom 14 or to a route's extent, in 1000 ms.
 * A link or node not loaded yet is reported on the console and tried again when the network data changes (§8).
 */
import type { GraphReader } from '@corridor/changesets';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useEditor } from '../state/context.ts';
import { shownLink, shownNode } from '../state/network.ts';
import type { EditorState } from '../state/types.ts';

export const FLY_PADDING_PX = 150;
export const FLY_DURATION_MS = 1000;
export const NODE_ZOOM = 16;

type FlyTo = NonNullable<EditorState['flyTo']>;

/** Flies when the target is loaded; answers false when it is not (yet). */
function fly(map: MapLibreMap, graph: GraphReader, target: FlyTo): boolean {
  if (target.linkId !== undefined) {
    // A deleted link or node (chosen in the search or the modification list) is still shown, faded: fly to it too.
    const node = (id: string) => shownNode(graph, id);
    const link = shownLink(graph, target.linkId);
    const from = link && node(link.fromId);
    const to = link && node(link.toId);
    if (!from || !to) return false;
    const { clientWidth, clientHeight } = map.getContainer();
    // On a map smaller than twice the padding MapLibre would not move at all.
    const padding = Math.max(0, Math.min(FLY_PADDING_PX, clientWidth / 4, clientHeight / 4));
    const bounds: [[number, number], [number, number]] = [
      [Math.min(from.lng, to.lng), Math.min(from.lat, to.lat)],
      [Math.max(from.lng, to.lng), Math.max(from.lat, to.lat)],
    ];
    map.fitBounds(bounds, { padding, duration: FLY_DURATION_MS, maxZoom: 18 });
    return true;
  }
  if (target.bounds !== undefined) {
    const [[west, south], [east, north]] = target.bounds;
    const { clientWidth, clientHeight } = map.getContainer();
    const padding = Math.max(0, Math.min(FLY_PADDING_PX, clientWidth / 4, clientHeight / 4));
    map.fitBounds([[west, south], [east, north]], { padding, duration: FLY_DURATION_MS, maxZoom: 18 });
    return true;
  }
  if (target.point !== undefined) {
    map.flyTo({ center: [target.point[0], target.point[1]], zoom: target.zoom ?? map.getZoom(), duration: FLY_DURATION_MS });
    return true;
  }
  if (target.nodeId !== undefined) {
    const node = shownNode(graph, target.nodeId);
    if (!node) return false;
    map.flyTo({ center: [node.lng, node.lat], zoom: NODE_ZOOM, duration: FLY_DURATION_MS });
    return true;
  }
  return true;
}

export function useFlyTo(map: MapLibreMap | undefined): void {
  const flyTo = useEditor((state) => state.flyTo);
  const graph = useEditor((state) => state.graph);
  // The graph keeps its identity when more is loaded: the revision tells the effect to try again.
  const revision = useEditor((state) => state.dataRevision);
  const done = useRef<number | null>(null);
  const reported = useRef<number | null>(null);

  useEffect(() => {
    if (!map || !flyTo || done.current === flyTo.seq) return;
    if (fly(map, graph, flyTo)) {
      done.current = flyTo.seq;
      return;
    }
    if (reported.current !== flyTo.seq) {
      reported.current = flyTo.seq;
      console.info(`Fly to: ${flyTo.linkId !== undefined ? `link ${flyTo.linkId}` : `node ${flyTo.nodeId}`} not loaded yet; trying again when the network updates`);
    }
  }, [map, flyTo, graph, revision]);
}
