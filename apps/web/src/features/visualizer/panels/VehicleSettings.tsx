/**
 * The vehicle layer's settings (spec 3 §2.20, §4 "Vehicle layer"): Data Source, Vehicle Style (type, size, trail
 * width and length, stationary vehicles), colour by attribute, Filters (mode only: =, !=, in, not in).
 */
import { Divider, Group, Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { VEHICLE_FILTER_NAMES } from '../model/filters.ts';
import { STATIONARY_TYPES, VEHICLE_TYPES, type VehicleLayer, type VehicleStyle } from '../model/layers.ts';
import { ColorStrategyEditor, HexColorInput, SizeSliders } from '../style/index.ts';
import { useVisualizer } from '../state/context.ts';
import { DataSourceSelect } from './fields.tsx';
import { FilterEditor, type FilterName } from './FilterEditor.tsx';

export function VehicleSettings({ layer }: { layer: VehicleLayer }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const { dispatch, sources } = useVisualizer();
  const options = sources.get(layer.dataSource)?.options;
  const attributes = options?.vehicleAttributes ?? {};
  const update = (next: VehicleLayer) => dispatch({ type: 'updateLayer', layer: next });
  const style = (change: Partial<VehicleStyle>) => update({ ...layer, style: { ...layer.style, ...change } });
  // The server filters vehicles on mode only: the one name offered, with the run's modes to pick from.
  const filterNames: Record<string, FilterName> = Object.fromEntries(
    VEHICLE_FILTER_NAMES.map((name) => [name, { type: attributes[name] ?? 'string', values: options?.vehicleCategories[name] }]),
  );

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
      <FilterEditor filters={layer.filters} names={filterNames} onChange={(filters) => update({ ...layer, filters })} />
    </Stack>
  );
}
