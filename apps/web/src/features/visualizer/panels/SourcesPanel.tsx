/**
 * Data sources (spec 3 §2.20): "Add data source" with the team's finished runs, each source as
 * "{name} – {run name}" with its vehicle data state (ready, still being prepared, none, failed), and remove.
 */
import { ActionIcon, Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuns } from '../../../api/runs.ts';
import { useCurrentGroup } from '../../groups/GroupContext.ts';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { sourceName } from '../model/layers.ts';
import { useVisualizer, type SourceInfo } from '../state/context.ts';

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

export function SourcesPanel() {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view, dispatch, sources } = useVisualizer();
  const group = useCurrentGroup();
  const runs = useRuns(group.id);
  const finished = (runs.data ?? []).filter((run) => run.status === 'FINISHED');
  const [choice, setChoice] = useState<string | null>(null);

  return (
    <Stack gap="xs" component="section" aria-label={t('panels.sources.title')}>
      <Title order={5}>{t('panels.sources.title')}</Title>
      {view.sources.length === 0 && <Text size="sm" c="dimmed">{t('panels.sources.none')}</Text>}
      {view.sources.map((source) => {
        const info = sources.get(source.id);
        const name = sourceName(view, source.id);
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
