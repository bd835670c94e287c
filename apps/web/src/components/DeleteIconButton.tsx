import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface DeleteIconButtonProps {
  /** Tooltip text, e.g. "Delete". */
  tooltip: string;
  /** Accessible name naming the thing, e.g. "Delete network.xml". */
  label: string;
  onClick: () => void;
  loading?: boolean;
}

/** The red trash button of table rows (files, changesets, access entries, team members). */
export function DeleteIconButton({ tooltip, label, onClick, loading }: DeleteIconButtonProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={label} loading={loading} onClick={onClick}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
