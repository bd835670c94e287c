import { Alert, Anchor, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCancelJob, useJobs } from '../../api/jobs.ts';
import { formatDateTime } from '../../components/format.ts';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { canCancel, jobLogPath } from './jobLinks.ts';
import { RefreshButton } from './RefreshButton.tsx';

/** Jobs, /jobs (spec 3 §2.12): id, name, state with its last update, command, log and Cancel. */
export function JobsPage() {
  const { t, i18n } = useTranslation();
  const jobs = useJobs();
  const cancel = useCancelJob();

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('titles.jobs')}</Title>
        <RefreshButton loading={jobs.isFetching} onRefresh={() => void jobs.refetch()} />
      </Group>
      {jobs.isError && (
        <Alert color="red" role="alert">
          {t('jobs.loadFailed')}
        </Alert>
      )}
      {cancel.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => cancel.reset()}>
          {t('jobs.cancelFailed')} {cancel.error.message}
        </Alert>
      )}
      {jobs.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
      {jobs.data?.length === 0 && <Text c="dimmed">{t('jobs.empty')}</Text>}
      {jobs.data && jobs.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('titles.jobs')} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('jobs.columns.id')}</Table.Th>
                <Table.Th>{t('jobs.columns.name')}</Table.Th>
                <Table.Th>{t('jobs.columns.state')}</Table.Th>
                <Table.Th>{t('jobs.columns.command')}</Table.Th>
                <Table.Th>{t('jobs.columns.logfile')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.map((job) => {
                const log = jobLogPath(job);
                return (
                  <Table.Tr key={job.id}>
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
                          onClick={() => cancel.mutate(job.id)}
                        >
                          {t('jobs.cancel')}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
