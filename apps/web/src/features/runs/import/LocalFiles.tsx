import { ActionIcon, Button, FileButton, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/format.ts';
import { RUN_IMPORT_NS } from './i18n/index.ts';
import { addFiles, fileCountProblem } from './importRules.ts';

interface LocalFilesProps {
  files: File[];
  onChange: (files: File[]) => void;
  /** Per listed file, the fraction uploaded (0..1) while importing; undefined before. */
  progress: readonly number[] | undefined;
  disabled: boolean;
}

/** The Local tab (spec 3 §2.5): drop area and picker, the list with sizes and remove, the uploader's limits. */
export function LocalFiles({ files, onChange, progress, disabled }: LocalFilesProps) {
  const { t, i18n } = useTranslation(RUN_IMPORT_NS);
  const [dragging, setDragging] = useState(false);
  // The too-few message once the user emptied the list, not on a page that was just opened.
  const [touched, setTouched] = useState(false);
  // Emptied after each pick, so the same files can be picked again.
  const resetPicker = useRef<() => void>(null);
  // A dropped folder arrives as an unreadable file: it is refused at once, not when its upload fails.
  const [folderDropped, setFolderDropped] = useState(false);
  const add = (added: File[], folder = false) => {
    setTouched(true);
    setFolderDropped(folder);
    resetPicker.current?.();
    if (added.length > 0) onChange(addFiles(files, added));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const items = Array.from(event.dataTransfer.items).filter((item) => item.kind === 'file');
    if (items.length === 0) return add(Array.from(event.dataTransfer.files));
    const folder = items.some((item) => item.webkitGetAsEntry()?.isDirectory === true);
    const dropped = items.filter((item) => item.webkitGetAsEntry()?.isDirectory !== true).map((item) => item.getAsFile());
    add(dropped.filter((file): file is File => file !== null), folder);
  };
  const problem = fileCountProblem(files.length);

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="lg"
        style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="run-import-drop"
      >
        <Stack align="center" gap="xs">
          <IconUpload size={32} aria-hidden />
          <Text>{t('local.drop')}</Text>
          <FileButton multiple onChange={add} disabled={disabled} resetRef={resetPicker}>
            {(props) => (
              <Button {...props} variant="light" disabled={disabled}>
                {t('local.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('local.zipHint')}
          </Text>
        </Stack>
      </Paper>
      {files.length > 0 && (
        <Table aria-label={t('local.listLabel')} verticalSpacing={4}>
          <Table.Tbody>
            {files.map((file, index) => {
              const fraction = progress?.[index];
              return (
                <Table.Tr key={file.name}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{file.name}</Table.Td>
                  <Table.Td w={110} style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(file.size, i18n.language)}
                  </Table.Td>
                  <Table.Td w={160}>
                    {fraction === undefined ? null : (
                      <Group gap={6} wrap="nowrap">
                        <Progress value={fraction * 100} w={90} aria-label={t('local.uploading', { name: file.name })} color={fraction >= 1 ? 'teal' : undefined} />
                        <Text size="xs" c="dimmed">
                          {fraction >= 1 ? t('local.uploaded') : fraction > 0 ? `${Math.round(fraction * 100)}%` : t('local.waiting')}
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td w={40}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={disabled}
                      aria-label={t('local.remove', { name: file.name })}
                      onClick={() => {
                        setTouched(true);
                        onChange(files.filter((entry) => entry !== file));
                      }}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {folderDropped && (
        <Text c="red" size="sm" role="alert">
          {t('local.folder')}
        </Text>
      )}
      {problem && (problem.kind === 'tooMany' || touched) && (
        <Text c="red" size="sm" role="alert">
          {t(problem.kind === 'tooFew' ? 'local.tooFew' : 'local.tooMany', { count: problem.limit })}
        </Text>
      )}
    </Stack>
  );
}
