/**
 * The Line card (spec 2 §2, §5): Id and Name edited in place (trimmed; "Line Id must not be empty", "Line Id must be
 * unique"; the name saved only when not empty), each saved as transitLine/update with the line and its routes (a new
 * id renames the line: its tab follows it), and Delete after a confirmation.
 */
import { Button, Group, Paper, Title } from '@mantine/core';
import { lineOf } from '@corridor/changesets';
import type { TransitLine } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../../components/ConfirmModal.tsx';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { NO_SELECTION } from '../../../state/types.ts';
import { lineUpdate } from './edits.ts';
import { editTarget, networkRouteSelection, routeSelection } from './editing.ts';
import { lineIdError } from './ids.ts';
import { TextField } from './TextField.tsx';

export function LineCard({ lineId }: { lineId: string }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const editMode = useEditor((state) => state.editMode);
  const [confirming, setConfirming] = useState(false);
  const line = lineOf(graph, lineId);
  if (!line) return null;

  const update = (changed: Partial<Pick<TransitLine, 'id' | 'name'>>) => {
    const mod = lineUpdate(graph, lineId, changed);
    const id = changed.id ?? lineId;
    if (!mod || store.perform(mod) !== undefined || id === lineId) return;
    // A renamed line: its tab and an edit of one of its routes follow the new id.
    const { lineTabs, selection } = store.getState();
    const routeId = lineTabs.find((tab) => tab.lineId === lineId)?.routeId;
    store.openLine(id, routeId);
    store.closeLine(lineId);
    if (selection.type === 'transit-route' || selection.type === 'transit-network-route') {
      const target = editTarget(selection, lineId, selection.routeId);
      if (target === 'route') store.select(routeSelection(id, selection.routeId));
      if (target === 'networkRoute' && selection.type === 'transit-network-route') store.select(networkRouteSelection(id, selection.routeId, selection.mode));
    }
  };

  const remove = () => {
    setConfirming(false);
    const { selection } = store.getState();
    const editing = (selection.type === 'transit-route' || selection.type === 'transit-network-route') && selection.lineId === lineId;
    if (store.perform({ type: 'transitLine/delete', id: lineId }) === undefined && editing) store.select(NO_SELECTION);
  };

  return (
    <Paper p="sm" withBorder>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Title order={5} pt={4}>
            {t('panels.line.line.title')}
          </Title>
          <TextField
            label={t('panels.line.line.id')}
            value={line.id}
            readOnly={!editMode}
            error={(value) => {
              const key = lineIdError(graph, lineId, value);
              return key && t(`panels.line.errors.${key}`);
            }}
            onCommit={(id) => update({ id })}
          />
          <TextField
            label={t('panels.line.line.name')}
            value={line.name ?? ''}
            readOnly={!editMode}
            // The name is saved only when not empty (spec 2 §5): an emptied field goes back to the name.
            onCommit={(name) => {
              if (name !== '') update({ name });
            }}
          />
        </Group>
        <Button size="xs" color="red" variant="light" disabled={!editMode} onClick={() => setConfirming(true)}>
          {t('panels.line.line.delete')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('panels.line.line.deleteTitle')}
        text={t('panels.line.line.deleteText', { name: line.name || line.id })}
        confirmLabel={t('panels.line.line.delete')}
        cancelLabel={t('panels.line.cancel')}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
