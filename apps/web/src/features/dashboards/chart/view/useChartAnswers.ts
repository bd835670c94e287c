/**
 * The answers a chart needs: one table query per dataset it draws (several only when comparing). TanStack Query
 * gives each query its own AbortController: a changed configuration or an unmounted panel aborts the request, and
 * an aborted request's error is ignored (spec 3 §8).
 */
import type { TableQuery } from '@corridor/contract';
import { useQueries } from '@tanstack/react-query';
import { useRef } from 'react';
import { queryTable } from '../../../../api/tables.ts';
import { queryKeys } from '../../../../api/queryKeys.ts';
import type { ChartData, ChartDatasetRef } from '../types.ts';
import type { DatasetAnswer } from '../model/index.ts';

/** The datasets a chart draws: all of them when comparing, else the first (or the chart's own dataset). */
export function drawnDatasets(chart: ChartData, datasets: ChartDatasetRef[]): ChartDatasetRef[] {
  if (datasets.length === 0) return chart.dataset ? [{ name: '', id: chart.dataset }] : [];
  return chart.config.options.compare && datasets.length > 1 ? datasets : datasets.slice(0, 1);
}

export type AnswersState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; answers: DatasetAnswer[] };

export function useChartAnswers(table: string, query: TableQuery | null, datasets: ChartDatasetRef[]): AnswersState {
  const results = useQueries({
    queries: datasets.map((d) => ({
      queryKey: [...queryKeys.tables, 'query', d.id, table, query] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => queryTable(d.id, table, query!, signal),
      enabled: query !== null && table !== '',
      retry: false,
      staleTime: 30_000,
    })),
  });
  // The same answers give the same state object, so the option is built (and ECharts redrawn) only on new data.
  const last = useRef<AnswersState>({ status: 'loading' });
  const failed = results.find((r) => r.isError);
  let next: AnswersState;
  if (failed) next = { status: 'error', error: failed.error };
  else if (results.length === 0 || results.some((r) => !r.data)) next = { status: 'loading' };
  else next = { status: 'ready', answers: results.map((r, i) => ({ dataset: datasets[i]!.name, answer: r.data! })) };
  if (!sameState(last.current, next)) last.current = next;
  return last.current;
}

function sameState(a: AnswersState, b: AnswersState): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'error' && b.status === 'error') return a.error === b.error;
  if (a.status === 'ready' && b.status === 'ready') {
    return a.answers.length === b.answers.length && a.answers.every((x, i) => x.answer === b.answers[i]!.answer && x.dataset === b.answers[i]!.dataset);
  }
  return true;
}
