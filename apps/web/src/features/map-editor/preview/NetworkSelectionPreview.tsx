import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SelectionOf } from '../groups/registry.ts';
import { LinkPanel } from './link/LinkPanel.tsx';
import { NodeCard } from './NodeCard.tsx';
import { NetworkTable } from './table/NetworkTable.tsx';

/** The Preview tab for a network selection: one link's panel, the table of several, or node cards (a hint when empty). */
export function NetworkSelectionPreview({ selection }: { readonly selection: SelectionOf<'network-links-and-nodes'> }) {
  const { t } = useTranslation('editor');
  if (selection.links.length === 1) return <LinkPanel linkId={selection.links[0]!} />;
  if (selection.links.length > 1) return <NetworkTable linkIds={selection.links} />;
  if (selection.nodes.length === 0) return <Text c="dimmed" size="sm">{t('panels.empty')}</Text>;
  return (
    <Stack gap="xs">
      {selection.nodes.map((nodeId) => (
        <NodeCard key={nodeId} nodeId={nodeId} />
      ))}
    </Stack>
  );
}
