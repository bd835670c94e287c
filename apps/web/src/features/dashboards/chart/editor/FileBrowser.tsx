/**
 * The chart editor's file browser (spec 3 §2.3): the group's datasets as a tree (scenarios with their runs).
 * selectDataset: a Select link per dataset with its table count and a scenario or run icon.
 * importTable: the files listed under each dataset, importable ones with an Import button and their state.
 */
import type { BrowseNode } from '@corridor/contract';
import { Alert, Anchor, Box, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFile, IconFolder, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importAsTable, importedTableName, type TableImportState, useBrowse, useInvalidateTables } from '../../../../api/tables.ts';
import { DASHBOARDS_NS } from '../../i18n/index.ts';

interface Props {
  groupId: number;
  mode: 'selectDataset' | 'importTable';
  onSelect?: (dataset: { id: number; name: string }) => void;
  onImported?: (datasetId: number, table: string) => void;
}

export function FileBrowser({ groupId, mode, onSelect, onImported }: Props) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const browse = useBrowse(groupId);
  const invalidate = useInvalidateTables();
  const [imports, setImports] = useState<ReadonlyMap<number, TableImportState>>(new Map());
  const set = (fileId: number, state: TableImportState) => setImports((old) => new Map(old).set(fileId, state));

  const start = async (datasetId: number, file: { id: number; name: string }) => {
    if (imports.get(file.id)?.status === 'loading') return;
    set(file.id, { status: 'loading' });
    try {
      const table = importedTableName(await importAsTable(datasetId, file.id), undefined, file.name);
      set(file.id, { status: 'imported', table });
      await invalidate();
      onImported?.(datasetId, table);
    } catch (error) {
      set(file.id, { status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  if (browse.isPending) return <Loader size="sm" />;
  if (browse.isError) return <Alert color="red">{t('chart.editor.data.loadFailed')}</Alert>;

  const renderNode = (node: BrowseNode, depth: number) => {
    const dataset = node.meta.kind === 'dataset';
    const Icon = node.meta.datasetType === 1 ? IconFolder : IconPlayerPlay;
    return (
      <Box key={`${node.meta.kind}-${node.meta.id}`} pl={depth > 0 ? 'md' : 0} data-browse-node={node.meta.name}>
        {dataset && (
          <Group gap="xs" wrap="nowrap" py={2}>
            <Icon size={16} aria-hidden />
            <Text size="sm" fw={500} truncate>
              {node.meta.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('chart.editor.data.tables', { count: node.meta.tableCount ?? 0 })}
            </Text>
            {mode === 'selectDataset' && (
              <Anchor component="button" type="button" size="sm" onClick={() => onSelect?.({ id: node.meta.id, name: node.meta.name })}>
                {t('chart.editor.data.select')}
              </Anchor>
            )}
          </Group>
        )}
        {dataset && mode === 'importTable' && (
          <Stack gap={2} pl="md">
            {node.files.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('chart.editor.data.noFiles')}
              </Text>
            )}
            {node.files.map((file) => {
              const state = imports.get(file.id) ?? (file.table ? { status: 'imported' as const, table: file.table } : undefined);
              return (
                <Group key={file.id} gap="xs" wrap="nowrap" data-file={file.name}>
                  <IconFile size={14} aria-hidden />
                  <Text size="sm" truncate style={{ flex: 1 }}>
                    {file.name}
                  </Text>
                  {state?.status === 'imported' && (
                    <Group gap={4}>
                      <IconCheck size={14} color="var(--mantine-color-green-6)" aria-hidden />
                      <Text size="xs">{t('chart.editor.data.imported', { table: state.table })}</Text>
                    </Group>
                  )}
                  {state?.status === 'error' && (
                    <Tooltip label={t('chart.editor.data.importFailed', { message: state.message })}>
                      <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" aria-label={state.message} />
                    </Tooltip>
                  )}
                  {file.importable && state?.status !== 'imported' && (
                    <Button size="compact-xs" variant="light" loading={state?.status === 'loading'} onClick={() => void start(node.meta.id, file)}>
                      {t('chart.editor.data.import')}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
        {node.children.map((child) => renderNode(child, dataset ? depth + 1 : depth))}
      </Box>
    );
  };
  return <Stack gap={4}>{renderNode(browse.data, 0)}</Stack>;
}
