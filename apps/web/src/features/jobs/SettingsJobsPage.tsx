import { Code, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { formatDateTime } from '../../components/format.ts';
import { JobsList } from './JobsList.tsx';

/** Jobs list in settings, /settings/jobs (spec 3 §2.12): id, name, submitted, started, finished, parameters. */
export function SettingsJobsPage() {
  const { t, i18n } = useTranslation();
  const time = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '–');

  return (
    <JobsList
      title={t('titles.settingsJobs')}
      loadFailed={t('jobs.settingsLoadFailed')}
      above={<Breadcrumbs items={[{ label: t('titles.settings'), to: '/settings' }, { label: t('titles.settingsJobs') }]} />}
      columns={[
        t('jobs.columns.id'),
        t('jobs.columns.name'),
        t('jobs.columns.submitted'),
        t('jobs.columns.started'),
        t('jobs.columns.finished'),
        t('jobs.columns.parameters'),
      ]}
      cells={(job) => (
        <>
          <Table.Td>{job.id}</Table.Td>
          <Table.Td>{job.name}</Table.Td>
          <Table.Td>{time(job.submitted)}</Table.Td>
          <Table.Td>{time(job.started)}</Table.Td>
          <Table.Td>{time(job.finished)}</Table.Td>
          <Table.Td>
            <Code>{job.parameters}</Code>
          </Table.Td>
        </>
      )}
    />
  );
}
