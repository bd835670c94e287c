import type { RunDetails } from '@corridor/contract';
import { Anchor, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { errorStatus } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRunTable } from '../../api/runs.ts';
import { buildSeries, CHART_HEIGHT, chartOption, pointCount, RUN_CHARTS, type RunChartDefinition } from './runCharts.ts';

const EChart = lazy(() => import('./EChart.tsx'));

const AXES: Record<RunChartDefinition['id'], { x: 'elapsed' | 'iteration'; y: 'gigabytes' | 'score' | 'share' }> = {
  memory: { x: 'elapsed', y: 'gigabytes' },
  scores: { x: 'iteration', y: 'score' },
  modes: { x: 'iteration', y: 'share' },
};

/** One chart with its states loading, ready and error (spec 1 §4, §8). */
function RunChart({ run, chart }: { run: RunDetails; chart: RunChartDefinition }) {
  const { t } = useTranslation();
  const table = useRunTable(run, chart.table, chart.query, true);
  const series = useMemo(() => (table.data ? buildSeries(table.data, chart.x, chart.divisor) : []), [table.data, chart]);
  const title = t(`runs.charts.${chart.id}`);
  const option = useMemo(
    () =>
      chartOption(series, chart.x, { x: t(`runs.charts.${AXES[chart.id].x}`), y: t(`runs.charts.${AXES[chart.id].y}`) }, AXES[chart.id].y === 'share' ? 'share' : 'number'),
    [series, chart, t],
  );
  const state = table.isPending ? 'loading' : table.isError ? 'error' : 'ready';
  const points = pointCount(series);

  let body;
  if (state === 'loading') {
    body = (
      <Center h={CHART_HEIGHT}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (state === 'error') {
    const message = errorStatus(table.error) === 500 ? t('runs.charts.serverError') : (table.error?.message ?? '');
    body = (
      <Center h={CHART_HEIGHT}>
        <Group gap="xs" c="orange" role="alert">
          <IconAlertTriangle size={20} aria-hidden />
          <Text size="sm">{message}</Text>
        </Group>
      </Center>
    );
  } else if (series.length === 0) {
    body = (
      <Center h={CHART_HEIGHT}>
        <Text c="dimmed">{t('runs.charts.noData')}</Text>
      </Center>
    );
  } else {
    body = (
      <Suspense fallback={<Center h={CHART_HEIGHT}><Loader aria-label={t('common.loading')} /></Center>}>
        <EChart option={option} height={CHART_HEIGHT} />
      </Suspense>
    );
  }

  return (
    <Paper
      withBorder
      p="md"
      component="figure"
      m={0}
      aria-label={t('runs.charts.chartLabel', { title, count: points })}
      data-chart={chart.id}
      data-state={state}
      data-points={points}
      data-series={series.length}
    >
      <Stack gap="xs">
        <Text component="figcaption" fw={600}>
          {title}
        </Text>
        {body}
      </Stack>
    </Paper>
  );
}

/** The overview's charts Memory Usage, Scores and Trips per Mode with a Reload Data link. */
export function RunCharts({ run }: { run: RunDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => {
    for (const chart of RUN_CHARTS) void queryClient.invalidateQueries({ queryKey: queryKeys.runTable(run.id, chart.table) });
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>{t('runs.charts.heading')}</Title>
        <Anchor component="button" type="button" onClick={reload}>
          {t('runs.charts.reload')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {RUN_CHARTS.map((chart) => (
          <RunChart key={chart.id} run={run} chart={chart} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
