import type { RunSummary } from '@corridor/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { runPath } from './runPaths.ts';

/** Runs as a short list: status icon, name linking to the run, created date (home and scenario overview). */
export function RunLinkList({ runs, label }: { runs: readonly RunSummary[]; label: string }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={6} component="ul" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
      {runs.map((run) => (
        <Group key={run.id} gap="sm" wrap="nowrap" component="li">
          <StatusIcon status={run.status ?? undefined} spinWhileStarted />
          <Anchor component={Link} to={runPath(run.groupName, run.id)} truncate>
            {run.name}
          </Anchor>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(run.created, i18n.language)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
