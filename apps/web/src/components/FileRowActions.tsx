import type { FileEntry } from '@corridor/contract';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fileUrls } from '../api/files.ts';
import { DeleteIconButton } from './DeleteIconButton.tsx';

/** The Download and Delete buttons of a file row (a scenario's files, a run's files). */
export function FileRowActions({ file, onDelete }: { file: FileEntry; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
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
      <DeleteIconButton tooltip={t('common.delete')} label={t('files.deleteLabel', { name: file.name })} onClick={onDelete} />
    </>
  );
}
