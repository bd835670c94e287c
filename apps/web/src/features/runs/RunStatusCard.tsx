import type { RunDetails, RunWaiting } from '@corridor/contract';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/format.ts';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { runOrigin } from './runOrigin.ts';
import { RunOriginBadge } from './RunOriginBadge.tsx';
import { runPath } from './runPaths.ts';
import { eventTime, formatDuration, runStatusView } from './runStatus.ts';
import { useNow } from './useNow.ts';

/**
 * The pipeline's run card: status icon and the status text of spec 1 §4, the elapsed clock ticking; a failed run
 * (or one cancelled after it started) links to its log.
 */
export function RunStatusCard({ run }: { run: RunDetails }) {
  const { t, i18n } = useTranslation();
  const view = runStatusView(run.run);
  const ticking = (view.kind === 'started' || view.kind === 'iteration') && view.startedAt !== null;
  const now = useNow(ticking);

  let main: string;
  const details: string[] = [];
  switch (view.kind) {
    case 'scheduled':
      main = t('runs.status.scheduled');
      if (run.run.waitingFor) details.push(waitingText(t, run.run.waitingFor));
      break;
    case 'started':
    case 'iteration':
      main = view.kind === 'started' ? t('runs.status.started') : t('runs.status.iteration', { iteration: view.iteration });
      if (view.startedAt !== null) details.push(t('runs.status.elapsed', { duration: formatDuration(now - view.startedAt) }));
      break;
    case 'finished':
      main =
        view.durationMs === null
          ? t('runs.status.finishedNoDuration', { count: view.iterations })
          : t('runs.status.finished', { count: view.iterations, duration: formatDuration(view.durationMs) });
      if (view.startedAt !== null) {
        details.push(t('runs.status.startedOn', { date: formatDateTime(new Date(view.startedAt).toISOString(), i18n.language) }));
      }
      break;
    case 'failed':
    case 'cancelled':
      main = t(`runs.status.${view.kind}`);
      if (view.message) details.push(view.message);
      break;
    default:
      main = t('runs.status.unknown');
  }

  return (
    <Paper withBorder p="md" miw={240} data-testid="run-status-card">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
            {t('runs.overview.runCard')}
          </Text>
          <RunOriginBadge origin={runOrigin(run)} />
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <StatusIcon status={run.run.status ?? undefined} spinWhileStarted />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} role="status">
              {main}
            </Text>
            {details.map((detail) => (
              <Text key={detail} size="sm" c={view.kind === 'failed' ? 'red' : 'dimmed'} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {detail}
              </Text>
            ))}
            {(view.kind === 'failed' || (view.kind === 'cancelled' && eventTime(run.run.events, 'runStarted') !== null)) && (
              <Anchor component={Link} to={`${runPath(run.groupName, run.id, 'file')}?logfile=1`} size="sm">
                {t('runs.overview.showLog')}
              </Anchor>
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Why a queued run has not started: no runner could ever take it (with the numbers), none connected, or all busy. */
function waitingText(t: TFunction, waiting: RunWaiting): string {
  switch (waiting.reason) {
    case 'no-runner-fits':
      return t('runs.status.waiting.noRunnerFits', { ram: waiting.ramInGb, count: waiting.cpuCores });
    case 'no-runner-connected':
      return t('runs.status.waiting.noRunnerConnected');
    case 'busy':
      return t('runs.status.waiting.busy');
  }
}
