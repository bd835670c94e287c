/** One line per layer that is loading or failed, over the map's lower left corner ("Loading network…", the error). */
import { Paper, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../i18n/index.ts';
import type { Drawings } from './drawings.ts';

export function LayerStatusLines({ drawings }: { drawings: Drawings }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const statuses = useSyncExternalStore(drawings.subscribe, drawings.statuses);
  if (statuses.size === 0) return null;
  return (
    <Paper data-testid="visualizer-layer-status" shadow="xs" p={6} withBorder style={{ position: 'absolute', left: 8, bottom: 8, zIndex: 2, maxWidth: '60%' }}>
      <Stack gap={2}>
        {[...statuses].map(([id, status]) =>
          status.state === 'loading' ? (
            <Text key={id} size="xs" c="dimmed" role="status">
              {t(`page.map.status.loading.${status.layer}`)}
            </Text>
          ) : (
            <Text key={id} size="xs" c="red" role="alert">
              {t(`page.map.status.error.${status.layer}`, { message: status.message })}
            </Text>
          ),
        )}
      </Stack>
    </Paper>
  );
}
