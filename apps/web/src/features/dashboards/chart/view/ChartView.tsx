/**
 * A chart drawn for its datasets (spec 3 §4 "Chart preview": loading, ready, error). Rules are checked first, then
 * one query per dataset runs, then the answers become an ECharts option (or table rows). The chart area is the given
 * height less 20 (spec 3 §9). Follows the Mantine colour scheme unless a theme is given.
 */
import { Alert, Center, Loader, useComputedColorScheme } from '@mantine/core';
import { CHART_LIMITS } from '@corridor/contract';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';
import { type ChartMessage, chartOption, chartQuery, fitToHeight, type OptionResult, requestErrorMessage, tableRows, type TableRows, validateChart } from '../model/index.ts';
import type { ChartViewProps } from '../types.ts';
import { ChartTable } from './ChartTable.tsx';
import { drawnDatasets, useChartAnswers } from './useChartAnswers.ts';
import { useTableFieldTypes } from './useTableFieldTypes.ts';

const EChartCanvas = lazy(() => import('./EChartCanvas.tsx'));

export type ChartViewState = 'loading' | 'ready' | 'error';

export function ChartView({ chart, datasets, height, theme, onInstance, onState }: ChartViewProps & { onState?: (state: ChartViewState) => void }) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const scheme = useComputedColorScheme('light');
  const area = Math.max(40, height - CHART_LIMITS.chartAreaHeightReduction);
  const invalid = useMemo(() => validateChart(chart), [chart]);
  const query = useMemo(() => (invalid ? null : chartQuery(chart)), [chart, invalid]);
  const drawn = useMemo(() => drawnDatasets(chart, datasets), [chart, datasets]);
  const state = useChartAnswers(chart.table, query, drawn);
  const fields = useTableFieldTypes(drawn[0]?.id, chart.table);
  const result = useMemo((): { rows: TableRows } | OptionResult | null => {
    if (state.status !== 'ready') return null;
    if (chart.type === 'table') return { rows: tableRows(chart, state.answers, t('chart.view.dataset')) };
    const built = chartOption(chart, state.answers, fields);
    if ('option' in built) return { option: fitToHeight(built.option, area) };
    return built;
  }, [chart, state, fields, t, area]);

  const message = (m: ChartMessage | string) => (typeof m === 'string' ? m : t(`chart.messages.${m.key}`, m.params ?? {}));
  let error: string | null = null;
  // A chart without its table asks for it first: the rules' messages help only once there are columns to pick.
  if (!chart.table || drawn.length === 0) error = t('chart.view.noTable');
  else if (invalid) error = message(invalid);
  else if (state.status === 'error') {
    const m = requestErrorMessage(state.error);
    if (m !== null) error = message(m);
  } else if (result && 'error' in result) error = message(result.error);
  const status: ChartViewState = error ? 'error' : result ? 'ready' : 'loading';
  useEffect(() => onState?.(status), [onState, status]);
  useEffect(() => {
    if (status !== 'ready' || chart.type === 'table') onInstance?.(null);
  }, [status, chart.type, onInstance]);

  if (error) {
    return (
      <Center h={area} data-chart-state="error">
        <Alert color="red" variant="light" maw="90%">
          {error}
        </Alert>
      </Center>
    );
  }
  const loader = (
    <Center h={area} data-chart-state="loading" aria-label={t('chart.view.loading')}>
      <Loader size="sm" />
    </Center>
  );
  if (!result) return loader;
  if ('rows' in result) {
    return (
      <div data-chart-state="ready">
        <ChartTable data={result.rows} height={area} />
      </div>
    );
  }
  if (!('option' in result)) return loader;
  return (
    <div data-chart-state="ready">
      <Suspense fallback={loader}>
        <EChartCanvas option={result.option} height={area} theme={theme ?? scheme} onInstance={onInstance} />
      </Suspense>
    </div>
  );
}
