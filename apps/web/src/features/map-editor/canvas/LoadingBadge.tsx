/** A "loading …" badge centred at the bottom of the map (the network, a transit schedule, DRT files), one above another. */
import { Badge, Group, Loader } from '@mantine/core';

export function LoadingBadge({ label, bottom }: { label: string; bottom: number }) {
  return (
    <Badge
      variant="default"
      size="lg"
      role="status"
      style={{ position: 'absolute', bottom, left: '50%', transform: 'translateX(-50%)', zIndex: 2, pointerEvents: 'none', textTransform: 'none' }}
    >
      <Group gap={6} wrap="nowrap">
        <Loader size={12} />
        {label}
      </Group>
    </Badge>
  );
}
