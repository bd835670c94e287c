import { type DatasetTable, defaultTableName, type FileEntry, isImportableTableFile } from '@corridor/contract';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TableImportState, useTableImports } from '../../../api/tables.ts';
import { TableImportStatus } from '../../../components/TableImportStatus.tsx';

interface ImportFileRowProps {
  file: FileEntry;
  state: TableImportState | undefined;
  onAdd: (name: string) => void;
}

/**
 * One importable file (spec 3 §4): none shows the name input (empty = the file's default name) and Add (or Enter);
 * loading a spinner; error the warning icon with Add again to retry; imported a check and the table name.
 */
function ImportFileRow({ file, state, onAdd }: ImportFileRowProps) {
  const { t } = useTranslation('dashboards', { keyPrefix: 'tables' });
  const [name, setName] = useState('');
  const busy = state?.status === 'loading';
  const add = () => {
    if (!busy) onAdd(name);
  };
  if (state?.status === 'imported') {
    return (
      <Table.Tr>
        <Table.Td>
          <Text size="sm">{file.name}</Text>
        </Table.Td>
        <Table.Td colSpan={2}>
          <TableImportStatus state={state} loadingLabel={t('importing')} errorLabel={t('importFailed')}>
            <Text size="sm">{t('imported', { table: state.table })}</Text>
          </TableImportStatus>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{file.name}</Text>
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          value={name}
          placeholder={defaultTableName(file.name)}
          aria-label={t('tableName', { file: file.name })}
          disabled={busy}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add();
          }}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {busy ? null : (
            <Button size="xs" variant="light" onClick={add} aria-label={t('addLabel', { file: file.name })}>
              {t('add')}
            </Button>
          )}
          {state && <TableImportStatus state={state} loadingLabel={t('importing')} errorLabel={t('importFailed')} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

interface ImportFilesProps {
  datasetId: number;
  files: readonly FileEntry[];
  tables: readonly DatasetTable[];
}

/**
 * The footer of Manage Tables (spec 3 §2.1): the dataset's importable csv files, each with a name input and Add.
 * A file the catalogue already has a table of shows as imported (delete the table to import it again).
 */
export function ImportFiles({ datasetId, files, tables }: ImportFilesProps) {
  const { t } = useTranslation('dashboards', { keyPrefix: 'tables' });
  const imports = useTableImports(datasetId, tables);
  const importable = files.filter((file) => isImportableTableFile(file.name)).sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack gap="xs" component="section" aria-labelledby="import-files-title">
      <Title order={4} id="import-files-title">
        {t('filesTitle')}
      </Title>
      {importable.length === 0 ? (
        <Text c="dimmed">{t('none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-labelledby="import-files-title" verticalSpacing="xs">
            <Table.Tbody>
              {importable.map((file) => (
                <ImportFileRow
                  key={file.id}
                  file={file}
                  state={imports.stateOf(file.id)}
                  onAdd={(name) => void imports.start(file, name)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
