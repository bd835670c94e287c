/** The data source select both layer settings start with. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { sourceName, type Layer } from '../model/layers.ts';
import { useVisualizer } from '../state/context.ts';

export function DataSourceSelect({ layer }: { layer: Layer }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view, dispatch } = useVisualizer();
  return (
    <Select
      size="xs"
      label={t('panels.settings.dataSource')}
      data={view.sources.map((source) => ({ value: source.id, label: sourceName(view, source.id) }))}
      value={layer.dataSource}
      onChange={(value) => value && dispatch({ type: 'updateLayer', layer: { ...layer, dataSource: value } })}
      allowDeselect={false}
    />
  );
}
