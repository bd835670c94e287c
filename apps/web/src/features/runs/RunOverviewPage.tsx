import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerStop, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRunAgain, useStopRun } from '../../api/runs.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { PostProcessCards } from './PostProcessCards.tsx';
import { RunAgainLinks } from './RunAgainLinks.tsx';
import { RunCharts } from './RunCharts.tsx';
import { RunLabels } from './RunLabels.tsx';
import { useRunContext } from './RunContext.ts';
import { RunStatusCard } from './RunStatusCard.tsx';
import { runPath } from './runPaths.ts';
import { canStop, chartsAvailable, stopPending } from './runStatus.ts';

/**
 * /{group}/runs/{id}: the pipeline, the stop button and the charts (spec 1 §2.17, §4). Stopping asks first, as
 * deleting does: a stopped run cannot be resumed (issue 24). "Run again" (issue 26) asks too, then opens the new run.
 */
export function RunOverviewPage() {
  const { t } = useTranslation();
  const run = useRunContext();
  const stop = useStopRun(run.id);
  const [confirming, setConfirming] = useState(false);
  const again = useRunAgain(run.id);
  const [confirmingAgain, setConfirmingAgain] = useState(false);
  const navigate = useNavigate();

  return (
    <Stack gap="lg">
      <Group align="stretch" gap="md">
        <RunStatusCard run={run} />
        <PostProcessCards run={run} />
      </Group>
      <RunAgainLinks run={run} />
      <RunLabels run={run} />
      {(canStop(run.run) || run.mayRunAgain) && (
        <Group>
          {canStop(run.run) && (
            <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} aria-hidden />} loading={stop.isPending} onClick={() => setConfirming(true)}>
              {t('runs.overview.stop')}
            </Button>
          )}
          {run.mayRunAgain && (
            <Button variant="default" leftSection={<IconRepeat size={16} aria-hidden />} loading={again.isPending} onClick={() => setConfirmingAgain(true)}>
              {t('runs.overview.runAgain')}
            </Button>
          )}
        </Group>
      )}
      <ConfirmModal
        opened={confirmingAgain}
        title={t('runs.overview.runAgainTitle')}
        text={t('runs.overview.runAgainConfirm', { name: run.name })}
        confirmLabel={t('runs.overview.runAgain')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setConfirmingAgain(false)}
        onConfirm={() => {
          setConfirmingAgain(false);
          again.mutate(undefined, { onSuccess: (created) => void navigate(runPath(run.groupName, created.datasetId)) });
        }}
      />
      {again.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => again.reset()}>
          {t('runs.overview.runAgainFailed', { message: again.error.message })}
        </Alert>
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
      {stopPending(stop.isSuccess, run.run) && (
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
