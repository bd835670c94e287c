import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStopRun } from '../../api/runs.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PostProcessCards } from './PostProcessCards.tsx';
import { RunCharts } from './RunCharts.tsx';
import { RunLabels } from './RunLabels.tsx';
import { useRunContext } from './RunContext.ts';
import { RunStatusCard } from './RunStatusCard.tsx';
import { canStop, chartsAvailable } from './runStatus.ts';

/**
 * /{group}/runs/{id}: the pipeline, the stop button and the charts (spec 1 §2.17, §4). Stopping asks first, as
 * deleting does: a stopped run cannot be resumed (issue 24).
 */
export function RunOverviewPage() {
  const { t } = useTranslation();
  const run = useRunContext();
  const stop = useStopRun(run.id);
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="lg">
      <Group align="stretch" gap="md">
        <RunStatusCard run={run} />
        <PostProcessCards run={run} />
      </Group>
      <RunLabels run={run} />
      {canStop(run.run) && (
        <Group>
          <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} aria-hidden />} loading={stop.isPending} onClick={() => setConfirming(true)}>
            {t('runs.overview.stop')}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('runs.overview.stopConfirmTitle')}
        text={t('runs.overview.stopConfirm', { name: run.name })}
        confirmLabel={t('runs.overview.stop')}
        cancelLabel={t('runs.overview.keepRunning')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          stop.mutate();
        }}
      />
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
