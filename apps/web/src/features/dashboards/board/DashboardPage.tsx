import { DEFAULT_DASHBOARD_NAME } from '@corridor/contract';
import { Alert } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorStatus } from '../../../api/client.ts';
import { useDashboard, useDashboardTemplate } from '../../../api/dashboards.ts';
import { useGroupTables } from '../../../api/tables.ts';
import { NotFound } from '../../../components/NotFound.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { useCurrentGroup } from '../../groups/GroupContext.ts';
import { Board } from './Board.tsx';
import { dashboardsPath, errorText, isDashboardParam } from './paths.ts';
import type { BoardStart } from './useBoard.ts';
import { datasetChoices, initialVariables, mapTemplateItems, parseDatasetIds, startTemplate } from './variables.ts';

/** The dashboard parameter: a numeric id, the word `new`, or nothing valid (spec 3 §2.2). */
function parseParam(param: string | undefined): number | 'new' | null {
  if (!isDashboardParam(param)) return null;
  return param === 'new' ? 'new' : Number(param);
}

/**
 * One board per dashboard: a new key when the address names another dashboard, but the same board when a new
 * dashboard's first save moves the address from `new` to its id (the board keeps its state and goes on).
 */
function useBoardKey(param: string | undefined) {
  const state = useRef({ param, key: 0, created: undefined as number | undefined });
  const current = state.current;
  if (current.param !== param) {
    const promoted = current.param === 'new' && current.created !== undefined && param === String(current.created);
    if (!promoted) current.key++;
    current.param = param;
    current.created = undefined;
  }
  return { key: current.key, markCreated: (id: number) => (current.created = id) };
}

/**
 * /{group}/dashboards/{dashboard}: a stored dashboard by id, or a new one (`?datasets=1,2` preselects datasets,
 * `?template=overview` fills it from a template, comparing across the datasets when there are two or more; two or
 * more datasets without `?template=` start from the Overview).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboards');
  const group = useCurrentGroup();
  const { dashboard: param } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const parsed = parseParam(param);
  const { key, markCreated } = useBoardKey(param);
  const dashboard = useDashboard(typeof parsed === 'number' ? parsed : undefined);
  const tables = useGroupTables(group.id);
  const templateKey = parsed === 'new' ? startTemplate(search.get('template'), parseDatasetIds(search.get('datasets'))) : null;
  const template = useDashboardTemplate(templateKey);

  if (parsed === null) return <NotFound />;
  if (parsed !== 'new' && dashboard.isError) {
    const status = errorStatus(dashboard.error);
    if (status === 404 || status === 403) return <NotFound />;
    return <Alert color="red">{t('board.loadError', { message: errorText(dashboard.error) })}</Alert>;
  }
  // The dataset list is needed for a new board's first variable; a failed list leaves a new board without one.
  if ((parsed !== 'new' && !dashboard.data) || tables.isPending || (templateKey !== null && template.isPending)) return <PageLoader />;

  const datasets = datasetChoices(tables.data);
  let start: BoardStart;
  if (parsed === 'new') {
    const variables = initialVariables(parseDatasetIds(search.get('datasets')), datasets);
    // A template that failed to load leaves the board empty with a note; the menu can load it again.
    const filled = template.data;
    start = filled
      ? { id: undefined, locked: false, name: filled.name, items: mapTemplateItems(filled.items, variables), variables, options: filled.options, unsaved: true }
      : { id: undefined, locked: false, name: '', items: [], variables, options: { size: 'normal' } };
  } else {
    const data = dashboard.data!;
    start = { id: data.id, locked: data.locked, name: data.name, items: data.items, variables: data.variables, options: data.options };
  }

  const onCreated = (id: number) => {
    markCreated(id);
    void navigate(`${dashboardsPath(group.name)}/${id}`, { replace: true });
  };
  const board = (
    <Board
      key={key}
      groupId={group.id}
      groupName={group.name}
      start={start}
      datasets={datasets}
      defaultName={DEFAULT_DASHBOARD_NAME}
      onCreated={onCreated}
    />
  );
  if (templateKey === null || !template.isError) return board;
  return (
    <>
      <Alert color="red" role="alert" mb="md">
        {t('board.templateFailed', { message: errorText(template.error) })}
      </Alert>
      {board}
    </>
  );
}
