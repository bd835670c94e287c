import type { FileEntry } from '@corridor/contract';
import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format.ts';
import { SortControl, useSortState } from './SortControl.tsx';
import { type SortValue, sortItems } from './sorting.ts';

type FileSort = 'name' | 'type' | 'size';

const SORT_VALUES: Record<FileSort, (file: FileEntry) => SortValue> = {
  name: (file) => file.name,
  type: (file) => file.tag,
  size: (file) => file.size,
};

interface FileTableProps {
  files: readonly FileEntry[];
  /** Accessible name of the table. */
  label: string;
  emptyText: string;
  /** The name cell; the plain name by default. */
  renderName?: (file: FileEntry) => ReactNode;
  /** Buttons at the end of each row. */
  renderActions?: (file: FileEntry) => ReactNode;
  /** Shown beside the sort control (upload, create, …). */
  toolbar?: ReactNode;
}

/** Files with name, data type and size, sortable by each with a direction toggle (spec 1 §2.10). */
export function FileTable({ files, label, emptyText, renderName, renderActions, toolbar }: FileTableProps) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useSortState<FileSort>('name');
  const sorted = useMemo(() => sortItems(files, SORT_VALUES[sort.by], sort.direction), [files, sort]);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group gap="xs">{toolbar}</Group>
        <SortControl
          value={sort}
          onChange={setSort}
          options={[
            { value: 'name', label: t('files.columns.name') },
            { value: 'type', label: t('files.columns.type') },
            { value: 'size', label: t('files.columns.size') },
          ]}
        />
      </Group>
      {files.length === 0 ? (
        <Text c="dimmed">{emptyText}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={label} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('files.columns.name')}</Table.Th>
                <Table.Th>{t('files.columns.type')}</Table.Th>
                <Table.Th ta="right">{t('files.columns.size')}</Table.Th>
                {renderActions && (
                  <Table.Th>
                    <VisuallyHidden>{t('files.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>{renderName ? renderName(file) : file.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c={file.tag ? undefined : 'dimmed'} ff="monospace">
                      {file.tag ?? t('files.unknownType')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(file.size, i18n.language)}
                  </Table.Td>
                  {renderActions && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {renderActions(file)}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
