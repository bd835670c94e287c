/**
 * The route's buttons (spec 2 §2, §4): Edit (edit the route), Duplicate (a plain or a reversed copy, which is then
 * chosen), Delete (another route is chosen after it; deleting the line's last route deletes the line, and the
 * confirmation says so), Continue Editing (back to the last edit of this route once the selection moved away).
 */
import { Button, Group, Menu } from '@mantine/core';
import { duplicateRoute } from '@corridor/changesets';
import type { TransitRoute } from '@corridor/contract';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../../components/ConfirmModal.tsx';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { NO_SELECTION, type Selection } from '../../../state/types.ts';
import { editTarget, routeAfterDelete, routeSelection, type EditTarget } from './editing.ts';
import { routeLabel } from './routeOption.ts';

interface RouteActionsProps {
  lineId: string;
  route: TransitRoute;
  /** The line's route ids in the selector's order. */
  routeIds: readonly string[];
  target: EditTarget | undefined;
  lastEdit: Selection | null;
}

export function RouteActions({ lineId, route, routeIds, target, lastEdit }: RouteActionsProps) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const editMode = useEditor((state) => state.editMode);
  const [confirming, setConfirming] = useState(false);
  const last = routeIds.length <= 1;
  const canContinue = !target && lastEdit !== null && editTarget(lastEdit, lineId, route.id) !== undefined;

  const duplicate = (reversed: boolean) => {
    const mod = duplicateRoute(store.getState().graph, lineId, route.id, { reversed });
    if (store.perform(mod) === undefined) store.chooseRoute(lineId, mod.route.id);
  };
  const remove = () => {
    setConfirming(false);
    const next = routeAfterDelete(route.id, routeIds);
    const editing = target !== undefined;
    if (store.perform({ type: 'route/delete', lineId, routeId: route.id }) !== undefined) return;
    if (next !== undefined) {
      store.chooseRoute(lineId, next);
      if (editing) store.select(routeSelection(lineId, next));
    } else if (editing) store.select(NO_SELECTION);
  };

  return (
    <Group gap="xs">
      <Button size="xs" variant="light" disabled={target !== undefined} onClick={() => store.select(routeSelection(lineId, route.id))}>
        {t('panels.line.routes.edit')}
      </Button>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" disabled={!editMode} rightSection={<IconChevronDown size={14} aria-hidden />}>
            {t('panels.line.routes.duplicate')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => duplicate(false)}>{t('panels.line.routes.duplicatePlain')}</Menu.Item>
          <Menu.Item onClick={() => duplicate(true)}>{t('panels.line.routes.duplicateReversed')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button size="xs" color="red" variant="light" disabled={!editMode} onClick={() => setConfirming(true)}>
        {t('panels.line.routes.delete')}
      </Button>
      {canContinue && (
        <Button size="xs" variant="filled" onClick={() => store.select(lastEdit)}>
          {t('panels.line.routes.continue')}
        </Button>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('panels.line.routes.deleteTitle')}
        text={last ? t('panels.line.routes.deleteLast', { name: routeLabel(route) }) : t('panels.line.routes.deleteText', { name: routeLabel(route) })}
        confirmLabel={t('panels.line.routes.delete')}
        cancelLabel={t('panels.line.cancel')}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}
