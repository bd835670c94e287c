import type { DashboardItem, DashboardTemplateKey } from '@corridor/contract';
import { Alert, Box, Group, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTemplate, lockDashboard, unlockDashboard } from '../../../api/dashboards.ts';
import { Breadcrumbs } from '../../../components/Breadcrumbs.tsx';
import type { ChartData } from '../chart/index.ts';
import { AddMenu } from './AddMenu.tsx';
import { BoardGrid } from './BoardGrid.tsx';
import { BoardHeader } from './BoardHeader.tsx';
import { ChartEditorOverlay, type ChartEditing } from './ChartEditorOverlay.tsx';
import { NoTablesNotice } from './NoTablesNotice.tsx';
import { addPanel, applyLayout, duplicatePanel, newPanelPlace, type NewPanelKind, removePanel, replaceItem, toPanels } from './panels.ts';
import { dashboardsPath, errorText } from './paths.ts';
import { type BoardStart, useBoard } from './useBoard.ts';
import { chartVariables, type DatasetChoice, mapTemplateItems } from './variables.ts';
import { VariablesBar } from './VariablesBar.tsx';

interface BoardProps {
  groupId: number;
  groupName: string;
  start: BoardStart;
  datasets: DatasetChoice[];
  defaultName: string;
  onCreated: (id: number) => void;
}

/** The dashboard editor (spec 3 §2.2): header, dataset variables, the Add menu and the grid of panels. */
export function Board({ groupId, groupName, start, datasets, defaultName, onCreated }: BoardProps) {
  const { t } = useTranslation('dashboards');
  const board = useBoard(groupId, start, onCreated);
  const { draft, update, locked } = board;
  const [templateLoading, setTemplateLoading] = useState<DashboardTemplateKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<ChartEditing | null>(null);
  const editable = !locked;
  const large = draft.options.size === 'large';

  const loadTemplate = async (key: DashboardTemplateKey) => {
    setTemplateLoading(key);
    setProblem(null);
    try {
      const template = await fetchTemplate(key);
      // A template replaces the panels and the size; the board's name stays unless it has none (decisions.md).
      update((current) => ({
        ...current,
        name: current.name.trim() ? current.name : template.name,
        options: template.options,
        panels: toPanels(mapTemplateItems(template.items, current.variables)),
      }));
    } catch (error) {
      setProblem(t('board.templateFailed', { message: errorText(error) }));
    } finally {
      setTemplateLoading(null);
    }
  };

  const toggleLock = async () => {
    if (board.id === undefined) return;
    setProblem(null);
    try {
      if (locked) {
        await unlockDashboard(board.id);
        board.setLocked(false);
      } else {
        // Changes not yet saved go first: a locked dashboard refuses them.
        await board.save('manual');
        await lockDashboard(board.id);
        board.setLocked(true);
      }
    } catch (error) {
      setProblem(t('board.lockFailed', { message: errorText(error) }));
    }
  };

  const add = (kind: NewPanelKind) => {
    const place = newPanelPlace(draft.panels, kind);
    const firstVariable = draft.variables[0]?.name;
    if (kind === 'text') {
      const item: DashboardItem = { type: 'text', ...place, variables: [], data: { text: '', style: 'p' } };
      update((current) => ({ ...current, panels: addPanel(current.panels, item) }));
      return;
    }
    setEditing({ key: null, kind, place, initial: null, variables: firstVariable ? [firstVariable] : [] });
  };

  const chartSaved = (chart: ChartData, editingNow: ChartEditing) => {
    const variables = chartVariables({ dataset: chart.dataset ?? draft.variables[0]?.id ?? 0, config: chart.config }, draft.variables);
    const item: DashboardItem = { type: 'chart', ...editingNow.place, variables, data: chart };
    update((current) => ({
      ...current,
      panels: editingNow.key === null ? addPanel(current.panels, item) : replaceItem(current.panels, editingNow.key, item),
    }));
    setEditing(null);
  };

  const page = (
    <Stack gap="md">
      {!large && <Breadcrumbs items={[{ label: groupName, to: `/${encodeURIComponent(groupName)}` }, { label: t('board.backToList'), to: dashboardsPath(groupName) }, { label: draft.name.trim() || defaultName }]} />}
      <BoardHeader
        board={board}
        canLock={board.id !== undefined}
        onToggleLock={() => void toggleLock()}
        templateLoading={templateLoading}
        onLoadTemplate={(key) => void loadTemplate(key)}
      />
      {locked && (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} role="status">
          {t('board.locked')}
        </Alert>
      )}
      {board.saveError !== null && <Alert color="red" role="alert">{t('board.saveFailed', { message: errorText(board.saveError) })}</Alert>}
      {problem && <Alert color="red" role="alert">{problem}</Alert>}
      <VariablesBar groupName={groupName} datasets={datasets} variables={draft.variables} items={draft.panels.map((panel) => panel.item)} editable={editable} update={update} />
      <NoTablesNotice groupName={groupName} variables={draft.variables} datasets={datasets} />
      {editable && (
        <Group>
          <AddMenu onAdd={add} />
        </Group>
      )}
      <BoardGrid
        panels={draft.panels}
        variables={draft.variables}
        columns={large ? 24 : 12}
        editable={editable}
        onLayout={(layout) => {
          // The grid also reports unchanged places (on mount, on a click): only a real move is a change.
          const next = applyLayout(draft.panels, layout);
          if (next !== draft.panels) update((current) => ({ ...current, panels: next }));
        }}
        onChangeItem={(key, item) => update((current) => ({ ...current, panels: replaceItem(current.panels, key, item) }))}
        onDuplicate={(key) => update((current) => ({ ...current, panels: duplicatePanel(current.panels, key) }))}
        onDelete={(key) => update((current) => ({ ...current, panels: removePanel(current.panels, key) }))}
        onEditChart={(key, item) =>
          setEditing({ key, kind: item.data.type === 'table' ? 'table' : 'chart', place: { x: item.x, y: item.y, width: item.width, height: item.height }, initial: item.data, variables: item.variables })
        }
      />
      {editing && (
        <ChartEditorOverlay groupId={groupId} editing={editing} variables={draft.variables} onSaved={(chart) => chartSaved(chart, editing)} onCancel={() => setEditing(null)} />
      )}
    </Stack>
  );
  // Size large: the board takes the whole window (spec 3 §2.2 "full-screen layout").
  return large ? (
    <Box pos="fixed" inset={0} p="md" bg="var(--mantine-color-body)" style={{ zIndex: 150, overflow: 'auto' }} data-board-size="large">
      {page}
    </Box>
  ) : (
    page
  );
}
