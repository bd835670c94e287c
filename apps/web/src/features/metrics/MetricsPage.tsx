/**
 * Metrics Dashboard, /admin/metrics (spec 3 §2.17): choose sampled meters and a time range, see them as lines
 * (12 colours, 600 px), save the choice as a preset (an existing name is overwritten after a warning), load and
 * delete presets. ECharts comes with its own lazy chunk.
 */
import { DEFAULT_METRIC_TIME_RANGE, METRIC_TIME_RANGES, type MetricPresetRequest } from '@corridor/contract';
import { Alert, Box, Loader, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeters, useMeterValues, useMetricPresets, useSaveMetricPreset } from '../../api/system.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { SETTINGS_PATH } from '../settings/settingsPaths.ts';
import { METRICS_NS } from './i18n/index.ts';
import { METRIC_CHART_HEIGHT, meterGroups, meterKind, meterLabel, metricsChartOption, type MeterUnit } from './metricsChart.ts';
import { PresetsPanel } from './PresetsPanel.tsx';

const EChart = lazy(() => import('../runs/EChart.tsx'));

export function MetricsPage() {
  const { t } = useTranslation(METRICS_NS);
  const { t: tApp } = useTranslation();
  const meters = useMeters();
  const presets = useMetricPresets();
  const [series, setSeries] = useState<number[]>([]);
  const [minutes, setMinutes] = useState<number>(DEFAULT_METRIC_TIME_RANGE);
  const values = useMeterValues(series, minutes);
  const save = useSaveMetricPreset();

  const labels = useMemo(() => new Map((meters.data ?? []).map((m) => [m.id, meterLabel(m)])), [meters.data]);
  const units = useMemo(() => new Map((meters.data ?? []).map((m) => [m.id, meterKind(m.name).unit])), [meters.data]);
  const unitLabel = (unit: MeterUnit) => t(`units.${unit}`);
  // Grouped by meter with its unit (issue 26): a heading per meter instead of one flat list.
  const options = useMemo(() => meterGroups(meters.data ?? [], unitLabel), [meters.data, t]);
  const loaded = values.every((v) => v.data);
  const failure = meters.error ?? presets.error ?? values.find((v) => v.error)?.error ?? null;
  const dataKey = values.map((v) => v.dataUpdatedAt).join(',');
  const option = useMemo(
    () =>
      metricsChartOption(
        series.map((id, i) => ({ label: labels.get(id) ?? String(id), values: values[i]?.data ?? [], unit: units.get(id) })),
        minutes,
        new Date(),
        unitLabel,
      ),
    // The values' update times stand for the values themselves (useQueries answers a new array every render).
    [series, labels, units, minutes, dataKey, t],
  );

  const rangeData = METRIC_TIME_RANGES.map((range) => ({ value: String(range), label: t(`ranges.${range}`) }));
  const apply = (preset: MetricPresetRequest) => {
    setSeries(preset.settings.series);
    setMinutes(preset.timeRange);
  };

  let chart;
  if (series.length === 0) chart = <Text c="dimmed">{t('chooseSeries')}</Text>;
  else if (!loaded) chart = <Loader aria-label={tApp('common.loading')} />;
  else
    chart = (
      <Suspense fallback={<Loader aria-label={tApp('common.loading')} />}>
        <EChart option={option} height={METRIC_CHART_HEIGHT} />
      </Suspense>
    );

  return (
    <Stack gap="lg">
      <Breadcrumbs items={[{ label: tApp('titles.settings'), to: SETTINGS_PATH }, { label: tApp('titles.metrics') }]} />
      <Title order={2}>{tApp('titles.metrics')}</Title>
      {failure && (
        <Alert color="red" role="alert">
          {t('loadFailed', { message: failure.message })}
        </Alert>
      )}
      <Paper withBorder p="lg">
        <Stack gap="md">
          <MultiSelect
            label={t('series')}
            placeholder={series.length === 0 ? t('seriesPlaceholder') : undefined}
            data={options}
            value={series.map(String)}
            onChange={(ids) => setSeries(ids.map(Number))}
            searchable
            clearable
            nothingFoundMessage={t('noMeters')}
          />
          <Select
            label={t('timeRange')}
            data={rangeData}
            value={String(minutes)}
            onChange={(value) => value && setMinutes(Number(value))}
            allowDeselect={false}
            w={220}
          />
          <Box component="figure" m={0} mih={METRIC_CHART_HEIGHT} aria-label={t('chartLabel')}>
            {chart}
          </Box>
        </Stack>
      </Paper>
      <PresetsPanel
        presets={presets.data ?? []}
        current={{ timeRange: minutes, settings: { series } }}
        onLoad={apply}
        onSave={(preset) => save.mutateAsync(preset)}
        saving={save.isPending}
      />
    </Stack>
  );
}
