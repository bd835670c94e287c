import { Alert, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRuns } from '../../../api/runs.ts';
import { useDataset, useScenarios } from '../../../api/scenarios.ts';
import { useGroupTables } from '../../../api/tables.ts';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { datasetOptions } from './datasetOptions.ts';
import { ImportFiles } from './ImportFiles.tsx';
import { TablesBox } from './TablesBox.tsx';

interface TablesManagerProps {
  groupId: number;
  /** The chosen dataset; the caller keeps it (Manage Tables keeps it in the address). */
  datasetId: number | undefined;
  onDatasetChange: (datasetId: number | undefined) => void;
}

/** The chosen dataset's Tables box and importable files; its files come from the dataset call (scenarios and runs alike). */
function DatasetTables({ groupId, datasetId }: { groupId: number; datasetId: number }) {
  const { t } = useTranslation('dashboards', { keyPrefix: 'tables' });
  const tables = useGroupTables(groupId);
  const dataset = useDataset(datasetId);
  if (tables.isPending || dataset.isPending) return <PageLoader />;
  if (tables.isError) {
    return (
      <Alert color="red" role="alert">
        {t('loadError')} {tables.error.message}
      </Alert>
    );
  }
  const datasetTables = tables.data.tables[String(datasetId)] ?? [];
  return (
    <Stack gap="lg">
      <TablesBox datasetId={datasetId} tables={datasetTables} />
      {dataset.isError ? (
        <Alert color="red" role="alert">
          {t('filesError')} {dataset.error.message}
        </Alert>
      ) : (
        <ImportFiles datasetId={datasetId} files={dataset.data.files} tables={datasetTables} />
      )}
    </Stack>
  );
}

/**
 * The tables component (spec 1 §2.17, spec 3 §2.1 Manage Tables): choose one of the team's scenarios or runs, see
 * its tables, delete them, import its csv files as tables.
 */
export function TablesManager({ groupId, datasetId, onDatasetChange }: TablesManagerProps) {
  const { t } = useTranslation('dashboards', { keyPrefix: 'tables' });
  const scenarios = useScenarios(groupId);
  const runs = useRuns(groupId);
  const options = datasetOptions(scenarios.data ?? [], runs.data ?? [], { scenarios: t('scenarios'), runs: t('runs') });
  const loading = scenarios.isPending || runs.isPending;
  const failure = scenarios.error ?? runs.error;

  return (
    <Stack gap="lg">
      <Select
        label={t('dataset')}
        placeholder={t('datasetPlaceholder')}
        data={options}
        value={datasetId === undefined ? null : String(datasetId)}
        onChange={(value) => onDatasetChange(value === null ? undefined : Number(value))}
        searchable
        nothingFoundMessage={t('noDatasets')}
        disabled={loading}
        maw={480}
      />
      {failure && (
        <Alert color="red" role="alert">
          {t('loadError')} {failure.message}
        </Alert>
      )}
      {!loading && !failure && options.length === 0 && <Text c="dimmed">{t('noDatasets')}</Text>}
      {datasetId === undefined ? (
        options.length > 0 && <Text c="dimmed">{t('chooseDataset')}</Text>
      ) : (
        <Paper withBorder p="md">
          <DatasetTables groupId={groupId} datasetId={datasetId} />
        </Paper>
      )}
    </Stack>
  );
}
