/**
 * The Lines card of a stop (spec 2 §2): the lines whose routes serve the stop, each collapsible with Open (its line
 * tab) and a table of those routes (Route, Mode, Stops count). Hovering a row highlights the route on the map; the
 * highlight goes 200 ms after the pointer left (spec 2 §9).
 */
import { Accordion, Button, Group, Table, Text } from '@mantine/core';
import { lineOf } from '@corridor/changesets';
import type { TransitRoute } from '@corridor/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { routeHoverKey } from '../routeKeys.ts';

/** Spec 2 §9: the route-hover highlight is removed after this delay. */
export const ROUTE_HOVER_REMOVAL_MS = 200;

export function StopLines({ routes }: { routes: readonly TransitRoute[] }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const byLine = new Map<string, TransitRoute[]>();
  for (const route of routes) byLine.set(route.transitLineId, [...(byLine.get(route.transitLineId) ?? []), route]);
  if (byLine.size === 0) return <Text size="sm" c="dimmed">{t('panels.stop.noLines')}</Text>;

  const enter = (route: TransitRoute) => {
    clearTimeout(timer.current);
    store.hover({ route: routeHoverKey(route.transitLineId, route.id) });
  };
  const leave = (route: TransitRoute) => {
    clearTimeout(timer.current);
    const key = routeHoverKey(route.transitLineId, route.id);
    timer.current = setTimeout(() => {
      if (store.getState().hover.route === key) store.hover({});
    }, ROUTE_HOVER_REMOVAL_MS);
  };

  return (
    <div>
      <Text size="sm" fw={600}>
        {t('panels.stop.lines')}
      </Text>
      <Accordion multiple variant="contained" chevronPosition="left">
        {[...byLine].map(([lineId, lineRoutes]) => {
          const name = lineOf(graph, lineId)?.name || lineId;
          return (
            <Accordion.Item key={lineId} value={lineId}>
              <Group wrap="nowrap" gap={4} pr="xs">
                <Accordion.Control>{t('panels.stop.line', { name })}</Accordion.Control>
                <Button size="compact-xs" variant="light" aria-label={t('panels.stop.openLine', { name })} onClick={() => store.openLine(lineId, lineRoutes[0]?.id)}>
                  {t('panels.stop.open')}
                </Button>
              </Group>
              <Accordion.Panel>
                <Table withRowBorders={false} verticalSpacing={2} fz="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('panels.stop.route')}</Table.Th>
                      <Table.Th>{t('panels.stop.mode')}</Table.Th>
                      <Table.Th>{t('panels.stop.stopsCount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {lineRoutes.map((route) => (
                      <Table.Tr key={route.id} onMouseEnter={() => enter(route)} onMouseLeave={() => leave(route)}>
                        <Table.Td>{route.name || route.id}</Table.Td>
                        <Table.Td>{route.mode}</Table.Td>
                        <Table.Td>{route.stops.length}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </div>
  );
}
