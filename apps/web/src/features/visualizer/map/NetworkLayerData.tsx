/**
 * Loads what a network layer draws — geometry, link ids, the attributes or analyses its colour and width use — and
 * registers its builder with the drawings. Renders nothing; colours and widths are worked out when their inputs
 * change, not per frame.
 */
import type { VisAnalysisName } from '@corridor/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { useLinkAnalysis, useLinkAttribute, useNetwork, useNetworkLookup } from '../server/queries.ts';
import { linkIndex, valuesByLink } from '../model/analysis.ts';
import { differenceValues, LINK_VOLUME_DIFFERENCE, magnitudes, sharedNetwork, type NetworkMatch } from '../model/difference.ts';
import { analysisRequest } from '../model/filters.ts';
import { sourceNumber, type AnalysisControl, type NetworkLayer } from '../model/layers.ts';
import { colorsFor, numbersFor } from '../style/apply.ts';
import { legendOf } from '../style/legend.ts';
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

/** Whether the difference's base has the case's network: the same file, or the same link ids (null until known). */
export function useBaseNetwork(layer: NetworkLayer, enabled: boolean, caseLookup: readonly string[] | undefined): { match: NetworkMatch | null; error: Error | null; loading: boolean } {
  const { sources } = useVisualizer();
  const base = enabled ? layer.analyses[LINK_VOLUME_DIFFERENCE]?.base : undefined;
  const caseFile = sources.get(layer.dataSource)?.options?.networkFileId;
  const baseFile = base ? sources.get(base)?.options?.networkFileId : undefined;
  const same = typeof caseFile === 'number' && caseFile === baseFile;
  const lookup = useNetworkLookup(same ? null : baseFile);
  const match = useMemo(() => {
    if (same) return { shared: true, onlyInCase: 0, onlyInBase: 0 };
    // A base run without a network (its options say so) shares none of the case's links.
    if (baseFile === null && caseLookup) return { shared: false, onlyInCase: caseLookup.length, onlyInBase: 0 };
    return caseLookup && lookup.data ? sharedNetwork(caseLookup, lookup.data) : null;
  }, [same, baseFile, caseLookup, lookup.data]);
  return { match, error: lookup.error, loading: lookup.isLoading };
}

/** The difference's values per link (signed for colours, sizes for widths), or the reason there are none. */
function useDifference(layer: NetworkLayer, enabled: boolean, magnitude: boolean, lookup: string[] | undefined, index: Map<string, number> | null) {
  const { t } = useTranslation(VISUALIZER_NS);
  const { sources, view } = useVisualizer();
  const control = enabled ? layer.analyses[LINK_VOLUME_DIFFERENCE] : undefined;
  const caseSource = sources.get(layer.dataSource);
  const baseSource = control?.base ? sources.get(control.base) : undefined;
  const request = useAnalysisRequest(control);
  const caseRun = caseSource?.options ? caseSource.runId : undefined;
  const baseRun = baseSource?.options ? baseSource.runId : undefined;
  const network = useBaseNetwork(layer, enabled, lookup);
  const shared = network.match?.shared === true;
  const caseAnswer = useLinkAnalysis(caseRun, control && request && shared ? 'link-volume' : null, request ?? {});
  const baseAnswer = useLinkAnalysis(baseRun, control && request && shared ? 'link-volume' : null, request ?? {});
  const measure = control?.measure ?? 'absolute';
  const values = useMemo(() => {
    if (!control || !shared || !caseAnswer.data || !baseAnswer.data || !index || !lookup) return null;
    const difference = differenceValues(caseAnswer.data, baseAnswer.data, index, lookup.length, measure);
    return magnitude ? magnitudes(difference) : difference;
  }, [control, shared, caseAnswer.data, baseAnswer.data, index, lookup, measure, magnitude]);
  if (!control) return { values: null, loading: false, error: null };
  const name = (id: string) => t('panels.sources.name', { n: sourceNumber(view, id) });
  let error: Error | null = null;
  if (!control.base) error = new Error(t('panels.settings.noBase'));
  else if (network.match && !network.match.shared) {
    error = new Error(t('panels.settings.networksDiffer', { case: name(layer.dataSource), base: name(control.base), onlyInCase: network.match.onlyInCase, onlyInBase: network.match.onlyInBase }));
  } else error = network.error ?? caseAnswer.error ?? baseAnswer.error ?? null;
  return { values, loading: network.loading || caseAnswer.isLoading || baseAnswer.isLoading, error };
}

/** One value per link for an attribute (from the file), an analysis (from the run) or the difference, with its categories. */
function useLinkValues(layer: NetworkLayer, attribute: string | null, runId: number | undefined, fileId: number | null | undefined, lookup: string[] | undefined, magnitude = false) {
  const { sources } = useVisualizer();
  const options = sources.get(layer.dataSource)?.options;
  const isDifference = attribute === LINK_VOLUME_DIFFERENCE;
  const analysis = isAnalysis(attribute) ? attribute : null;
  const text = !analysis && !isDifference && attribute !== null && options?.networkAttributes[attribute] === 'string';
  const file = useLinkAttribute(fileId, analysis || isDifference ? null : attribute, text);
  const request = useAnalysisRequest(analysis ? layer.analyses[analysis] : undefined);
  const answer = useLinkAnalysis(runId, analysis && request ? analysis : null, request ?? {});
  const index = useMemo(() => (lookup ? linkIndex(lookup) : null), [lookup]);
  const difference = useDifference(layer, isDifference, magnitude, lookup, index);
  const values = useMemo(() => {
    if (attribute === null) return null;
    if (isDifference) return difference.values;
    if (!analysis) return file.values.data ?? null;
    return answer.data && index && lookup ? valuesByLink(answer.data, index, lookup.length) : null;
  }, [attribute, isDifference, difference.values, analysis, file.values.data, answer.data, index, lookup]);
  if (isDifference) return { values, categories: undefined, loading: difference.loading, error: difference.error };
  const queries: { isLoading: boolean; error: Error | null }[] = analysis ? [answer] : [file.values, file.categories];
  return {
    values,
    categories: file.categories.data,
    loading: queries.some((query) => query.isLoading),
    error: queries.find((query) => query.error)?.error ?? null,
  };
}

/** Loading while any of the layer's calls has nothing yet; the first failure's message otherwise. */
function useNetworkStatus(id: string, loading: boolean, error: Error | null | undefined, kind: 'network' | 'difference') {
  const { drawings } = useVisualizer();
  const message = error ? error.message : null;
  useEffect(() => {
    drawings.setStatus(id, message !== null ? { layer: kind, state: 'error', message } : loading ? { layer: kind, state: 'loading' } : null);
  }, [drawings, id, loading, message, kind]);
}

export function NetworkLayerData({ layer }: { layer: NetworkLayer }) {
  const { sources, drawings, dispatch } = useVisualizer();
  const source = sources.get(layer.dataSource);
  const fileId = source?.options?.networkFileId;
  const { geometry, lookup } = useNetwork(fileId);
  const run = source?.options ? source.runId : undefined;
  const colorValues = useLinkValues(layer, layer.color.attribute, run, fileId, lookup.data);
  const widthValues = useLinkValues(layer, layer.width.attribute, run, fileId, lookup.data, true);
  const count = geometry.data?.count ?? 0;
  const networkError = geometry.error ?? lookup.error;
  const networkLoading = geometry.isLoading || lookup.isLoading;
  // The difference's own states (no base, networks not shared, its two link volume calls) say so as such.
  const differenceUsed = layer.color.attribute === LINK_VOLUME_DIFFERENCE || layer.width.attribute === LINK_VOLUME_DIFFERENCE;
  useNetworkStatus(
    layer.id,
    networkLoading || colorValues.loading || widthValues.loading,
    networkError ?? colorValues.error ?? widthValues.error,
    !networkError && !networkLoading && differenceUsed ? 'difference' : 'network',
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

  // The values the colour and width follow, for the settings' data range (analyses are not in the query cache by name).
  useEffect(() => {
    if (layer.color.attribute) drawings.setValues(layer.id, layer.color.attribute, colorValues.values);
  }, [drawings, layer.id, layer.color.attribute, colorValues.values]);
  useEffect(() => {
    if (layer.width.attribute) drawings.setValues(layer.id, `width:${layer.width.attribute}`, widthValues.values);
  }, [drawings, layer.id, layer.width.attribute, widthValues.values]);

  // The colour legend for the PNG: the strategy over the values it colours now.
  const { t } = useTranslation(VISUALIZER_NS);
  const { view } = useVisualizer();
  const difference = layer.analyses[LINK_VOLUME_DIFFERENCE];
  const attributeLabel =
    layer.color.attribute === LINK_VOLUME_DIFFERENCE && difference
      ? t('page.map.legend.difference', {
          case: t('panels.sources.name', { n: sourceNumber(view, layer.dataSource) }),
          base: difference.base ? t('panels.sources.name', { n: sourceNumber(view, difference.base) }) : '?',
          unit: t(`page.map.legend.units.${difference.measure ?? 'absolute'}`),
        })
      : layer.color.attribute;
  useEffect(() => {
    drawings.setLegend(layer.id, () => ({ attribute: attributeLabel, legend: legendOf(layer.color.strategy, colorValues.values, count, colorValues.categories) }));
  }, [drawings, layer.id, layer.color.strategy, colorValues.values, colorValues.categories, count, attributeLabel]);

  useEffect(() => () => drawings.delete(layer.id), [drawings, layer.id]);
  return null;
}
