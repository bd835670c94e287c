/**
 * The transit stop preview (spec 2 §2 "Preview panel"): one card per selected stop with its Id and Name edited
 * inline (saved on Enter or on leaving the field, with the §5 messages), its Lines (collapsible, each with Open and a
 * table of the routes serving the stop: Route, Mode, Stops count; hovering a route highlights it on the map until
 * 200 ms after the pointer left), Create New Line and Delete after the §2 question.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { assignStopWithSelfLoop, newLine, routesOfStop, stopOf, TRANSIT_STOP } from '@corridor/changesets';
import type { TransitStop } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../../../components/ConfirmModal.tsx';
import { FirstCards } from '../../../preview/FirstCards.tsx';
import { ChangeBadge } from '../../../preview/link/ChangeBadge.tsx';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { flagsOf } from '../../../state/network.ts';
import { NO_SELECTION } from '../../../state/types.ts';
import type { SelectionOf } from '../../registry.ts';
import { StopField } from './StopField.tsx';
import { StopLines } from './StopLines.tsx';

/** Stops shown one by one; a larger group shows the first ones and how many more. */
const CARDS_SHOWN = 9;

export function StopPreview({ selection }: { selection: SelectionOf<'transit-stop'> }) {
  const { t } = useTranslation('editor');
  return <FirstCards ids={selection.stops} shown={CARDS_SHOWN} card={(id) => <StopCard stopId={id} />} more={(count) => t('panels.stop.more', { count })} />;
}

function StopCard({ stopId }: { stopId: string }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const editMode = useEditor((state) => state.editMode);
  const [confirming, setConfirming] = useState(false);
  const stop = stopOf(graph, stopId);
  if (!stop) return <Text c="dimmed" size="sm">{t('panels.stop.gone', { id: stopId })}</Text>;

  const remove = () => {
    setConfirming(false);
    if (store.perform({ type: 'transitStop/delete', id: stopId }) !== undefined) return;
    const selection = store.getState().selection;
    const left = selection.type === 'transit-stop' ? selection.stops.filter((id) => id !== stopId) : [];
    store.select(left.length > 0 ? { type: 'transit-stop', stops: left } : NO_SELECTION);
  };
  const createLine = () => {
    const mod = newLine(graph, stopId);
    if (store.perform(mod) !== undefined) return;
    store.openLine(mod.line.id, Object.keys(mod.line.transitRoutes)[0]);
  };
  const withSelfLoop = () => {
    const answer = assignStopWithSelfLoop(graph, stopId);
    if ('mods' in answer) store.performAll(answer.mods);
    else store.refuseWith(answer.refusal);
  };
  const renamed = (next: TransitStop) => {
    const selection = store.getState().selection;
    if (selection.type === 'transit-stop' && next.id !== stopId) store.select({ type: 'transit-stop', stops: selection.stops.map((id) => (id === stopId ? next.id : id)) });
  };

  return (
    <Paper p="sm" withBorder data-testid={`stop-card-${stop.id}`}>
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            <Title order={5}>{stop.name || stop.id}</Title>
            <ChangeBadge flags={flagsOf({ graph, saved }, TRANSIT_STOP, stopId)} />
          </Group>
          {editMode && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={createLine}>
                {t('panels.stop.createLine')}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('panels.stop.delete')}
              </Button>
            </Group>
          )}
        </Group>
        <Group gap="sm" align="flex-start" grow>
          <StopField key={`id-${stop.id}`} stop={stop} field="id" onSaved={renamed} />
          <StopField key={`name-${stop.id}-${stop.name}`} stop={stop} field="name" />
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('panels.stop.position', { lon: stop.coordinates[0].toFixed(6), lat: stop.coordinates[1].toFixed(6) })} ·{' '}
            {stop.linkId !== undefined ? t('panels.stop.link', { id: stop.linkId }) : t('panels.stop.noLink')}
          </Text>
          {editMode && (
            <Button size="compact-xs" variant="subtle" onClick={() => store.assignStop(stopId)}>
              {t('panels.stop.assign')}
            </Button>
          )}
          {editMode && stop.linkId === undefined && (
            <Button size="compact-xs" variant="subtle" onClick={() => withSelfLoop()}>
              {t('panels.stop.selfLoop')}
            </Button>
          )}
        </Group>
        <StopLines routes={routesOfStop(graph, stopId)} />
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('panels.stop.deleteTitle')}
        text={t('panels.stop.deleteQuestion')}
        confirmLabel={t('panels.stop.delete')}
        cancelLabel={t('panels.stop.cancel')}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  );
}
