/**
 * The deck.gl layers of the editor (spec 2 §2 "Layers"): network outline, deleted links (faded), links coloured by
 * their change flag, a direction arrow per link (above ARROW_MIN_ZOOM), selection and hover highlights, nodes (all
 * of them from NODE_ZOOM, the changed and selected ones always) and the temporary layer drawing the handler's draft. Data arrays are memoised on the
 * shown graph, the saved graph, `calculateDiff` (whether saved changes are marked) and the data revision (the shared base grew or shrank), so a hover or a draft move
 * re-uploads only its own small layer.
 */
import type { Layer } from '@deck.gl/core';
import { LineLayer, PathLayer, PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import { useMemo } from 'react';
import { useEditor } from '../../state/context.ts';
import type { LngLat } from '../../state/types.ts';
import { SNAP_RADIUS_PX } from '../handlers/geometry.ts';
import { arrowPlacements, directionArrowLayer } from '../../../../components/map/directionArrows.ts';
import { allNodes, baseSegments, deletedSegments, directedLinks, flaggedNodes, linkSegments, nodesOf, segmentsOf, type NodePoint, type Segment } from './data.ts';
import type { Palette, Rgba } from './palette.ts';

/** From this zoom on every loaded node is drawn (and can be picked). */
export const NODE_ZOOM = 14;
/** Layers a pick looks at: links, and nodes before links. */
export const LINK_PICK_LAYERS = ['links'];
export const NODE_PICK_LAYERS = ['nodes', 'nodes-marked'];

const LINK_WIDTH = 2.5;
const source = (segment: Segment) => segment.source as [number, number];
const target = (segment: Segment) => segment.target as [number, number];
const position = (node: NodePoint) => node.position as [number, number];

/** Node-pair segments as pixel-wide lines; colours are re-read when the palette (theme) changes. */
function segmentLayer(
  id: string,
  data: Segment[],
  color: Rgba | ((segment: Segment) => Rgba),
  width: number,
  extra: { visible?: boolean; pickable?: boolean } = {},
): Layer {
  return new LineLayer<Segment>({
    id,
    data,
    ...extra,
    getSourcePosition: source,
    getTargetPosition: target,
    getColor: color,
    getWidth: width,
    widthUnits: 'pixels',
    updateTriggers: { getColor: color },
  });
}

/** RGBA per link from its shown flag, 4 bytes each. */
function flagColors(flags: readonly (Segment['flag'])[], palette: Palette): Uint8Array {
  const colors = new Uint8Array(flags.length * 4);
  flags.forEach((flag, index) => colors.set(flag ? palette.flags[flag] : palette.link, index * 4));
  return colors;
}

export function useNetworkLayers(palette: Palette, showAllNodes: boolean, showArrows: boolean): { layers: Layer[]; linkCount: number } {
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const revision = useEditor((state) => state.dataRevision);
  const filters = useEditor((state) => state.filters);
  const layers = useEditor((state) => state.layers);
  const selection = useEditor((state) => state.selection);
  const hover = useEditor((state) => state.hover);
  const draft = useEditor((state) => state.draft);
  const tool = useEditor((state) => state.tool);
  const calculateDiff = useEditor((state) => state.calculateDiff);

  // The graphs keep their identity when the base grows or shrinks: `revision` tells the memos.
  const shown = useMemo(() => ({ graph, saved, revision, calculateDiff }), [graph, saved, revision, calculateDiff]);
  // The base's segments once per load and filter; an edit rebuilds only the node pairs it touched.
  const fromBase = useMemo(() => baseSegments(shown.graph.base, filters), [shown.graph.base, shown.revision, filters]);
  const links = useMemo(() => linkSegments(shown, filters, fromBase), [shown, filters, fromBase]);
  const deleted = useMemo(() => deletedSegments(shown), [shown]);
  const nodes = useMemo(() => allNodes(shown), [shown]);
  // Built only while arrows show (zoom > ARROW_MIN_ZOOM): the loaded network may hold far more links than the view.
  const directed = useMemo(() => (showArrows ? directedLinks(shown, filters) : undefined), [showArrows, shown, filters]);
  const arrows = useMemo(() => directed && { placements: arrowPlacements(directed.ends), colors: flagColors(directed.flags, palette) }, [directed, palette]);
  const flagged = useMemo(() => flaggedNodes(shown), [shown]);
  const selectedLinks = useMemo(() => (selection.type === 'network-links-and-nodes' ? segmentsOf(shown.graph, selection.links) : []), [shown, selection]);
  const markedNodes = useMemo(() => {
    const ids = [...(selection.type === 'network-links-and-nodes' ? selection.nodes : []), ...(hover.nodeId ? [hover.nodeId] : [])];
    return [...flagged, ...nodesOf(shown, ids)];
  }, [shown, flagged, selection, hover.nodeId]);
  const hoverLinks = useMemo(() => (hover.linkId ? segmentsOf(shown.graph, [hover.linkId]) : []), [shown, hover.linkId]);

  // One accessor per palette: its identity is the colours' update trigger.
  const colorOf = useMemo(() => (segment: Segment) => (segment.flag ? palette.flags[segment.flag] : palette.link) as Rgba, [palette]);

  const base = useMemo((): Layer[] => {
    if (!layers.network) return [];
    return [
      segmentLayer('links-outline', links, palette.outline, LINK_WIDTH + 3, { visible: layers.outline }),
      segmentLayer('links-deleted', deleted, colorOf, LINK_WIDTH),
      segmentLayer('links', links, colorOf, LINK_WIDTH, { pickable: true }),
      ...(arrows ? [directionArrowLayer({ id: 'links-arrows', ...arrows })] : []),
      new ScatterplotLayer<NodePoint>({
        id: 'nodes',
        data: nodes,
        visible: showAllNodes,
        pickable: true,
        getPosition: position,
        getFillColor: palette.node,
        getLineColor: palette.nodeOutline,
        stroked: true,
        radiusUnits: 'pixels',
        lineWidthUnits: 'pixels',
        getRadius: 3.5,
        getLineWidth: 1,
        updateTriggers: { getFillColor: palette, getLineColor: palette },
      }),
    ];
  }, [layers, links, deleted, arrows, nodes, showAllNodes, palette, colorOf]);

  const marks = useMemo((): Layer[] => {
    if (!layers.network) return [];
    return [
      segmentLayer('links-selected', selectedLinks, palette.selected, LINK_WIDTH + 2.5),
      segmentLayer('links-hover', hoverLinks, palette.hover, LINK_WIDTH + 3.5),
      new ScatterplotLayer<NodePoint>({
        id: 'nodes-marked',
        data: markedNodes,
        pickable: true,
        getPosition: position,
        getFillColor: (node) => {
          if (node.nodeId === hover.nodeId) return palette.hover as Rgba;
          if (selection.type === 'network-links-and-nodes' && selection.nodes.includes(node.nodeId)) return palette.selected as Rgba;
          return (node.flag ? palette.flags[node.flag] : palette.node) as Rgba;
        },
        getLineColor: palette.nodeOutline,
        stroked: true,
        radiusUnits: 'pixels',
        lineWidthUnits: 'pixels',
        getRadius: 5,
        getLineWidth: 1.5,
        updateTriggers: { getFillColor: [palette, hover.nodeId, selection], getLineColor: palette },
      }),
    ];
  }, [layers.network, selectedLinks, hoverLinks, markedNodes, palette, hover.nodeId, selection]);

  // Add Link's snap target: the node a click would join, ringed at the snapping radius (issue 25).
  const snapTarget = useMemo(() => (tool === 'addLink' && hover.nodeId ? nodesOf(shown, [hover.nodeId]) : []), [tool, hover.nodeId, shown]);
  const snap = useMemo(
    (): Layer[] =>
      snapTarget.length === 0
        ? []
        : [
            new ScatterplotLayer<NodePoint>({
              id: 'snap-target',
              data: snapTarget,
              getPosition: position,
              filled: false,
              stroked: true,
              getLineColor: palette.selected,
              radiusUnits: 'pixels',
              lineWidthUnits: 'pixels',
              getRadius: SNAP_RADIUS_PX,
              getLineWidth: 2.5,
            }),
          ],
    [snapTarget, palette],
  );

  const temporary = useMemo((): Layer[] => {
    if (!draft || draft.points.length === 0) return [];
    const points = draft.points as LngLat[];
    return [
      draft.closed
        ? new PolygonLayer<LngLat[]>({
            id: 'draft-area',
            data: [points],
            getPolygon: (ring) => ring as [number, number][],
            getFillColor: palette.draftFill,
            getLineColor: palette.draft,
            getLineWidth: 2,
            lineWidthUnits: 'pixels',
          })
        : new PathLayer<LngLat[]>({
            id: 'draft-line',
            data: [points],
            getPath: (path) => path as [number, number][],
            getColor: palette.draft,
            getWidth: 2,
            widthUnits: 'pixels',
          }),
      new ScatterplotLayer<LngLat>({
        id: 'draft-points',
        data: points,
        getPosition: (point) => point as [number, number],
        getFillColor: palette.draft,
        radiusUnits: 'pixels',
        getRadius: 4,
      }),
    ];
  }, [draft, palette]);

  const all = useMemo(() => [...base, ...marks, ...temporary, ...snap], [base, marks, temporary, snap]);
  return { layers: all, linkCount: layers.network ? links.length : 0 };
}
