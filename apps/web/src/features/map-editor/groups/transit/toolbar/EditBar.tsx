/**
 * The transit Edit tool's bar (spec 2 §2): Line and Route search boxes and the switch between Edit network route
 * and Edit route. Choosing a route edits it (its line's tab opens with it) and flies to it.
 */
import { Button, Select } from '@mantine/core';
import { routesOfLine, TRANSIT_LINE, type LineEntity } from '@corridor/changesets';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../../state/context.ts';

export function EditBar() {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.transitRevision);
  const selection = useEditor((state) => state.selection);
  const editing = selection.type === 'transit-route' || selection.type === 'transit-network-route' ? selection : undefined;
  const lines = useMemo(
    () => [...graph.entities<LineEntity>(TRANSIT_LINE)].map((line) => ({ value: line.id, label: line.name ? `${line.name} (${line.id})` : line.id })),
    [graph, revision],
  );
  const routes = editing ? routesOfLine(graph, editing.lineId).map((route) => ({ value: route.id, label: route.name || route.id })) : [];

  const edit = (lineId: string, routeId: string) => {
    store.select({ type: 'transit-route', lineId, routeId }, { fly: true });
    store.openLine(lineId, routeId);
  };
  const chooseLine = (lineId: string | null) => {
    const first = lineId ? routesOfLine(graph, lineId)[0] : undefined;
    if (lineId && first) edit(lineId, first.id);
    else if (lineId) store.openLine(lineId);
  };

  return (
    <>
      <Select
        size="xs"
        w={180}
        searchable
        aria-label={t('toolbar.transit.lineLabel')}
        placeholder={t('toolbar.transit.linePlaceholder')}
        data={lines}
        value={editing?.lineId ?? null}
        onChange={chooseLine}
        limit={50}
      />
      <Select
        size="xs"
        w={160}
        searchable
        aria-label={t('toolbar.transit.routeLabel')}
        placeholder={t('toolbar.transit.routePlaceholder')}
        data={routes}
        value={editing?.routeId ?? null}
        disabled={!editing}
        onChange={(routeId) => editing && routeId && edit(editing.lineId, routeId)}
      />
      {editing && (
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            store.select(
              editing.type === 'transit-route'
                ? { type: 'transit-network-route', lineId: editing.lineId, routeId: editing.routeId, mode: 'none' }
                : { type: 'transit-route', lineId: editing.lineId, routeId: editing.routeId },
            )
          }
        >
          {t(editing.type === 'transit-route' ? 'toolbar.transit.editNetworkRoute' : 'toolbar.transit.editRoute')}
        </Button>
      )}
    </>
  );
}
