import { Text } from '@mantine/core';

/** Network table panel (spec 2 §2) for several selected links. */
export function NetworkTable({ linkIds }: { linkIds: readonly string[] }) {
  return <Text size="sm">{linkIds.length}</Text>;
}
