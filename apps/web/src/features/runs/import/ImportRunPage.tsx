import { Alert, Button, Group, Stack, Tabs, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../api/client.ts';
import { useFeatures } from '../../../api/features.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { CrsSelect } from '../../../components/CrsSelect.tsx';
import { useCurrentGroup } from '../../groups/GroupContext.ts';
import { runPath, runsPath } from '../runPaths.ts';
import { RUN_IMPORT_NS } from './i18n/index.ts';
import { canImport, DEFAULT_RUN_NAME } from './importRules.ts';
import { ImportFailure, importRun } from './importRun.ts';
import { LocalFiles } from './LocalFiles.tsx';
import { ServerFiles } from './ServerFiles.tsx';

type Source = 'local' | 'server';

/** What a failed import left: the run, when it had been created, with Open and Delete. */
function FailureAlert({ failure, name, onDeleted }: { failure: ImportFailure; name: string; onDeleted: () => void }) {
  const { t } = useTranslation(RUN_IMPORT_NS);
  const group = useCurrentGroup();
  const queryClient = useQueryClient();
  const runId = failure.runId;
  const remove = useMutation({
    mutationFn: () => api.delete(`/datasets/runs/${runId}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.runs });
      onDeleted();
    },
  });
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t(`failure.${failure.step}`, { message: failure.message })}
        </Text>
        {runId !== null && (
          <>
            <Text size="sm">{t('failure.partial', { name })}</Text>
            <Group gap="sm">
              <Button size="xs" variant="default" component={Link} to={runPath(group.name, runId)}>
                {t('failure.open')}
              </Button>
              <Button size="xs" color="red" variant="light" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('failure.delete')}
              </Button>
            </Group>
            {remove.isError && (
              <Text size="sm" c="red">
                {t('failure.deleteFailed', { message: remove.error.message })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** /{group}/runs/add: import a finished run from local files or the server's files (spec 3 §2.5, §4, §5). */
export function ImportRunPage() {
  const { t } = useTranslation(RUN_IMPORT_NS);
  const { t: tApp } = useTranslation();
  const group = useCurrentGroup();
  const features = useFeatures();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState(DEFAULT_RUN_NAME);
  const [description, setDescription] = useState('');
  const [crs, setCrs] = useState<string | null>(null);
  const [source, setSource] = useState<Source>('local');
  const [files, setFiles] = useState<File[]>([]);
  const [selection, setSelection] = useState<string[]>([]);
  const [progress, setProgress] = useState<number[] | undefined>(undefined);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [creating, setCreating] = useState(false);

  const tab: Source = source === 'server' && features.runImportFromServer ? 'server' : 'local';
  const fileCount = tab === 'local' ? files.length : selection.length;
  const enabled = canImport({ creating, fileCount, name, crs });

  const start = async () => {
    if (!enabled || !crs) return;
    setCreating(true);
    setFailure(null);
    setDeleted(false);
    const listed = files;
    if (tab === 'local') setProgress(listed.map(() => 0));
    const onProgress = (index: number, fraction: number) =>
      setProgress((current) => current?.map((value, at) => (at === index ? fraction : value)));
    try {
      const id = await importRun(
        { groupId: group.id, name, description, crs },
        tab === 'local' ? { kind: 'local', files: listed, onProgress } : { kind: 'server', paths: selection },
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.runs });
      void navigate(runPath(group.name, id));
    } catch (error) {
      setFailure(error instanceof ImportFailure ? error : new ImportFailure('create', null, error));
      setCreating(false);
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <Breadcrumbs
        items={[{ label: group.name, to: `/${encodeURIComponent(group.name)}` }, { label: tApp('titles.runs'), to: runsPath(group.name) }, { label: tApp('titles.importRun') }]}
      />
      <Title order={2}>{tApp('titles.importRun')}</Title>
      <Text c="dimmed">{t('page.intro')}</Text>
      <TextInput label={t('page.name')} required value={name} onChange={(event) => setName(event.currentTarget.value)} disabled={creating} maxLength={200} />
      <Textarea label={t('page.description')} value={description} onChange={(event) => setDescription(event.currentTarget.value)} disabled={creating} autosize minRows={2} />
      <CrsSelect value={crs} onChange={setCrs} disabled={creating} />
      <Tabs value={tab} onChange={(value) => value && setSource(value as Source)}>
        <Tabs.List>
          <Tabs.Tab value="local" disabled={creating}>
            {t('page.local')}
          </Tabs.Tab>
          {features.runImportFromServer && (
            <Tabs.Tab value="server" disabled={creating}>
              {t('page.server')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="local" pt="md">
          <LocalFiles files={files} onChange={setFiles} progress={progress} disabled={creating} />
        </Tabs.Panel>
        {features.runImportFromServer && (
          <Tabs.Panel value="server" pt="md">
            <ServerFiles selection={selection} onChange={setSelection} disabled={creating} />
          </Tabs.Panel>
        )}
      </Tabs>
      {failure && <FailureAlert failure={failure} name={name} onDeleted={() => { setFailure(null); setDeleted(true); setProgress(undefined); }} />}
      {deleted && (
        <Alert color="blue" role="status">
          {t('failure.deleted')}
        </Alert>
      )}
      <Group gap="sm">
        <Tooltip label={t('page.disabledHint')} disabled={enabled || creating} withArrow>
          <span>
            <Button onClick={() => void start()} disabled={!enabled} loading={creating}>
              {t('page.import')}
            </Button>
          </span>
        </Tooltip>
        <Button variant="default" component={Link} to={runsPath(group.name)} disabled={creating} onClick={(event) => creating && event.preventDefault()}>
          {t('page.cancel')}
        </Button>
        {creating && (
          <Text role="status" c="dimmed">
            {t('page.importing')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
