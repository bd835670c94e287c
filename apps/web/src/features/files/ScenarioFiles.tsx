import type { Dataset, FileEntry } from '@corridor/contract';
import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { uploadToScenario, useDeleteFile, useInvalidateScenarioFiles, useRenameFile } from '../../api/files.ts';
import { ConfirmDeleteModal } from '../../components/ConfirmDelete.tsx';
import { FileRowActions } from '../../components/FileRowActions.tsx';
import { FileTable } from '../../components/FileTable.tsx';
import { formatBytes, formatDateTime } from '../../components/format.ts';
import { InlineRename } from '../../components/InlineRename.tsx';
import { Section } from '../../components/Section.tsx';
import { UploadButton, UploadProgressList, useUploads } from '../../components/UploadFiles.tsx';
import { editFilePath } from '../scenarios/scenarioPaths.ts';
import { CreateEmptyFile } from './CreateEmptyFile.tsx';
import { baseNameLength } from './fileName.ts';

/** The scenario's files: table, rename, download, delete, upload and create (spec 1 §2.10). */
export function ScenarioFiles({ scenario }: { scenario: Dataset }) {
  const { t, i18n } = useTranslation();
  const invalidate = useInvalidateScenarioFiles(scenario.id);
  const rename = useRenameFile(scenario.id);
  const remove = useDeleteFile(scenario.id);
  const [deleting, setDeleting] = useState<FileEntry>();
  // A second file of one name is refused before it is sent (the server refuses it too; issue 24).
  const uploads = useUploads((file, onProgress) =>
    scenario.files.some((existing) => existing.name === file.name)
      ? Promise.reject(new Error(t('files.duplicateName', { name: file.name })))
      : uploadToScenario(scenario.id, file, onProgress).finally(() => void invalidate()),
  );
  const copies = deleting ? scenario.files.filter((file) => file.name === deleting.name).length : 0;

  const closeDelete = () => {
    setDeleting(undefined);
    remove.reset();
  };

  return (
    <Section title={t('files.heading')}>
      <FileTable
        files={scenario.files}
        label={t('files.heading')}
        emptyText={t('files.empty')}
        toolbar={
          <>
            <UploadButton onFiles={uploads.start} />
            <CreateEmptyFile scenarioId={scenario.id} />
          </>
        }
        renderName={(file) => (
          <InlineRename
            name={file.name}
            selectLength={baseNameLength}
            onRename={(name) => rename.mutateAsync({ fileId: file.id, name })}
          >
            <Anchor component={Link} to={editFilePath(scenario, file)} size="sm">
              {file.name}
            </Anchor>
          </InlineRename>
        )}
        renderActions={(file) => <FileRowActions file={file} onDelete={() => setDeleting(file)} />}
      />
      <UploadProgressList items={uploads.items} onDismiss={uploads.dismiss} />
      <ConfirmDeleteModal
        opened={deleting !== undefined}
        title={t('files.deleteTitle')}
        checkboxLabel={t('files.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        <Text>{t('files.deleteText', { name: deleting?.name ?? '' })}</Text>
        {deleting && copies > 1 && (
          <Text size="sm" c="orange.8">
            {t('files.deleteWhichCopy', {
              count: copies,
              name: deleting.name,
              added: formatDateTime(deleting.added, i18n.language),
              size: formatBytes(deleting.size, i18n.language),
              id: deleting.id,
            })}
          </Text>
        )}
      </ConfirmDeleteModal>
    </Section>
  );
}
