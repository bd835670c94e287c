import type { DashboardVariable } from '@corridor/contract';
import { Modal } from '@mantine/core';
import { type ChartData, ChartEditor } from '../chart/index.ts';
import type { NewPanelKind } from './panels.ts';

/** A chart panel being added (`key` null) or edited, with the place it keeps. */
export interface ChartEditing {
  key: string | null;
  kind: Exclude<NewPanelKind, 'text'>;
  place: { x: number; y: number; width: number; height: number };
  initial: ChartData | null;
  variables: string[];
}

interface Props {
  groupId: number;
  editing: ChartEditing;
  variables: DashboardVariable[];
  onSaved: (chart: ChartData) => void;
  onCancel: () => void;
}

/**
 * The chart editor over the board (spec 3 §2.2, §4 Panel editor): opens on Add or Edit, closes on save or on the
 * editor's Cancel. A new table panel starts as a chart of type table on the first variable's dataset.
 */
export function ChartEditorOverlay({ groupId, editing, variables, onSaved, onCancel }: Props) {
  const first = variables.find((variable) => editing.variables.includes(variable.name)) ?? variables[0];
  // A panel's chart draws its variable's dataset; template charts carry no dataset of their own, and the editor
  // saves only a chart with a dataset, so the panel's (first) variable gives it.
  const initial: ChartData | null = editing.initial
    ? { ...editing.initial, dataset: first?.id ?? editing.initial.dataset, groupId: editing.initial.groupId ?? groupId }
    : editing.kind === 'table'
      ? { type: 'table', name: '', table: '', dataset: first?.id, groupId, filters: [], config: { measures: [], dimensions: [], options: {} } }
      : null;
  return (
    <Modal opened onClose={onCancel} fullScreen withCloseButton={false} closeOnEscape={false} padding="md" data-testid="chart-editor-overlay">
      <ChartEditor
        groupId={groupId}
        initial={initial}
        datasets={variables.map(({ name, id }) => ({ name, id }))}
        onSaved={(chart) => onSaved(chart)}
        onCancel={onCancel}
        mode="overlay"
      />
    </Modal>
  );
}
