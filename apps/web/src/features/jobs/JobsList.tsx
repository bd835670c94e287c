import type { Job } from '@corridor/contract';
import { Alert, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobs } from '../../api/jobs.ts';
import { RefreshButton } from './RefreshButton.tsx';

interface JobsListProps {
  title: string;
  /** The alert shown when the list cannot be loaded. */
  loadFailed: string;
  /** The column headers; null is a header without text. */
  columns: (string | null)[];
  /** The cells of one job's row. */
  cells: (job: Job) => ReactNode;
  /** Shown above the title (breadcrumbs). */
  above?: ReactNode;
  /** Shown below the load alert (the page's own alerts). */
  notices?: ReactNode;
}

/** The frame of the two job lists (spec 3 §2.12): title with Refresh, load alert, loading, empty, the table of jobs. */
export function JobsList({ title, loadFailed, columns, cells, above, notices }: JobsListProps) {
  const { t } = useTranslation();
  const jobs = useJobs();

  return (
    <Stack gap="lg">
      {above}
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <RefreshButton loading={jobs.isFetching} onRefresh={() => void jobs.refetch()} />
      </Group>
      {jobs.isError && (
        <Alert color="red" role="alert">
          {loadFailed}
        </Alert>
      )}
      {notices}
      {jobs.isPending && <Text c="dimmed">{t('common.loading')}</Text>}
      {jobs.data?.length === 0 && <Text c="dimmed">{t('jobs.empty')}</Text>}
      {jobs.data && jobs.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={title} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((label, i) => (label === null ? <Table.Th key={i} /> : <Table.Th key={i}>{label}</Table.Th>))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.data.map((job) => (
                <Table.Tr key={job.id}>{cells(job)}</Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
