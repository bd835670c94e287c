/** The data source select both layer settings start with, and the translated 'Data Source n' names. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { sourceNumber, type Layer } from '../model/layers.ts';
import { useVisualizer } from '../state/context.ts';

/** 'Data Source n' in the UI language, n the source's position (removing one renumbers the rest). */
export function useSourceName(): (id: string) => string {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view } = useVisualizer();
  return (id: string) => t('panels.sources.name', { n: sourceNumber(view, id) });
}

export function DataSourceSelect({ layer }: { layer: Layer }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view, dispatch } = useVisualizer();
  const sourceName = useSourceName();
  return (
    <Select
      size="xs"
      label={t('panels.settings.dataSource')}
      data={view.sources.map((source) => ({ value: source.id, label: sourceName(source.id) }))}
      value={layer.dataSource}
      onChange={(value) => value && dispatch({ type: 'updateLayer', layer: { ...layer, dataSource: value } })}
      allowDeselect={false}
    />
  );
}
