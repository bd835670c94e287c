import { Alert, Anchor, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCancelJob } from '../../api/jobs.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { formatDateTime } from '../../components/format.ts';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { canCancel, jobLogPath } from './jobLinks.ts';
import { JobsList } from './JobsList.tsx';

/** Jobs, /jobs (spec 3 §2.12): id, name, state with its last update, the runner that took it (issue 26), command, log and Cancel. */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const cancel = useCancelJob();
  // Cancelling stops a running job for good: it asks first, as deleting does (issue 24).
  const [confirming, setConfirming] = useState<{ id: number; name: string } | null>(null);

  return (
    <>
      <ConfirmModal
        opened={confirming !== null}
        title={t('jobs.cancelConfirmTitle')}
        text={t('jobs.cancelConfirm', { name: confirming?.name ?? '' })}
        confirmLabel={t('jobs.cancelConfirmButton')}
        cancelLabel={t('jobs.keepRunning')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) cancel.mutate(confirming.id);
          setConfirming(null);
        }}
      />
      <JobsList
        title={t('titles.jobs')}
        loadFailed={t('jobs.loadFailed')}
        notices={
          cancel.isError && (
            <Alert color="red" role="alert" withCloseButton onClose={() => cancel.reset()}>
              {t('jobs.cancelFailed')} {cancel.error.message}
            </Alert>
          )
        }
        columns={[
          t('jobs.columns.id'),
          t('jobs.columns.name'),
          t('jobs.columns.state'),
          t('jobs.columns.runner'),
          t('jobs.columns.command'),
          t('jobs.columns.logfile'),
          null,
        ]}
        cells={(job) => {
          const log = jobLogPath(job);
          return (
            <>
              <Table.Td>{job.id}</Table.Td>
              <Table.Td>
                {job.url ? (
                  <Anchor component={Link} to={job.url}>
                    {job.name}
                  </Anchor>
                ) : (
                  job.name
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <StatusIcon status={job.jobStatus} />
                  <Stack gap={0}>
                    <Text size="sm">{t(`status.${job.jobStatus}`)}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(job.lastUpdated, i18n.language)}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td>{job.runnerName ?? <Text c="dimmed">–</Text>}</Table.Td>
              <Table.Td>
                <Code>{job.command}</Code>
              </Table.Td>
              <Table.Td>
                {log && (
                  <Anchor component={Link} to={log} aria-label={t('jobs.logfileLabel', { name: job.name })}>
                    {t('jobs.logfile')}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td>
                {canCancel(job) && (
                  <Anchor
                    component="button"
                    type="button"
                    c="red"
                    aria-label={t('jobs.cancelLabel', { name: job.name })}
                    disabled={cancel.isPending && cancel.variables === job.id}
                    onClick={() => setConfirming({ id: job.id, name: job.name })}
                  >
                    {t('jobs.cancel')}
                  </Anchor>
                )}
              </Table.Td>
            </>
          );
        }}
      />
    </>
  );
}
