import { Button, Group, Modal } from '@mantine/core';
import type { NetworkGroupModification, NetworkLink } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteChecked } from '../../dialogs/linkUseGuard.ts';
import { useEditor, useEditorStore } from '../../state/context.ts';
import { bulkAddOpposite, bulkDelete, bulkEdit, bulkReverse } from './bulk.ts';
import { BulkEditForm } from './BulkEditForm.tsx';

interface BulkActionsProps {
  /** The links the actions act on: the checked rows, or all rows when none is checked. */
  links: readonly NetworkLink[];
  scope: 'all' | 'selected';
  /** Takes link ids out of the editor's selection (after a delete, or "Remove from selection"). */
  onUnselect: (ids: ReadonlySet<string>) => void;
}

/** Bulk actions of the network table (spec 2 §2); each performs ONE network/group so one undo undoes it. */
export function BulkActions({ links, scope, onUnselect }: BulkActionsProps) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const editMode = useEditor((state) => state.editMode);
  const [editing, setEditing] = useState(false);
  const label = (action: 'edit' | 'delete' | 'addOpposite' | 'reverse') => t(`panels.table.actions.${action}.${scope}`);
  const perform = (mod: NetworkGroupModification | undefined) => (mod ? store.perform(mod) : undefined);
  const none = links.length === 0;

  return (
    <>
      <Group gap="xs">
        {editMode && (
          <>
            <Button size="xs" variant="default" disabled={none} onClick={() => setEditing((on) => !on)}>
              {label('edit')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              disabled={none}
              onClick={() => {
                const mod = bulkDelete(links);
                if (mod) deleteChecked(store, mod, () => onUnselect(new Set(links.map((link) => link.id))));
              }}
            >
              {label('delete')}
            </Button>
            <Button size="xs" variant="default" disabled={none} onClick={() => perform(bulkAddOpposite(graph, links))}>
              {label('addOpposite')}
            </Button>
            <Button size="xs" variant="default" disabled={none} onClick={() => perform(bulkReverse(links))}>
              {label('reverse')}
            </Button>
          </>
        )}
        {scope === 'selected' && (
          <Button size="xs" variant="default" onClick={() => onUnselect(new Set(links.map((link) => link.id)))}>
            {t('panels.table.actions.removeFromSelection')}
          </Button>
        )}
      </Group>
      <Modal opened={editing && editMode && !none} onClose={() => setEditing(false)} title={label('edit')}>
        <BulkEditForm
          links={links}
          onCancel={() => setEditing(false)}
          onApply={(edit) => {
            perform(bulkEdit(links, edit));
            setEditing(false);
          }}
        />
      </Modal>
    </>
  );
}
