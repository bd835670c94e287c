import { Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';

/** "from → to": the link's direction by its nodes. */
export function LinkDirection({ fromId, toId }: { fromId: string; toId: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace">{fromId}</Text>
      <IconArrowRight size={14} aria-label="→" />
      <Text size="sm" ff="monospace">{toId}</Text>
    </Group>
  );
}
