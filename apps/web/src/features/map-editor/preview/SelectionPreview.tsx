import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../state/context.ts';
import { LinkPanel } from './link/LinkPanel.tsx';
import { NodeCard } from './NodeCard.tsx';
import { NetworkTable } from './table/NetworkTable.tsx';

/** The Preview tab's content for the selection: a hint, one link's panel, the table of several, or node cards. */
export function SelectionPreview() {
  const { t } = useTranslation('editor');
  const selection = useEditor((state) => state.selection);
  if (selection.type !== 'network-links-and-nodes' || (selection.links.length === 0 && selection.nodes.length === 0)) {
    return <Text c="dimmed" size="sm">{t('panels.empty')}</Text>;
  }
  if (selection.links.length === 1) return <LinkPanel linkId={selection.links[0]!} />;
  if (selection.links.length > 1) return <NetworkTable linkIds={selection.links} />;
  return (
    <Stack gap="xs">
      {selection.nodes.map((nodeId) => (
        <NodeCard key={nodeId} nodeId={nodeId} />
      ))}
    </Stack>
  );
}
