/** The Preview tab while a route or its network route is edited: which one, and the way to its line's tab. */
import { Button, Group, Text } from '@mantine/core';
import { lineOf, routeOf } from '@corridor/changesets';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import type { SelectionOf } from '../../registry.ts';

export function RoutePreview({ selection }: { selection: SelectionOf<'transit-route'> | SelectionOf<'transit-network-route'> }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const route = routeOf(graph, selection.lineId, selection.routeId);
  if (!route) return <Text size="sm" c="dimmed">{t('panels.stop.routeGone')}</Text>;
  const line = lineOf(graph, selection.lineId)?.name || selection.lineId;
  return (
    <Group gap="sm">
      <Text size="sm">{t('panels.stop.routePreview', { route: route.name || route.id, line })}</Text>
      <Button size="xs" variant="light" onClick={() => store.openLine(selection.lineId, selection.routeId)}>
        {t('panels.stop.openLine', { name: line })}
      </Button>
    </Group>
  );
}
