import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { linksOfNode } from '@corridor/changesets';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../state/context.ts';
import { NO_SELECTION } from '../state/types.ts';
import { ChangeBadge } from './link/ChangeBadge.tsx';

/** A selected node: id and position; Delete only when no link is left on it (spec 2 §4 network rules). */
export function NodeCard({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const network = useEditor((state) => state.network);
  const editMode = useEditor((state) => state.editMode);
  const node = network.nodes.get(nodeId) ?? network.deletedNodes.get(nodeId);
  if (!node) return <Text c="dimmed" size="sm">{t('panels.node.notLoaded', { id: nodeId })}</Text>;
  const free = network.nodes.has(nodeId) && linksOfNode(network, nodeId).length === 0;
  const remove = () => {
    if (store.perform({ type: 'network/deleteNode', id: nodeId }) === undefined) store.select(NO_SELECTION);
  };
  return (
    <Paper p="sm" withBorder>
      <Stack gap={4}>
        <Group gap="sm">
          <Title order={5}>{t('panels.node.title', { id: node.id })}</Title>
          <ChangeBadge flags={node.flags} />
        </Group>
        <Text size="sm">{t('panels.node.position', { lon: node.lng.toFixed(6), lat: node.lat.toFixed(6) })}</Text>
        {editMode && free && (
          <Group>
            <Button size="xs" color="red" variant="light" onClick={remove}>
              {t('panels.node.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
