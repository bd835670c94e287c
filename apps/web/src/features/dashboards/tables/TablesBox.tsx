import type { DatasetTable } from '@corridor/contract';
import { Alert, Badge, Group, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteTable, useInvalidateTables } from '../../../api/tables.ts';
import { DeleteIconButton } from '../../../components/DeleteIconButton.tsx';

interface TablesBoxProps {
  datasetId: number;
  tables: readonly DatasetTable[];
}

/**
 * The Tables box of Manage Tables (spec 3 §2.1): table name, originating file and a delete action. A run's live
 * tables are listed too but cannot be deleted. Deleting needs no confirm: the file stays, so it can be imported
 * again (docs/decisions.md).
 */
export function TablesBox({ datasetId, tables }: TablesBoxProps) {
  const { t, i18n } = useTranslation('dashboards', { keyPrefix: 'tables' });
  const invalidate = useInvalidateTables();
  const [deleting, setDeleting] = useState<string>();
  const [error, setError] = useState<string>();

  const remove = async (name: string) => {
    setDeleting(name);
    setError(undefined);
    try {
      await deleteTable(datasetId, name);
      await invalidate();
    } catch (failure) {
      setError(t('deleteFailed', { message: failure instanceof Error ? failure.message : String(failure) }));
    } finally {
      setDeleting(undefined);
    }
  };

  return (
    <section aria-labelledby="tables-box-title">
      <Title order={4} id="tables-box-title" mb="xs">
        {t('tablesTitle')}
      </Title>
      {error && (
        <Alert color="red" role="alert" mb="xs">
          {error}
        </Alert>
      )}
      {tables.length === 0 ? (
        <Text c="dimmed">{t('noTables')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-labelledby="tables-box-title" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.table')}</Table.Th>
                <Table.Th>{t('columns.file')}</Table.Th>
                <Table.Th ta="right">{t('columns.rows')}</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tables.map((table) => (
                <Table.Tr key={table.name}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" ff="monospace">
                        {table.name}
                      </Text>
                      {table.live && (
                        <Tooltip label={t('liveHint')} withArrow multiline maw={300}>
                          <Badge size="xs" variant="light">
                            {t('live')}
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{table.fileName ?? '–'}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{table.rowCount === null ? '–' : table.rowCount.toLocaleString(i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {!table.live && (
                      <DeleteIconButton
                        tooltip={t('delete')}
                        label={t('deleteLabel', { name: table.name })}
                        loading={deleting === table.name}
                        onClick={() => void remove(table.name)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
