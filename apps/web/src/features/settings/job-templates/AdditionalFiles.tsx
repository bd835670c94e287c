import { ActionIcon, Alert, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobFileKeys, uploadJobFile, useDownloadPrespecified, useJobFiles, usePrespecifiedFiles } from '../../../api/jobFiles.ts';
import { UploadButton, UploadProgressList, useUploads } from '../../../components/UploadFiles.tsx';
import { FileTreePreview } from './FileTreePreview.tsx';
import { FILES_NS } from './i18n/index.ts';
import { isZip, uploadCountProblem, withFile, type TemplateFileValue, type UploadCountProblem } from './templateFiles.ts';

type Files = TemplateFileValue[];

/**
 * The editor's "additional files" (spec 3 §2.14): add an existing job file or a MATSim release (copied into a job
 * file on choice), upload 1 to 5 at a time, name each, Extract for zips, remove; the tree of what lands next to
 * the config.
 */
export function AdditionalFiles({ files, update }: { files: Files; update: (change: (files: Files) => Files) => void }) {
  const { t } = useTranslation(FILES_NS);
  const queryClient = useQueryClient();
  const jobFiles = useJobFiles();
  const prespecified = usePrespecifiedFiles();
  const download = useDownloadPrespecified();
  const [countProblem, setCountProblem] = useState<UploadCountProblem>(null);
  const uploads = useUploads(async (file, onProgress) => {
    const entries = await uploadJobFile(file, onProgress);
    update((current) => entries.reduce(withFile, current));
    await queryClient.invalidateQueries({ queryKey: jobFileKeys.jobFiles });
  });

  const chosen = new Set(files.map((file) => file.fileId));
  const options = [
    {
      group: t('jobFilesGroup'),
      items: (jobFiles.data ?? []).filter((file) => !chosen.has(file.id)).map((file) => ({ value: `file:${file.id}`, label: file.name })),
    },
    {
      group: t('releasesGroup'),
      items: (prespecified.data ?? [])
        .filter((entry) => entry.available && (entry.fkUserFile === null || !chosen.has(entry.fkUserFile)))
        .map((entry) => ({ value: `key:${entry.key}`, label: entry.name })),
    },
  ].filter((group) => group.items.length > 0);

  const add = (value: string | null) => {
    const file = jobFiles.data?.find((entry) => `file:${entry.id}` === value);
    if (file) return update((current) => withFile(current, file));
    const entry = prespecified.data?.find((candidate) => `key:${candidate.key}` === value);
    if (entry) download.mutate(entry.key, { onSuccess: ({ id }) => update((current) => withFile(current, { id, name: entry.name })) });
  };
  const change = (fileId: number, patch: Partial<TemplateFileValue>) =>
    update((current) => current.map((file) => (file.fileId === fileId ? { ...file, ...patch } : file)));

  return (
    <Stack gap="xs">
      <Title order={4}>{t('title')}</Title>
      <Text size="sm" c="dimmed">
        {t('hint')}
      </Text>
      {jobFiles.isError && <Text c="red">{t('loadFailed')}</Text>}
      {files.length === 0 && <Text size="sm">{t('none')}</Text>}
      {files.map((file) => (
        <Group key={file.fileId} gap="xs" wrap="nowrap" role="group" aria-label={file.name}>
          <TextInput
            style={{ flex: 1 }}
            aria-label={t('name')}
            value={file.name}
            onChange={(event) => change(file.fileId, { name: event.currentTarget.value })}
          />
          {(file.extractArchive || isZip(file.fileId, file.name, jobFiles.data)) && (
            <Checkbox
              label={t('extract')}
              checked={file.extractArchive}
              onChange={(event) => change(file.fileId, { extractArchive: event.currentTarget.checked })}
            />
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('remove', { name: file.name })}
            onClick={() => update((current) => current.filter((entry) => entry.fileId !== file.fileId))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group align="flex-end" gap="sm">
        <Select
          style={{ flex: 1 }}
          label={t('addExisting')}
          placeholder={t('addExistingPlaceholder')}
          data={options}
          value={null}
          searchable
          disabled={download.isPending}
          onChange={add}
        />
        <UploadButton
          onFiles={(selected) => {
            const problem = uploadCountProblem(selected.length);
            setCountProblem(problem);
            if (!problem) uploads.start(selected);
          }}
        />
      </Group>
      {countProblem && (
        <Alert color="red" role="alert">
          {t(countProblem.code, { count: countProblem.count })}
        </Alert>
      )}
      {download.isError && (
        <Alert color="red" role="alert" withCloseButton onClose={() => download.reset()}>
          {t('addFailed', { message: download.error.message })}
        </Alert>
      )}
      <UploadProgressList items={uploads.items} onDismiss={uploads.dismiss} />
      <FileTreePreview files={files} />
    </Stack>
  );
}
