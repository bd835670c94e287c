/**
 * The Routes card (spec 2 §2 "Transit line tab", §4): the route selector ("Select a Route", each option with its
 * label, first to last stop, departure range, counts and mode), the route's actions and fields, and its inner tabs.
 * A chosen route that vanished gives way to the first remaining one.
 */
import { Group, Paper, Select, Stack, Text } from '@mantine/core';
import { routeOf, routesOfLine } from '@corridor/changesets';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import type { Selection } from '../../../state/types.ts';
import { editTarget, shownRouteId } from './editing.ts';
import { RouteActions } from './RouteActions.tsx';
import { RouteFields } from './RouteFields.tsx';
import { RouteOptionContent } from './RouteOptionContent.tsx';
import { routeOptions } from './routeOption.ts';
import { RouteTabs } from './RouteTabs.tsx';

export function RoutesCard({ lineId }: { lineId: string }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.transitRevision);
  const chosen = useEditor((state) => state.lineTabs.find((tab) => tab.lineId === lineId)?.routeId);
  const selection = useEditor((state) => state.selection);
  const options = useMemo(() => routeOptions(graph, routesOfLine(graph, lineId)), [graph, lineId, revision]);
  const byId = useMemo(() => new Map(options.map((option) => [option.value, option])), [options]);
  const routeId = chosen === undefined ? undefined : shownRouteId(chosen, options.map((option) => option.value));
  // The chosen route vanished (deleted, renamed elsewhere, undone): the first remaining one is chosen (spec 2 §4).
  useEffect(() => {
    if (chosen !== undefined && routeId !== chosen) store.chooseRoute(lineId, routeId);
  }, [chosen, routeId, lineId, store]);
  const target = editTarget(selection, lineId, routeId);
  // The last edit of a route in this tab, for Continue Editing once the selection moved elsewhere.
  const [lastEdit, setLastEdit] = useState<Selection | null>(null);
  if (target && lastEdit !== selection) setLastEdit(selection);
  const route = routeId === undefined ? undefined : routeOf(graph, lineId, routeId);

  return (
    <Paper p="sm" withBorder>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            size="xs"
            w={340}
            label={t('panels.line.routes.route')}
            placeholder={t('panels.line.routes.placeholder')}
            data={options.map((option) => ({ value: option.value, label: option.label }))}
            value={routeId ?? null}
            onChange={(value) => store.chooseRoute(lineId, value ?? undefined)}
            renderOption={({ option }) => {
              const shown = byId.get(option.value);
              return shown ? <RouteOptionContent option={shown} /> : option.label;
            }}
            searchable
            nothingFoundMessage={t('panels.line.routes.nothingFound')}
            comboboxProps={{ withinPortal: true, width: 460, position: 'bottom-start' }}
            maxDropdownHeight={360}
          />
          {route && <RouteActions lineId={lineId} route={route} routeIds={options.map((option) => option.value)} target={target} lastEdit={lastEdit} />}
        </Group>
        {routeId !== undefined && byId.get(routeId) && (
          <Text size="xs" c="dimmed" component="div">
            <RouteOptionContent option={byId.get(routeId)!} inline />
          </Text>
        )}
        {route ? (
          <>
            <RouteFields lineId={lineId} route={route} editable={target !== undefined} />
            <RouteTabs lineId={lineId} route={route} target={target} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t(options.length === 0 ? 'panels.line.routes.none' : 'panels.line.routes.choose')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
