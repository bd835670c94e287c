import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { runPath } from '../runs/runPaths.ts';
import type { RunColumn } from './runColumns.ts';

/** A run's column heading: its name linking to the run, or a note why the run has nothing to compare. */
export function RunHeader({ column }: { column: RunColumn }) {
  const { t } = useTranslation();
  if (column.state === 'loading') return <Text size="sm">{t('compare.runFallback', { id: column.id })}</Text>;
  if (column.state === 'runUnavailable') {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t('compare.runFallback', { id: column.id })}
        </Text>
        <Text size="xs" c="red" fw={400}>
          {t('compare.runUnavailable')}
        </Text>
      </Stack>
    );
  }
  const note =
    column.state === 'noConfig'
      ? t('compare.noConfig')
      : column.state === 'configError'
        ? t('compare.configError', { message: column.message })
        : null;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <StatusIcon status={column.run.status ?? undefined} />
        <Anchor component={Link} to={runPath(column.run.groupName, column.run.id)} size="sm" fw={600}>
          {column.run.name}
        </Anchor>
      </Group>
      {column.state === 'ready' && column.source && (
        <Text size="xs" c="dimmed" fw={400}>
          {t('compare.configFrom', { file: column.source })}
        </Text>
      )}
      {note && (
        <Text size="xs" c="red" fw={400}>
          {note}
        </Text>
      )}
    </Stack>
  );
}
