/**
 * The stop-assignment overlay (spec 2 §2 "Layout"): while a stop is being assigned to the network, a notice over the
 * map says what a click does; Cancel (or Escape) ends it.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../state/context.ts';

export function AssignOverlay() {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const stopId = useEditor((state) => state.assigningStop);
  if (stopId === null) return null;
  return (
    <Paper shadow="md" p="xs" withBorder role="status" data-testid="stop-assignment" style={{ position: 'absolute', top: 56, left: '50%', transform: 'translateX(-50%)', zIndex: 3, maxWidth: 440 }}>
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{t('panels.stop.assignHint', { id: stopId })}</Text>
        <Button size="xs" variant="default" onClick={() => store.assignStop(null)}>
          {t('panels.stop.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
