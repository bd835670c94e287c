/**
 * The chart editor on its own route (spec 3 §2.3, §4 "Chart preview"): /{group}/charts/new creates a chart and then
 * goes to its route; /{group}/charts/{id} edits it (Save updates, Save as New creates and goes to the new one).
 */
import type { ChartAnswer } from '@corridor/contract';
import { Alert, Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useChart } from '../../../../api/charts.ts';
import { queryKeys } from '../../../../api/queryKeys.ts';
import { NotFound } from '../../../../components/NotFound.tsx';
import { PageLoader } from '../../../../components/PageLoader.tsx';
import { useCurrentGroup } from '../../../groups/GroupContext.ts';
import { dashboardsPath } from '../../paths.ts';
import { chartParam, chartPath } from '../paths.ts';
import type { ChartData } from '../types.ts';
import { ChartEditor } from './ChartEditor.tsx';

/** The stored chart without the server's bookkeeping (dates, image addresses). */
function editable(answer: ChartAnswer): ChartData {
  const { created: _c, modified: _m, previewUrl: _p, thumbnailUrl: _t, ...chart } = answer;
  return chart;
}

export function ChartEditorPage() {
  const group = useCurrentGroup();
  const param = chartParam(useParams().chart);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = typeof param === 'number' ? param : undefined;
  const loaded = useChart(id);
  if (param === null) return <NotFound />;
  if (id !== undefined && loaded.isPending) return <PageLoader />;
  if (id !== undefined && loaded.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{loaded.error.message}</Alert>
      </Container>
    );
  }
  // ?dataset= preselects the dataset of a new chart.
  const dataset = Number(search.get('dataset'));
  const datasets = param === 'new' && Number.isSafeInteger(dataset) && dataset > 0 ? [{ id: dataset, name: '' }] : [];
  return (
    <Container fluid py="md">
      <ChartEditor
        key={id ?? 'new'}
        groupId={group.id}
        initial={loaded.data ? editable(loaded.data) : null}
        datasets={datasets}
        mode="page"
        onSaved={(saved, asNew) => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.chart(saved.id) });
          if (id === undefined || asNew) void navigate(chartPath(group.name, saved.id), { replace: id === undefined });
        }}
        onCancel={() => void navigate(dashboardsPath(group.name))}
      />
    </Container>
  );
}
