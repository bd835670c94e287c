import type { FileEntry, RunDetails } from '@corridor/contract';
import { ActionIcon, Anchor, Tooltip } from '@mantine/core';
import { IconTableImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGroupTables, useTableImports } from '../../../api/tables.ts';
import { TableImportStatus } from '../../../components/TableImportStatus.tsx';
import { tablesImportPath } from '../../dashboards/paths.ts';
import { isFilesTabImportable } from './importAsTable.ts';

/**
 * The "Import as table" action of one run file (spec 1 §2.17, §6): none shows the button; loading a spinner; error
 * a warning icon (the server's message as tooltip) with the button to retry; imported a check and the table name,
 * linking to Manage Tables with the run preselected. The table gets the file's default name.
 */
export function ImportAsTableAction({ run, file }: { run: RunDetails; file: FileEntry }) {
  const { t } = useTranslation();
  // One cached list for every row; it tells which files were imported before (e.g. by run post-processing).
  const tables = useGroupTables(isFilesTabImportable(file.name) ? run.groupId : undefined);
  const imports = useTableImports(run.id, tables.data?.tables[String(run.id)]);
  if (!isFilesTabImportable(file.name)) return null;
  const state = imports.stateOf(file.id);

  const button = (
    <Tooltip label={t('runFiles.importAsTable')} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('runFiles.importAsTableLabel', { name: file.name })}
        onClick={() => void imports.start(file)}
      >
        <IconTableImport size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
  if (!state) return button;
  return (
    <>
      <TableImportStatus state={state} loadingLabel={t('runFiles.importingTable')} errorLabel={t('runFiles.importTableFailed')}>
        {state.status === 'imported' && (
          <Anchor component={Link} to={tablesImportPath(run.groupName, run.id)} size="sm" title={t('runFiles.importedAsTable', { table: state.table })}>
            {state.table}
          </Anchor>
        )}
      </TableImportStatus>
      {state.status === 'error' && button}
    </>
  );
}
