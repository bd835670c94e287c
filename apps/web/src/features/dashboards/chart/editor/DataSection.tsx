/** Data: the dataset (via the file browser's selectDataset) and one of its tables; import of a file as table. */
import type { DatasetTable } from '@corridor/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconFolder, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';
import { FileBrowser } from './FileBrowser.tsx';

interface Props {
  groupId: number;
  dataset: { id: number; name: string; datasetType: number } | undefined;
  tables: DatasetTable[];
  table: string;
  loading: boolean;
  onDataset: (id: number) => void;
  onTable: (table: string) => void;
}

export function DataSection({ groupId, dataset, tables, table, loading, onDataset, onTable }: Props) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const [browser, setBrowser] = useState<'selectDataset' | 'importTable' | null>(null);
  const Icon = dataset?.datasetType === 1 ? IconFolder : IconPlayerPlay;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        {dataset && <Icon size={16} aria-hidden />}
        <Text size="sm" fw={500} style={{ flex: 1 }} truncate data-testid="chart-dataset">
          {dataset?.name ?? t('chart.editor.data.noDataset')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => setBrowser('selectDataset')}>
          {t('chart.editor.data.chooseDataset')}
        </Button>
      </Group>
      <Select
        label={t('chart.editor.data.table')}
        placeholder={t('chart.editor.data.chooseTable')}
        data={tables.map((x) => x.name)}
        value={table || null}
        onChange={(value) => value && onTable(value)}
        searchable
        disabled={!dataset || loading}
        allowDeselect={false}
      />
      {dataset && !loading && tables.length === 0 && (
        <Alert color="yellow" variant="light" p="xs">
          {t('chart.editor.data.noTables')}
        </Alert>
      )}
      <Button size="compact-sm" variant="subtle" onClick={() => setBrowser('importTable')} style={{ alignSelf: 'flex-start' }}>
        {t('chart.editor.data.importTable')}
      </Button>
      <Modal
        opened={browser !== null}
        onClose={() => setBrowser(null)}
        title={browser === 'importTable' ? t('chart.editor.data.importTitle') : t('chart.editor.data.browserTitle')}
        size="lg"
      >
        {browser && (
          <FileBrowser
            groupId={groupId}
            mode={browser}
            onSelect={(d) => {
              onDataset(d.id);
              setBrowser(null);
            }}
            onImported={(datasetId, name) => {
              if (datasetId === dataset?.id && !table) onTable(name);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
