import type { FileEntry } from '@corridor/contract';
import { ActionIcon, Anchor, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fileUrls, useDeleteFile } from '../../../api/files.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { ConfirmDeleteModal } from '../../../components/ConfirmDelete.tsx';
import { DeleteIconButton } from '../../../components/DeleteIconButton.tsx';
import { FileTable } from '../../../components/FileTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { useRunContext } from '../RunContext.ts';
import { LogFilePanel } from './LogFilePanel.tsx';
import { runFileViewPath } from './runFilePaths.ts';

/** Files tab, /{group}/runs/{id}/files (spec 1 §2.17): the log and the run's files with Download and Delete. */
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
              <Tooltip label={t('files.download')} withArrow>
                <ActionIcon
                  component="a"
                  href={fileUrls.download(file.id)}
                  download={file.name}
                  variant="subtle"
                  color="gray"
                  aria-label={t('files.downloadLabel', { name: file.name })}
                >
                  <IconDownload size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <DeleteIconButton tooltip={t('common.delete')} label={t('files.deleteLabel', { name: file.name })} onClick={() => setDeleting(file)} />
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
