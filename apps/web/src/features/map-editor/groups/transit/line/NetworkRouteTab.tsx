/**
 * The Network Route tab (spec 2 §2, §4 "Network-route edit"): the modes none, add and delete (the selection's mode;
 * the map's handler picks the links), and the route's links as display items (networkRoute.ts): problem sections
 * expanded, long runs of links collapsed until expanded, stop names cut at 30 characters. In delete mode each link
 * has a delete button (networkRoute/deleteLink). Pointing at a link row highlights the link on the map.
 */
import { ActionIcon, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { TransitRoute } from '@corridor/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { networkRouteMode, networkRouteSelection, type NetworkRouteMode } from './editing.ts';
import { networkRouteItems, shownItems, type DisplayItem } from './networkRoute.ts';

const MODES: readonly NetworkRouteMode[] = ['none', 'add', 'delete'];
const COLORS: Partial<Record<DisplayItem['type'], string>> = { GAP: 'red', MISSING_LINK: 'red', MISSING_STOP: 'orange', NODE: 'gray', COLLAPSED: 'gray', SELF_LOOP: 'grape', SELF_LOOP_STOP: 'grape', LINK_WITH_STOP: 'blue' };

export function NetworkRouteTab({ lineId, route, editable }: { lineId: string; route: TransitRoute; editable: boolean }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.dataRevision);
  const mode = useEditor((state) => networkRouteMode(state.selection));
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const items = useMemo(() => networkRouteItems(graph, route), [graph, route, revision]);
  const shown = useMemo(() => shownItems(items, expanded), [items, expanded]);

  const remove = (index: number) => store.perform({ type: 'networkRoute/deleteLink', lineId, routeId: route.id, index });
  const describe = (item: DisplayItem): string => {
    switch (item.type) {
      case 'NODE':
        return t('panels.line.network.node', { id: item.nodeId });
      case 'GAP':
        return t('panels.line.network.gap', { from: item.fromNodeId, to: item.toNodeId });
      case 'MISSING_STOP':
        return t('panels.line.network.missingStop', { name: item.stop.name, id: item.stop.id });
      case 'COLLAPSED':
        return t('panels.line.network.collapsed', { count: item.count });
      case 'LINK_WITH_STOP':
      case 'SELF_LOOP_STOP':
        return t('panels.line.network.linkWithStop', { id: item.linkId, stops: item.stops.map((stop) => stop.name).join(', ') });
      case 'MISSING_LINK':
        return t('panels.line.network.missingLink', { id: item.linkId });
      default:
        return t('panels.line.network.link', { id: item.linkId });
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <SegmentedControl
          size="xs"
          aria-label={t('panels.line.network.mode')}
          disabled={!editable}
          value={mode}
          onChange={(value) => store.select(networkRouteSelection(lineId, route.id, value as NetworkRouteMode))}
          data={MODES.map((value) => ({ value, label: t(`panels.line.network.modes.${value}`) }))}
        />
        <Text size="xs" c="dimmed">
          {t(`panels.line.network.hints.${mode}`)}
        </Text>
      </Group>
      {route.links.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('panels.line.network.empty')}
        </Text>
      )}
      <Stack gap={2} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('panels.line.tabs.networkRoute')} onMouseLeave={() => store.hover({})}>
        {shown.map((item, at) => {
          const index = 'index' in item ? item.index : undefined;
          const linkId = 'linkId' in item ? item.linkId : undefined;
          const fullNames = 'stops' in item ? item.stops.map((stop) => stop.fullName).join(', ') : item.type === 'MISSING_STOP' ? item.stop.fullName : undefined;
          return (
            <Group
              key={`${at}:${item.type}`}
              component="li"
              gap="xs"
              wrap="nowrap"
              data-item-type={item.type}
              onMouseEnter={() => (linkId && item.type !== 'MISSING_LINK' ? store.hover({ linkId }) : undefined)}
            >
              <Badge size="xs" variant="light" color={COLORS[item.type] ?? 'blue'} w={120}>
                {item.type}
              </Badge>
              <Text size="sm" title={fullNames}>
                {describe(item)}
              </Text>
              {item.type === 'COLLAPSED' && (
                <Button size="compact-xs" variant="subtle" onClick={() => setExpanded((before) => new Set([...before, item.section]))}>
                  {t('panels.line.network.expand')}
                </Button>
              )}
              {editable && mode === 'delete' && index !== undefined && (
                <ActionIcon size="sm" color="red" variant="subtle" aria-label={t('panels.line.network.deleteLink', { id: linkId, position: index + 1 })} onClick={() => remove(index)}>
                  <IconTrash size={14} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
