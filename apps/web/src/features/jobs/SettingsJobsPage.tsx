import { Alert, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useJobs } from '../../api/jobs.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { formatDateTime } from '../../components/format.ts';
import { RefreshButton } from './RefreshButton.tsx';

/** Jobs list in settings, /settings/jobs (spec 3 §2.12): id, name, submitted, started, finished, parameters. */
export function SettingsJobsPage() {
  const { t, i18n } = useTranslation();
  const jobs = useJobs();
  const time = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '–');

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: t('titles.settings'), to: '/settings' }, { label: t('titles.settingsJobs') }]} />
      <Group justify="space-between">
        <Title order={2}>{t('titles.settingsJobs')}</Title>
        <RefreshButton loading={jobs.isFetching} onRefresh={() => void jobs.refetch()} />
      </Group>
      {jobs.isError && (
        <Alert color="red" role="alert">
          {t('jobs.settingsLoadFailed')}
        </Alert>
      )}
      {jobs.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
      {jobs.data?.length === 0 && <Text c="dimmed">{t('jobs.empty')}</Text>}
      {jobs.data && jobs.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('titles.settingsJobs')} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('jobs.columns.id')}</Table.Th>
                <Table.Th>{t('jobs.columns.name')}</Table.Th>
                <Table.Th>{t('jobs.columns.submitted')}</Table.Th>
                <Table.Th>{t('jobs.columns.started')}</Table.Th>
                <Table.Th>{t('jobs.columns.finished')}</Table.Th>
                <Table.Th>{t('jobs.columns.parameters')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.map((job) => (
                <Table.Tr key={job.id}>
                  <Table.Td>{job.id}</Table.Td>
                  <Table.Td>{job.name}</Table.Td>
                  <Table.Td>{time(job.submitted)}</Table.Td>
                  <Table.Td>{time(job.started)}</Table.Td>
                  <Table.Td>{time(job.finished)}</Table.Td>
                  <Table.Td>
                    <Code>{job.parameters}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
