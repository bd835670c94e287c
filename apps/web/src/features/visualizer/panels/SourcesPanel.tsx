/**
 * Data sources (spec 3 §2.20): "Add data source" with the team's finished runs, each source as
 * "{name} – {run name}" with its vehicle data state (ready, still being prepared, none, failed), and remove.
 */
import { ActionIcon, Alert, CloseButton, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRuns } from '../../../api/runs.ts';
import { useCurrentGroup } from '../../groups/GroupContext.ts';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { VIEW_PARAM, unknownAnalyses } from '../model/urlState.ts';
import { useVisualizer, type SourceInfo } from '../state/context.ts';
import { useSourceName } from './fields.tsx';

function SourceStatus({ info }: { info: SourceInfo | undefined }) {
  const { t } = useTranslation(VISUALIZER_NS);
  if (info?.error) return <Text size="xs" c="red">{t('panels.sources.loadError', { message: info.error.message })}</Text>;
  const data = info?.options?.vehicleData;
  if (!data) return <Text size="xs" c="dimmed">{t('panels.sources.loading')}</Text>;
  const text =
    data.status === 'READY'
      ? t('panels.sources.status.READY', { count: data.vehicles })
      : data.status === 'FAILED'
        ? t('panels.sources.status.FAILED', { message: data.message ?? '' })
        : t(`panels.sources.status.${data.status}`);
  return (
    <Text size="xs" c={data.status === 'FAILED' ? 'red' : 'dimmed'} data-testid="vehicle-data-status" data-status={data.status}>
      {text}
    </Text>
  );
}

/**
 * Analyses the opened address named that this page does not know (spec 3 §8): the view opens without them, with a
 * warning naming them. Read once, from the address the page opened with.
 */
function AddressWarnings() {
  const { t } = useTranslation(VISUALIZER_NS);
  const [search] = useSearchParams();
  const [unknown] = useState(() => unknownAnalyses(search.get(VIEW_PARAM)));
  const [open, setOpen] = useState(true);
  if (!open || unknown.length === 0) return null;
  return (
    <Alert color="yellow" p="xs" role="alert">
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text size="xs" style={{ flex: 1 }}>{t('panels.sources.unknownAnalysis', { names: unknown.join(', '), count: unknown.length })}</Text>
        <CloseButton size="xs" aria-label={t('panels.sources.dismiss')} onClick={() => setOpen(false)} />
      </Group>
    </Alert>
  );
}

export function SourcesPanel() {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view, dispatch, sources } = useVisualizer();
  const group = useCurrentGroup();
  const runs = useRuns(group.id);
  const finished = (runs.data ?? []).filter((run) => run.status === 'FINISHED');
  const [choice, setChoice] = useState<string | null>(null);
  const sourceName = useSourceName();

  return (
    <Stack gap="xs" component="section" aria-label={t('panels.sources.title')}>
      <Title order={5}>{t('panels.sources.title')}</Title>
      <AddressWarnings />
      {view.sources.length === 0 && <Text size="sm" c="dimmed">{t('panels.sources.none')}</Text>}
      {view.sources.map((source) => {
        const info = sources.get(source.id);
        const name = sourceName(source.id);
        const label = `${name} – ${info?.run?.name ?? `#${source.runId}`}`;
        return (
          <Group key={source.id} justify="space-between" wrap="nowrap" align="flex-start" data-testid="data-source">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>{label}</Text>
              <SourceStatus info={info} />
            </Stack>
            <ActionIcon variant="subtle" color="red" aria-label={t('panels.sources.remove', { name })} onClick={() => dispatch({ type: 'removeSource', id: source.id })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Select
        size="xs"
        label={t('panels.sources.add')}
        placeholder={t('panels.sources.choose')}
        data={finished.map((run) => ({ value: String(run.id), label: run.name }))}
        value={choice}
        onChange={(value) => {
          setChoice(null);
          if (value) dispatch({ type: 'addSource', runId: Number(value) });
        }}
        searchable
        nothingFoundMessage={t('panels.sources.noRuns')}
      />
      {runs.isSuccess && finished.length === 0 && (
        <Alert color="gray" p="xs">
          <Text size="xs">{t('panels.sources.noRuns')}</Text>
        </Alert>
      )}
    </Stack>
  );
}
