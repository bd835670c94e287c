/** The settings side panel of the active layer. */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { useVisualizer } from '../state/context.ts';
import { useLayerName } from './LayersPanel.tsx';
import { NetworkSettings } from './NetworkSettings.tsx';
import { VehicleSettings } from './VehicleSettings.tsx';

export function SettingsPanel() {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view } = useVisualizer();
  const nameOf = useLayerName();
  const layer = view.layers.find((entry) => entry.id === view.active);
  if (!layer) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('panels.settings.title')}>
      <Title order={5}>{nameOf(layer)}</Title>
      {layer.type === 'network' ? <NetworkSettings key={layer.id} layer={layer} /> : <VehicleSettings key={layer.id} layer={layer} />}
    </Stack>
  );
}
