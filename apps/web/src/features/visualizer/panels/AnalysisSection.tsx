/**
 * A dynamic section of the network layer, Link Volumes or Flow Bundle (spec 3 §3 "Dynamic analysis control", §4):
 * for flow bundle the link (typed, handed on at Enter or blur, or picked on the map), the time filter (off, synced
 * with the global time, or custom from–to typed as HH:MM(:SS)), and filters on what the analysis offers.
 */
import { Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { VIS_TIME_WINDOWS, type VisAnalysisName } from '@corridor/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analysisOptions } from '../server/calls.ts';
import { VISUALIZER_NS } from '../i18n/index.ts';
import { DIFFERENCE_MEASURES, LINK_VOLUME_DIFFERENCE, type DifferenceMeasure } from '../model/difference.ts';
import { ANALYSIS_TIME_MODES, type AnalysisControl, type LayerAnalysisName } from '../model/layers.ts';
import { useVisualizer } from '../state/context.ts';
import { useSourceName } from './fields.tsx';
import { formatClock, parseClock } from '../model/time.ts';
import { CommitInput } from './CommitInput.tsx';
import { FilterEditor, type FilterName } from './FilterEditor.tsx';

/** The filters an analysis of the run takes (`GET /datasets/analysis/{runId}/{name}/options`), asked once per run. */
function useAnalysisFilterNames(runId: number | undefined, name: VisAnalysisName): Record<string, FilterName> {
  const options = useQuery({
    queryKey: ['visualizer', 'analysis-options', runId, name] as const,
    queryFn: () => analysisOptions(runId!, name),
    enabled: runId !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  return options.data?.filterOptions ?? {};
}

/** A custom time bound typed as HH:MM(:SS): within the day, and from not after to. */
function TimeBound({ label, seconds, onChange, fits }: { label: string; seconds: number; onChange: (seconds: number) => void; fits: (seconds: number) => boolean }) {
  const { t } = useTranslation(VISUALIZER_NS);
  return (
    <CommitInput
      size="xs"
      label={label}
      placeholder="HH:MM:SS"
      value={formatClock(seconds)}
      check={(text) => {
        const parsed = parseClock(text);
        if (parsed === null) return t('panels.settings.timeInvalid');
        return fits(parsed) ? null : t('panels.settings.timeOrder');
      }}
      onCommit={(text) => onChange(parseClock(text)!)}
      style={{ flex: 1 }}
    />
  );
}

/** The difference's base (another data source of the view) and its measure, absolute or relative. */
function DifferenceFields({ caseSource, control, onChange }: { caseSource: string; control: AnalysisControl; onChange: (control: AnalysisControl) => void }) {
  const { t } = useTranslation(VISUALIZER_NS);
  const { view, sources } = useVisualizer();
  const sourceName = useSourceName();
  const others = view.sources.filter((source) => source.id !== caseSource);
  const label = (id: string) => {
    const run = sources.get(id)?.run?.name;
    return run ? `${sourceName(id)} – ${run}` : sourceName(id);
  };
  return (
    <>
      {others.length === 0 ? (
        <Text size="xs" c="dimmed" role="status">
          {t('panels.settings.noBase')}
        </Text>
      ) : (
        <Select
          size="xs"
          label={t('panels.settings.base')}
          description={t('panels.settings.baseHint')}
          data={others.map((source) => ({ value: source.id, label: label(source.id) }))}
          value={control.base || null}
          onChange={(value) => value && onChange({ ...control, base: value })}
          allowDeselect={false}
        />
      )}
      <Stack gap={2}>
        <Text size="xs" fw={500} id="difference-measure">
          {t('panels.settings.measure')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="difference-measure"
          data={DIFFERENCE_MEASURES.map((measure) => ({ value: measure, label: t(`panels.settings.measures.${measure}`) }))}
          value={control.measure ?? 'absolute'}
          onChange={(value) => onChange({ ...control, measure: value as DifferenceMeasure })}
        />
      </Stack>
    </>
  );
}

const TITLES = { 'link-volume': 'panels.settings.linkVolumes', 'flow-bundle': 'panels.settings.flowBundle', [LINK_VOLUME_DIFFERENCE]: 'panels.settings.linkVolumeDifference' } as const;

export function AnalysisSection({
  name,
  control,
  runId,
  caseSource,
  onChange,
}: {
  name: LayerAnalysisName;
  control: AnalysisControl;
  runId: number | undefined;
  /** The layer's data source (the difference's case). */
  caseSource: string;
  onChange: (control: AnalysisControl) => void;
}) {
  const { t } = useTranslation(VISUALIZER_NS);
  // The difference filters both runs' link volumes: the filters link volume offers.
  const filterNames = useAnalysisFilterNames(runId, name === LINK_VOLUME_DIFFERENCE ? 'link-volume' : name);
  const title = t(TITLES[name]);
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={6}>{title}</Title>
      {name === LINK_VOLUME_DIFFERENCE && <DifferenceFields caseSource={caseSource} control={control} onChange={onChange} />}
      {name === 'flow-bundle' && (
        <CommitInput
          size="xs"
          label={t('panels.settings.linkId')}
          description={t('panels.settings.linkIdHint')}
          value={control.linkId ?? ''}
          onCommit={(text) => onChange({ ...control, linkId: text.trim() })}
        />
      )}
      <Select
        size="xs"
        label={t('panels.settings.timeFilter')}
        data={ANALYSIS_TIME_MODES.map((mode) => ({ value: mode, label: t(`panels.settings.time.${mode}`) }))}
        value={control.time}
        onChange={(value) => value && onChange({ ...control, time: value as AnalysisControl['time'] })}
        allowDeselect={false}
      />
      {control.time === 'sync' && (
        <Select
          size="xs"
          label={t('panels.settings.window')}
          data={VIS_TIME_WINDOWS.map((seconds) => ({ value: String(seconds), label: t('panels.settings.windowMinutes', { minutes: seconds / 60 }) }))}
          value={String(control.window)}
          onChange={(value) => value && onChange({ ...control, window: Number(value) })}
          allowDeselect={false}
        />
      )}
      {control.time === 'custom' && (
        <Group gap="xs" grow align="flex-start">
          <TimeBound label={t('panels.settings.from')} seconds={control.from} fits={(from) => from <= control.to} onChange={(from) => onChange({ ...control, from })} />
          <TimeBound label={t('panels.settings.to')} seconds={control.to} fits={(to) => control.from <= to} onChange={(to) => onChange({ ...control, to })} />
        </Group>
      )}
      <Text size="xs" fw={500}>{t('panels.settings.filters')}</Text>
      <FilterEditor filters={control.filters ?? []} names={filterNames} onChange={(filters) => onChange({ ...control, filters })} />
    </Stack>
  );
}
