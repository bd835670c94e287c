/**
 * The DRT stop preview (spec 2 §2): one card per selected stop (the first 9, then how many more) with its id, name,
 * coordinates to 5 decimals and link, and Delete (drt/deleteStops).
 */
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FirstCards } from '../../../preview/FirstCards.tsx';
import { ChangeBadge } from '../../../preview/link/ChangeBadge.tsx';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { flagsOf } from '../../../state/network.ts';
import { NO_SELECTION } from '../../../state/types.ts';
import type { SelectionOf } from '../../registry.ts';
import { DRT_COORDINATE_DECIMALS, DRT_SUMMARY_THRESHOLD } from '@corridor/changesets';
import { deleteStopsMod } from '../edits.ts';
import { DRT_STOP } from '../kinds.ts';
import { drtStopOf } from '../read.ts';

/** Spec 2 §2: coordinates to 5 decimals. */
export const formatCoordinate = (value: number): string => value.toFixed(DRT_COORDINATE_DECIMALS);

export function DrtStopPreview({ selection }: { selection: SelectionOf<'drt-stop'> }) {
  const { t } = useTranslation('editor');
  return <FirstCards ids={selection.stops} shown={DRT_SUMMARY_THRESHOLD} card={(id) => <StopCard stopId={id} />} more={(count) => t('panels.drt.moreStops', { count })} />;
}

function StopCard({ stopId }: { stopId: string }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const editMode = useEditor((state) => state.editMode);
  const stop = drtStopOf(graph, stopId);
  if (!stop) return <Text c="dimmed" size="sm">{t('panels.drt.stopGone', { id: stopId })}</Text>;
  const remove = () => {
    const mod = deleteStopsMod(store.getState().graph, [stopId]);
    if (!mod || store.perform(mod) !== undefined) return;
    const selection = store.getState().selection;
    const left = selection.type === 'drt-stop' ? selection.stops.filter((id) => id !== stopId) : [];
    store.select(left.length > 0 ? { type: 'drt-stop', stops: left } : NO_SELECTION);
  };
  const rows: [string, string][] = [
    [t('panels.drt.id'), stop.id],
    [t('panels.drt.name'), stop.name],
    [t('panels.drt.coordinates'), `${formatCoordinate(stop.coordinates[0])}, ${formatCoordinate(stop.coordinates[1])}`],
    [t('panels.drt.link'), stop.linkId ?? t('panels.drt.noLink')],
  ];
  return (
    <Paper p="sm" withBorder data-testid={`drt-stop-card-${stop.id}`}>
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            <Title order={5}>{stop.name || stop.id}</Title>
            <ChangeBadge flags={flagsOf({ graph, saved }, DRT_STOP, stopId)} />
          </Group>
          {editMode && (
            <Button size="xs" variant="light" color="red" onClick={remove}>
              {t('panels.drt.delete')}
            </Button>
          )}
        </Group>
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
