import { Alert, Button, Group, Input, Stack, Tabs, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Crs } from '@corridor/contract';
import { api, arrayOf } from '../../../api/client.ts';
import { useFeatures } from '../../../api/features.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import { CrsSelect } from '../../../components/CrsSelect.tsx';
import { useCurrentGroup } from '../../groups/GroupContext.ts';
import { runPath, runsPath } from '../runPaths.ts';
import { RUN_IMPORT_NS } from './i18n/index.ts';
import { configFileOf, coordinateSystemOf, matchingCrs } from './configCrs.ts';
import { canImport, DEFAULT_RUN_NAME, importBlockers } from './importRules.ts';
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

/** What the run's config said about its CRS: filled in (`code`), or a name the catalogue does not know. */
interface ConfigCrs {
  file: string;
  value: string;
  code: string | null;
}

/**
 * The CRS of the run's output_config.xml among the local files (issue 24), read in the browser and matched with
 * the server's search; null while there is no config or it names none.
 */
function useConfigCrs(files: readonly File[]): ConfigCrs | null {
  const config = configFileOf(files);
  const [found, setFound] = useState<ConfigCrs | null>(null);
  useEffect(() => {
    if (!config) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    void (async () => {
      const value = coordinateSystemOf(await config.text());
      if (!value) return setFound(null);
      const results = await api.get('/datasets/crs', arrayOf(Crs), { query: { q: value }, signal: controller.signal }).catch(() => []);
      if (!controller.signal.aborted) setFound({ file: config.name, value, code: matchingCrs(value, results)?.code ?? null });
    })().catch(() => undefined);
    return () => controller.abort();
  }, [config]);
  return found;
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
  /** Whether the CRS field holds what the run's config named (not the user's choice): a new config may replace it. */
  const [crsFromConfig, setCrsFromConfig] = useState(false);
  const [source, setSource] = useState<Source>('local');
  const [files, setFiles] = useState<File[]>([]);
  const [selection, setSelection] = useState<string[]>([]);
  /** Whether folders selected whole bring their ITERS/ folders (MATSim's per-iteration outputs, often large). */
  const [includeIters, setIncludeIters] = useState(false);
  const [progress, setProgress] = useState<number[] | undefined>(undefined);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [creating, setCreating] = useState(false);

  const tab: Source = source === 'server' && features.runImportFromServer ? 'server' : 'local';
  const fileCount = tab === 'local' ? files.length : selection.length;
  const enabled = canImport({ creating, fileCount, name, crs });
  const blockers = importBlockers({ fileCount, name, crs });
  const configCrs = useConfigCrs(tab === 'local' ? files : []);
  // output_config.xml's global.coordinateSystem fills an empty CRS field, never over the user's choice.
  useEffect(() => {
    if (!configCrs?.code || (crs && !crsFromConfig)) return;
    setCrs(configCrs.code);
    setCrsFromConfig(true);
    // Only a new config fills the field (the user's own choice is left alone).
  }, [configCrs]);
  const chooseCrs = (code: string) => {
    setCrs(code);
    setCrsFromConfig(false);
  };

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
        tab === 'local' ? { kind: 'local', files: listed, onProgress } : { kind: 'server', selection, includeIters },
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
      <TextInput label={t('page.name')} required withAsterisk value={name} onChange={(event) => setName(event.currentTarget.value)} disabled={creating} maxLength={200} />
      <Textarea label={t('page.description')} value={description} onChange={(event) => setDescription(event.currentTarget.value)} disabled={creating} autosize minRows={2} />
      <Stack gap={4}>
        <CrsSelect value={crs} onChange={chooseCrs} disabled={creating} required />
        {configCrs && (configCrs.code === null || (crsFromConfig && crs === configCrs.code)) && (
          <Text size="xs" c={configCrs.code === null ? 'orange' : 'dimmed'} data-testid="import-crs-detected">
            {configCrs.code === null ? t('page.crsUnknown', { file: configCrs.file, value: configCrs.value }) : t('page.crsDetected', { file: configCrs.file, value: configCrs.value })}
          </Text>
        )}
      </Stack>
      <Input.Label required mb={-12}>
        {t('page.files')}
      </Input.Label>
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
            <ServerFiles selection={selection} onChange={setSelection} disabled={creating} includeIters={includeIters} onIncludeIters={setIncludeIters} />
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
      {!creating && blockers.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="import-blockers">
          {t('page.blocked', { reasons: blockers.map((blocker) => t(`page.needs.${blocker}`)).join(', ') })}
        </Text>
      )}
    </Stack>
  );
}
