import type { EngineDownloadStatus } from '@corridor/contract';
import { Alert, Button, Group, Loader, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconPlayerSkipForward, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SetupProgress, StepStatus } from './runSetup.ts';

const MEGABYTE = 1024 * 1024;

function StatusIcon({ status }: { status: StepStatus }) {
  switch (status) {
    case 'running':
      return <Loader size={22} />;
    case 'done':
      return (
        <ThemeIcon color="teal" radius="xl" size={22}>
          <IconCheck size={14} />
        </ThemeIcon>
      );
    case 'failed':
      return (
        <ThemeIcon color="red" radius="xl" size={22}>
          <IconX size={14} />
        </ThemeIcon>
      );
    case 'skipped':
      return <IconPlayerSkipForward size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />;
    case 'pending':
      return <IconCircleDashed size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />;
  }
}

function DownloadProgress({ download }: { download: EngineDownloadStatus }) {
  const { t } = useTranslation();
  const received = (download.receivedBytes / MEGABYTE).toFixed(1);
  const total = download.totalBytes ? (download.totalBytes / MEGABYTE).toFixed(1) : undefined;
  const percent = download.totalBytes ? Math.min(100, (download.receivedBytes / download.totalBytes) * 100) : 100;
  const indeterminate = !download.totalBytes && download.state === 'downloading';
  return (
    <Stack gap={4} pl={34}>
      <Progress
        value={download.state === 'done' ? 100 : percent}
        color={download.state === 'error' ? 'red' : undefined}
        striped={indeterminate}
        animated={indeterminate || download.state === 'verifying'}
        aria-label={t('setup.progress.downloadLabel')}
      />
      <Text size="xs" c="dimmed">
        {download.state === 'verifying'
          ? t('setup.progress.verifying')
          : total
            ? t('setup.progress.megabytesOf', { received, total })
            : t('setup.progress.megabytes', { received })}
      </Text>
    </Stack>
  );
}

interface ProgressPanelProps {
  progress: SetupProgress;
  onFinish: () => void;
  /** After a failed engine download: download again. */
  onRetry: () => void;
  /** After a failed engine download: finish without MATSim. */
  onSkip: () => void;
}

/** Panel 5: the setup steps with their status, then success or the first failure (spec 1 §2.6, §8). */
export function ProgressPanel({ progress, onFinish, onRetry, onSkip }: ProgressPanelProps) {
  const { t } = useTranslation();
  const { failure } = progress;
  const engineFailed = failure?.step === 'engine';
  const heading = progress.done
    ? t('setup.progress.doneHeading')
    : engineFailed
      ? t('setup.progress.downloadFailedHeading')
      : failure
        ? t('setup.progress.failedHeading')
        : t('setup.progress.heading');
  const skipped = progress.steps.some((step) => step.status === 'skipped');

  return (
    <Stack>
      <Title order={2}>{heading}</Title>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {progress.steps.map((step) => (
          <li key={step.id}>
            <Stack gap={6}>
              <Group gap="sm" wrap="nowrap">
                <StatusIcon status={step.status} />
                <Text>{t(`setup.progress.steps.${step.id}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`setup.progress.status.${step.status}`)}
                </Text>
              </Group>
              {step.id === 'engine' && progress.download && step.status !== 'pending' && (
                <DownloadProgress download={progress.download} />
              )}
            </Stack>
          </li>
        ))}
      </Stack>
      {engineFailed && (
        <Alert color="orange" role="alert" title={t('setup.engineFailure.title')}>
          <Stack gap="xs">
            <Text size="sm">{t('setup.engineFailure.setUp')}</Text>
            {failure.detail && <Text size="sm">{failure.detail}</Text>}
            <Text size="sm">{t('setup.engineFailure.advice')}</Text>
            <Group>
              <Button onClick={onRetry} autoFocus>
                {t('setup.engineFailure.retry')}
              </Button>
              <Button variant="default" onClick={onSkip}>
                {t('setup.engineFailure.skip')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {failure && !engineFailed && (
        <Alert color="red" role="alert">
          <Stack gap="xs">
            <Text size="sm">{t(`setup.failures.${failure.step}`)}</Text>
            <Text size="sm">{t('setup.failures.advice')}</Text>
          </Stack>
        </Alert>
      )}
      {progress.done && (
        <>
          <Text>{t('setup.progress.doneText')}</Text>
          {skipped && <Text c="dimmed">{t('setup.progress.skippedText')}</Text>}
          <Group>
            <Button onClick={onFinish} autoFocus>
              {t('setup.progress.goToCorridor')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
