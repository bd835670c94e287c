/**
 * The chosen route's Id, Name and Mode (spec 2 §3, §5): "Route Id must not be empty", "Route Id must be unique
 * within the Transit Line" (the unchanged id allowed), checked on input and on leaving the field, trimmed; saved as
 * route/update. A new id keeps the route chosen and its edit going under that id.
 */
import { Group } from '@mantine/core';
import type { TransitRoute } from '@corridor/contract';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { editTarget, networkRouteSelection, routeSelection } from './editing.ts';
import { routeIdError } from './ids.ts';
import { TextField } from './TextField.tsx';

export function RouteFields({ lineId, route, editable }: { lineId: string; route: TransitRoute; editable: boolean }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const editMode = useEditor((state) => state.editMode);
  const readOnly = !editMode || !editable;

  const update = (changed: Partial<TransitRoute>) => {
    const next = { ...route, ...changed };
    if (next.name === '') delete next.name;
    if (store.perform({ type: 'route/update', lineId, routeId: route.id, route: next }) !== undefined || next.id === route.id) return;
    store.chooseRoute(lineId, next.id);
    const { selection } = store.getState();
    const target = editTarget(selection, lineId, route.id);
    if (target === 'route') store.select(routeSelection(lineId, next.id));
    if (target === 'networkRoute' && selection.type === 'transit-network-route') store.select(networkRouteSelection(lineId, next.id, selection.mode));
  };

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextField
        label={t('panels.line.routes.id')}
        value={route.id}
        readOnly={readOnly}
        error={(value) => {
          const key = routeIdError(graph, lineId, route.id, value);
          return key && t(`panels.line.errors.${key}`);
        }}
        onCommit={(id) => update({ id })}
      />
      <TextField label={t('panels.line.routes.name')} value={route.name ?? ''} readOnly={readOnly} onCommit={(name) => update({ name })} />
      <TextField label={t('panels.line.routes.mode')} value={route.mode} readOnly={readOnly} onCommit={(mode) => update({ mode })} />
    </Group>
  );
}
