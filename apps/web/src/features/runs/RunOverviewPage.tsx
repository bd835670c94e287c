import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStopRun } from '../../api/runs.ts';
import { PostProcessCards } from './PostProcessCards.tsx';
import { RunCharts } from './RunCharts.tsx';
import { RunLabels } from './RunLabels.tsx';
import { useRunContext } from './RunContext.ts';
import { RunStatusCard } from './RunStatusCard.tsx';
import { canStop, chartsAvailable } from './runStatus.ts';

/** /{group}/runs/{id}: the pipeline, the stop button and the charts (spec 1 §2.17, §4). */
export function RunOverviewPage() {
  const { t } = useTranslation();
  const run = useRunContext();
  const stop = useStopRun(run.id);

  return (
    <Stack gap="lg">
      <Group align="stretch" gap="md">
        <RunStatusCard run={run} />
        <PostProcessCards run={run} />
      </Group>
      <RunLabels run={run} />
      {canStop(run.run) && (
        <Group>
          <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} aria-hidden />} loading={stop.isPending} onClick={() => stop.mutate()}>
            {t('runs.overview.stop')}
          </Button>
        </Group>
      )}
      {stop.isSuccess && (
        <Alert color="blue" role="alert">
          {t('runs.overview.stopped')}
        </Alert>
      )}
      {stop.isError && (
        <Alert color="red" role="alert">
          {t('runs.overview.stopFailed', { message: stop.error.message })}
        </Alert>
      )}
      {chartsAvailable(run.run) ? <RunCharts run={run} /> : <Text c="dimmed">{t('runs.charts.notYet')}</Text>}
    </Stack>
  );
}
