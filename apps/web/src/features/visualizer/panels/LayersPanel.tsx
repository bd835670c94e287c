/** Layers (spec 3 §2.20): add by type, remove, visibility, click to make a layer the active one. */
import { ActionIcon, Button, Group, Menu, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconEye, IconEyeOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { LAYER_TYPES, type Layer } from '../model/layers.ts';
import { useVisualizer } from '../state/context.ts';
import { useSourceName } from './fields.tsx';

export function useLayerName() {
  const { t } = useTranslation(VISUALIZER_NS);
  const sourceName = useSourceName();
  return (layer: Layer) => `${t(`panels.layers.type.${layer.type}`)} (${sourceName(layer.dataSource)})`;
}

export function LayersPanel() {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view, dispatch } = useVisualizer();
  const nameOf = useLayerName();

  return (
    <Stack gap="xs" component="section" aria-label={t('panels.layers.title')}>
      <Group justify="space-between">
        <Title order={5}>{t('panels.layers.title')}</Title>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button size="compact-xs" variant="light" leftSection={<IconPlus size={14} />} disabled={view.sources.length === 0}>
              {t('panels.layers.add')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {LAYER_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => dispatch({ type: 'addLayer', layerType: type })}>
                {t(`panels.layers.type.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {view.layers.length === 0 && <Text size="sm" c="dimmed">{t('panels.layers.none')}</Text>}
      <Stack gap={4} role="list" aria-label={t('panels.layers.title')}>
        {view.layers.map((layer) => {
          const name = nameOf(layer);
          const active = layer.id === view.active;
          return (
            <Group
              key={layer.id}
              role="listitem"
              aria-current={active || undefined}
              gap="xs"
              wrap="nowrap"
              px={6}
              py={2}
              style={{ borderRadius: 4, background: active ? 'var(--mantine-color-blue-light)' : undefined }}
            >
              <ActionIcon
                variant="subtle"
                aria-label={t(layer.visible ? 'panels.layers.hide' : 'panels.layers.show', { name })}
                aria-pressed={layer.visible}
                onClick={() => dispatch({ type: 'toggleLayer', id: layer.id })}
              >
                {layer.visible ? <IconEye size={16} /> : <IconEyeOff size={16} />}
              </ActionIcon>
              <UnstyledButton onClick={() => dispatch({ type: 'activate', id: layer.id })} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" truncate fw={active ? 600 : 400}>{name}</Text>
              </UnstyledButton>
              <ActionIcon variant="subtle" color="red" aria-label={t('panels.layers.remove', { name })} onClick={() => dispatch({ type: 'removeLayer', id: layer.id })}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
