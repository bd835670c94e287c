import type { PostProcess, RunDetails } from '@corridor/contract';
import { Anchor, Badge, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../api/client.ts';

const BADGE_COLORS: Record<string, string> = {
  CREATED: 'gray',
  SUBMITTED: 'gray',
  STARTED: 'blue',
  FINISHED: 'teal',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** Where a failed step's log is: a system file, or a derived file of the network file. */
function logUrl(step: PostProcess): string | null {
  if (step.logFileId !== null) return apiUrl(`/datasets/sysfiles/${step.logFileId}`, { dl: 1 });
  if (step.fileId !== null && step.logFile) return apiUrl(`/datasets/files/${step.fileId}/d/${encodeURIComponent(step.logFile)}`);
  return null;
}

function StepCard({ title, step }: { title: string; step: PostProcess }) {
  const { t } = useTranslation();
  const log = step.status === 'FAILED' ? logUrl(step) : null;
  return (
    <Paper withBorder p="sm">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Badge color={BADGE_COLORS[step.status] ?? 'gray'} variant="light">
          {t(`status.${step.status}`)}
        </Badge>
        {step.message && (
          <Text size="sm" c={step.status === 'FAILED' ? 'red' : 'dimmed'}>
            {step.message}
          </Text>
        )}
        {log && (
          <Anchor href={log} size="sm" download>
            {t('runs.overview.logFile')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** The "Post process" column: a card per step, or the tentative card before any step started (spec 1 §2.17). */
export function PostProcessCards({ run }: { run: RunDetails }) {
  const { t } = useTranslation();
  const { postProcessRun, postProcessNetwork, postProcessVehicles } = run.run;
  return (
    <Paper withBorder p="md" miw={240}>
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          {t('runs.overview.postProcess')}
        </Text>
        {!postProcessRun && !postProcessNetwork && (
          <Paper withBorder p="sm" style={{ borderStyle: 'dashed' }}>
            <Text size="sm" c="dimmed">
              {t('runs.overview.tentative')}
            </Text>
          </Paper>
        )}
        {postProcessRun && <StepCard title={t('runs.overview.postProcessRun')} step={postProcessRun} />}
        {postProcessNetwork && <StepCard title={t('runs.overview.postProcessNetwork')} step={postProcessNetwork} />}
        {postProcessVehicles && <StepCard title={t('runs.overview.postProcessVehicles')} step={postProcessVehicles} />}
      </Stack>
    </Paper>
  );
}
