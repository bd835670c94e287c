import { Group, Loader, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TableImportState } from '../api/tables.ts';

interface TableImportStatusProps {
  state: Exclude<TableImportState, undefined>;
  /** Accessible names, in the caller's namespace. */
  loadingLabel: string;
  errorLabel: string;
  /** What an imported file shows next to the check (the table name, or a link to it). */
  children?: ReactNode;
}

/**
 * The marker of a file's import as a table (spec 3 §4, spec 1 §6): a spinner while loading, a warning icon whose
 * tooltip is the server's message, a check with the table once imported. The run Files tab and Manage Tables.
 */
export function TableImportStatus({ state, loadingLabel, errorLabel, children }: TableImportStatusProps) {
  if (state.status === 'loading') return <Loader size="xs" aria-label={loadingLabel} />;
  if (state.status === 'error') {
    return (
      <Tooltip label={state.message} withArrow multiline maw={360}>
        <ThemeIcon variant="transparent" color="orange" size="sm" role="img" aria-label={`${errorLabel}: ${state.message}`}>
          <IconAlertTriangle size={16} aria-hidden />
        </ThemeIcon>
      </Tooltip>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
      {children}
    </Group>
  );
}
