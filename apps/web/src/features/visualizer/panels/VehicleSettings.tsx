/**
 * The vehicle layer's settings (spec 3 §2.20, §4 "Vehicle layer"): Data Source, Vehicle Style (type, size, trail
 * width and length, stationary vehicles), colour by attribute, Filters (=, !=, in, not in; text lists split on commas).
 */
import { ActionIcon, Button, Divider, Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { VisFilter, VisFilterOperator } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { FILTER_OPERATORS, filterText, filterValue } from '../model/filters.ts';
import { STATIONARY_TYPES, VEHICLE_TYPES, type VehicleLayer, type VehicleStyle } from '../model/layers.ts';
import { ColorStrategyEditor, HexColorInput, SizeSliders } from '../style/index.ts';
import { useVisualizer } from '../state/context.ts';
import { DataSourceSelect } from './fields.tsx';

export function VehicleSettings({ layer }: { layer: VehicleLayer }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const { dispatch, sources } = useVisualizer();
  const options = sources.get(layer.dataSource)?.options;
  const attributes = options?.vehicleAttributes ?? {};
  const update = (next: VehicleLayer) => dispatch({ type: 'updateLayer', layer: next });
  const style = (change: Partial<VehicleStyle>) => update({ ...layer, style: { ...layer.style, ...change } });
  const setFilter = (index: number, filter: VisFilter) => update({ ...layer, filters: layer.filters.map((entry, at) => (at === index ? filter : entry)) });

  return (
    <Stack gap="sm">
      <DataSourceSelect layer={layer} />
      <Divider label={t('panels.settings.vehicleStyle')} labelPosition="left" />
      <Select
        size="xs"
        label={t('panels.settings.vehicleType')}
        data={VEHICLE_TYPES.map((type) => ({ value: type, label: t(`panels.settings.types.${type}`) }))}
        value={layer.style.type}
        onChange={(value) => value && style({ type: value as VehicleStyle['type'] })}
        allowDeselect={false}
      />
      <SizeSliders value={layer.style} onChange={(sizes) => style(sizes)} withTrail={layer.style.type === 'trail'} />
      <Switch size="sm" label={t('panels.settings.showStationary')} checked={layer.style.showStationary} onChange={(event) => style({ showStationary: event.currentTarget.checked })} />
      {layer.style.showStationary && (
        <Group grow>
          <Select
            size="xs"
            label={t('panels.settings.stationaryType')}
            data={STATIONARY_TYPES.map((type) => ({ value: type, label: t(`panels.settings.types.${type}`) }))}
            value={layer.style.stationaryType}
            onChange={(value) => value && style({ stationaryType: value as VehicleStyle['stationaryType'] })}
            allowDeselect={false}
          />
          <HexColorInput size="xs" label={t('panels.settings.stationaryColor')} value={layer.style.stationaryColor} onChange={(stationaryColor) => style({ stationaryColor })} />
        </Group>
      )}
      <Divider label={t('panels.settings.color')} labelPosition="left" />
      <ColorStrategyEditor
        value={layer.color}
        onChange={(color) => update({ ...layer, color })}
        attributes={attributes}
        categoriesOf={(attribute) => options?.vehicleCategories[attribute]}
        presets="vehicles"
      />
      <Divider label={t('panels.settings.filters')} labelPosition="left" />
      {layer.filters.map((filter, index) => (
        <Group key={index} gap={4} wrap="nowrap" align="flex-end">
          <Select
            size="xs"
            label={t('panels.settings.filterName')}
            data={Object.keys(attributes)}
            value={filter.name || null}
            onChange={(name) => name && setFilter(index, { ...filter, name, value: filterValue(filter.operator, filterText(filter), attributes[name]) })}
            w={110}
          />
          <Select
            size="xs"
            label={t('panels.settings.filterOperator')}
            data={[...FILTER_OPERATORS]}
            value={filter.operator}
            onChange={(value) => {
              const operator = (value ?? '=') as VisFilterOperator;
              setFilter(index, { ...filter, operator, value: filterValue(operator, filterText(filter), attributes[filter.name]) });
            }}
            allowDeselect={false}
            w={80}
          />
          <TextInput
            size="xs"
            label={t('panels.settings.filterValue')}
            title={t('panels.settings.filterValueHint')}
            defaultValue={filterText(filter)}
            onBlur={(event) => setFilter(index, { ...filter, value: filterValue(filter.operator, event.currentTarget.value, attributes[filter.name]) })}
            style={{ flex: 1 }}
          />
          <ActionIcon variant="subtle" color="red" aria-label={t('panels.settings.removeFilter')} onClick={() => update({ ...layer, filters: layer.filters.filter((_, at) => at !== index) })}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => update({ ...layer, filters: [...layer.filters, { name: 'mode', operator: '=', value: '' }] })}>
        {t('panels.settings.addFilter')}
      </Button>
    </Stack>
  );
}
