/**
 * Loads what a network layer draws — geometry, link ids, the attributes or analyses its colour and width use — and
 * registers its builder with the drawings. Renders nothing; colours and widths are worked out when their inputs
 * change, not per frame.
 */
import type { VisAnalysisName } from '@corridor/contract';
import { useEffect, useMemo } from 'react';
import { useLinkAnalysis, useLinkAttribute, useNetwork } from '../server/queries.ts';
import { linkIndex, valuesByLink } from '../model/analysis.ts';
import { analysisRequest } from '../model/filters.ts';
import type { AnalysisControl, NetworkLayer } from '../model/layers.ts';
import { colorsFor, numbersFor } from '../style/apply.ts';
import { useClockValue, useVisualizer } from '../state/context.ts';
import { networkArrows, networkData, networkLayers } from './networkLayers.ts';

const isAnalysis = (name: string | null): name is VisAnalysisName => name === 'link-volume' || name === 'flow-bundle';

/** The synced window's start only changes a few times an hour: the section asks again only then. */
function useAnalysisRequest(control: AnalysisControl | undefined) {
  const { clock } = useVisualizer();
  const synced = useClockValue(clock, (state) => (control?.time === 'sync' ? Math.floor(state.time / control.window) : -1));
  return useMemo(() => {
    if (!control) return null;
    return analysisRequest(control, control.time === 'sync' ? synced * control.window : 0);
  }, [control, synced]);
}

/** One value per link for an attribute (from the file) or an analysis (from the run), with its categories. */
function useLinkValues(layer: NetworkLayer, attribute: string | null, runId: number | undefined, fileId: number | null | undefined, lookup: string[] | undefined) {
  const { sources } = useVisualizer();
  const options = sources.get(layer.dataSource)?.options;
  const analysis = isAnalysis(attribute) ? attribute : null;
  const text = !analysis && attribute !== null && options?.networkAttributes[attribute] === 'string';
  const file = useLinkAttribute(fileId, analysis ? null : attribute, text);
  const request = useAnalysisRequest(analysis ? layer.analyses[analysis] : undefined);
  const answer = useLinkAnalysis(runId, analysis && request ? analysis : null, request ?? {});
  const index = useMemo(() => (lookup ? linkIndex(lookup) : null), [lookup]);
  const values = useMemo(() => {
    if (attribute === null) return null;
    if (!analysis) return file.values.data ?? null;
    return answer.data && index && lookup ? valuesByLink(answer.data, index, lookup.length) : null;
  }, [attribute, analysis, file.values.data, answer.data, index, lookup]);
  const queries: { isLoading: boolean; error: Error | null }[] = analysis ? [answer] : [file.values, file.categories];
  return {
    values,
    categories: file.categories.data,
    loading: queries.some((query) => query.isLoading),
    error: queries.find((query) => query.error)?.error ?? null,
  };
}

/** Loading while any of the layer's calls has nothing yet; the first failure's message otherwise. */
function useNetworkStatus(id: string, loading: boolean, error: Error | null | undefined) {
  const { drawings } = useVisualizer();
  const message = error ? error.message : null;
  useEffect(() => {
    drawings.setStatus(id, message !== null ? { layer: 'network', state: 'error', message } : loading ? { layer: 'network', state: 'loading' } : null);
  }, [drawings, id, loading, message]);
}

export function NetworkLayerData({ layer }: { layer: NetworkLayer }) {
  const { sources, drawings, dispatch } = useVisualizer();
  const source = sources.get(layer.dataSource);
  const fileId = source?.options?.networkFileId;
  const { geometry, lookup } = useNetwork(fileId);
  const run = source?.options ? source.runId : undefined;
  const colorValues = useLinkValues(layer, layer.color.attribute, run, fileId, lookup.data);
  const widthValues = useLinkValues(layer, layer.width.attribute, run, fileId, lookup.data);
  const count = geometry.data?.count ?? 0;
  useNetworkStatus(
    layer.id,
    geometry.isLoading || lookup.isLoading || colorValues.loading || widthValues.loading,
    geometry.error ?? lookup.error ?? colorValues.error ?? widthValues.error,
  );

  const colors = useMemo(
    () => colorsFor(layer.color.strategy, colorValues.values, count, colorValues.categories),
    [layer.color.strategy, colorValues.values, colorValues.categories, count],
  );
  const widths = useMemo(() => numbersFor(layer.width.strategy, widthValues.values, count), [layer.width.strategy, widthValues.values, count]);
  const unit = layer.width.unit;
  const data = useMemo(() => (geometry.data ? networkData(geometry.data.coords, geometry.data.count, colors, widths, unit) : null), [geometry.data, colors, widths, unit]);
  const arrows = useMemo(() => (geometry.data && layer.arrows ? networkArrows(geometry.data.coords, geometry.data.count) : null), [geometry.data, layer.arrows]);
  const picking = layer.analyses['flow-bundle'] !== undefined;

  useEffect(() => {
    if (!data) return;
    const onPick = picking
      ? (index: number) => {
          const id = lookup.data?.[index];
          const control = layer.analyses['flow-bundle'];
          if (id && control) dispatch({ type: 'updateLayer', layer: { ...layer, analyses: { ...layer.analyses, 'flow-bundle': { ...control, linkId: id } } } });
        }
      : undefined;
    drawings.set(layer.id, ({ zoom, stats }) => {
      if (layer.visible) stats.links += data.length;
      return networkLayers({ id: layer.id, visible: layer.visible, data, unit, arrows, zoom, onPick });
    });
  }, [drawings, layer, data, unit, lookup.data, arrows, picking, dispatch]);

  useEffect(() => () => drawings.delete(layer.id), [drawings, layer.id]);
  return null;
}
