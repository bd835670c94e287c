/**
 * The network layer's settings (spec 3 §2.20, §4): Data Source, Line Color, Line Width (Pixels or Meters), the
 * dynamic sections Link Volumes and Flow Bundle when an analysis colours or widens the lines, General (arrows).
 */
import { Divider, Stack, Switch, Text } from '@mantine/core';
import type { VisAttributeType } from '@corridor/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { networkAttributeValues } from '../../../api/network.ts';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { LINK_VOLUME_DIFFERENCE } from '../model/difference.ts';
import { LAYER_ANALYSES, type NetworkLayer } from '../model/layers.ts';
import { ColorStrategyEditor, NumberStrategyEditor } from '../style/index.ts';
import { useVisualizer } from '../state/context.ts';
import { AnalysisSection } from './AnalysisSection.tsx';
import { DataSourceSelect } from './fields.tsx';

/** The categories of the network's text attributes, fetched when the panel opens (the editor needs them at once). */
function useCategories(fileId: number | null | undefined, attributes: Record<string, VisAttributeType>) {
  const names = Object.keys(attributes).filter((name) => attributes[name] === 'string');
  const queries = useQueries({
    queries: names.map((name) => ({
      queryKey: ['visualizer', 'attribute-values', fileId, name] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => networkAttributeValues(fileId!, name, signal),
      enabled: typeof fileId === 'number',
      staleTime: Infinity,
      retry: false,
    })),
  });
  return (attribute: string) => queries[names.indexOf(attribute)]?.data;
}

export function NetworkSettings({ layer }: { layer: NetworkLayer }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const { dispatch, sources, drawings } = useVisualizer();
  const queryClient = useQueryClient();
  const source = sources.get(layer.dataSource);
  const options = source?.options;
  const fileId = options?.networkFileId;
  const attributes: Record<string, VisAttributeType> = { ...(options?.networkAttributes ?? {}) };
  for (const name of options?.networkAnalyses ?? []) attributes[name] = 'analysis';
  // Base against case: offered with link volumes (the section asks for a second data source when there is none).
  if (options?.networkAnalyses.includes('link-volume')) attributes[LINK_VOLUME_DIFFERENCE] = 'analysis';
  const categoriesOf = useCategories(fileId, attributes);
  // What the map draws now (also analyses and the difference; the width's values are the sizes of a difference).
  useSyncExternalStore(drawings.subscribe, drawings.valuesVersion);
  const valuesOf = (attribute: string) => drawings.values(layer.id, attribute) ?? queryClient.getQueryData<Float32Array>(['visualizer', 'attribute', fileId, attribute]) ?? null;
  const widthValuesOf = (attribute: string) => drawings.values(layer.id, `width:${attribute}`) ?? valuesOf(attribute);
  const update = (next: NetworkLayer) => dispatch({ type: 'updateLayer', layer: next });

  return (
    <Stack gap="sm">
      <DataSourceSelect layer={layer} />
      {options && options.networkFileId === null && <Text size="xs" c="dimmed">{t('panels.settings.noNetwork')}</Text>}
      <Divider label={t('panels.settings.lineColor')} labelPosition="left" />
      <ColorStrategyEditor value={layer.color} onChange={(color) => update({ ...layer, color })} attributes={attributes} valuesOf={valuesOf} categoriesOf={categoriesOf} presets="network" />
      <Divider label={t('panels.settings.lineWidth')} labelPosition="left" />
      <NumberStrategyEditor value={layer.width} onChange={(width) => update({ ...layer, width })} attributes={attributes} valuesOf={widthValuesOf} withUnit />
      {LAYER_ANALYSES.map((name) => {
        const control = layer.analyses[name];
        const analysis = name === LINK_VOLUME_DIFFERENCE ? 'link-volume' : name;
        return control ? (
          <AnalysisSection
            key={name}
            name={name}
            control={control}
            caseSource={layer.dataSource}
            runId={options?.networkAnalyses.includes(analysis) ? source?.runId : undefined}
            onChange={(next) => update({ ...layer, analyses: { ...layer.analyses, [name]: next } })}
          />
        ) : null;
      })}
      <Divider label={t('panels.settings.general')} labelPosition="left" />
      <Switch size="sm" label={t('panels.settings.arrows')} checked={layer.arrows} onChange={(event) => update({ ...layer, arrows: event.currentTarget.checked })} />
    </Stack>
  );
}
