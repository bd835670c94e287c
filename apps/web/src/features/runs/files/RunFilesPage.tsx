import type { FileEntry } from '@corridor/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDeleteFile } from '../../../api/files.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { ConfirmDeleteModal } from '../../../components/ConfirmDelete.tsx';
import { FileRowActions } from '../../../components/FileRowActions.tsx';
import { FileTable } from '../../../components/FileTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { useRunContext } from '../RunContext.ts';
import { ImportAsTableAction } from './ImportAsTableAction.tsx';
import { LogFilePanel } from './LogFilePanel.tsx';
import { runFileViewPath } from './runFilePaths.ts';

/** Files tab, /{group}/runs/{id}/files (spec 1 §2.17): the log and the run's files with Download, Import as table and Delete. */
export function RunFilesPage() {
  const { t } = useTranslation();
  const run = useRunContext();
  const queryClient = useQueryClient();
  const remove = useDeleteFile(run.id);
  const [deleting, setDeleting] = useState<FileEntry>();
  const close = () => {
    setDeleting(undefined);
    remove.reset();
  };
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.run(run.id) });
        close();
      },
    });
  };

  return (
    <Stack gap="lg">
      <LogFilePanel run={run} />
      <Section title={t('runFiles.heading')}>
        <FileTable
          files={run.files}
          label={t('runFiles.heading')}
          emptyText={t('runFiles.empty')}
          renderName={(file) => (
            <Anchor component={Link} to={runFileViewPath(run.groupName, run.id, file.name)} size="sm">
              {file.name}
            </Anchor>
          )}
          renderActions={(file) => (
            <>
              <ImportAsTableAction run={run} file={file} />
              <FileRowActions file={file} onDelete={() => setDeleting(file)} />
            </>
          )}
        />
      </Section>
      <ConfirmDeleteModal
        opened={deleting !== undefined}
        title={t('runFiles.deleteTitle')}
        checkboxLabel={t('files.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={close}
        onConfirm={confirm}
      >
        <Text>{t('runFiles.deleteQuestion', { name: deleting?.name ?? '' })}</Text>
        <Text fw={500}>{t('runFiles.deleteWarning')}</Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
