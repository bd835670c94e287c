/**
 * The DRT vehicle preview (spec 2 §2): up to 9 selected vehicles shown one by one, grouped by their start link; more
 * than 9 collapse into one summary card with Start Link, Capacity and Operating Hours (a value, or Mixed) and
 * Delete All.
 */
import { Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { NO_SELECTION } from '../../../state/types.ts';
import type { SelectionOf } from '../../registry.ts';
import { showsVehicleSummary, vehicleSummary, type Common } from '@corridor/changesets';
import { deleteVehiclesMod } from '../edits.ts';
import { drtVehicleOf, vehiclesByLink } from '../read.ts';
import { formatClock } from '../time.ts';
import { VehicleCard } from './VehicleCard.tsx';

export function VehiclePreview({ selection }: { selection: SelectionOf<'drt-vehicle'> }) {
  const graph = useEditor((state) => state.graph);
  if (showsVehicleSummary(selection.vehicles.length)) return <VehicleSummary ids={selection.vehicles} />;
  const live = selection.vehicles.flatMap((id) => {
    const vehicle = drtVehicleOf(graph, id);
    return vehicle ? [vehicle] : [];
  });
  return <VehicleList ids={selection.vehicles} groups={[...vehiclesByLink(live)]} />;
}

function VehicleList({ ids, groups }: { ids: readonly string[]; groups: readonly [string, readonly { id: string }[]][] }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const gone = ids.length - groups.reduce((sum, [, vehicles]) => sum + vehicles.length, 0);
  const dropped = (id: string) => () => {
    const selection = store.getState().selection;
    const left = selection.type === 'drt-vehicle' ? selection.vehicles.filter((each) => each !== id) : [];
    store.select(left.length > 0 ? { type: 'drt-vehicle', vehicles: left } : NO_SELECTION);
  };
  return (
    <Stack gap="sm">
      {groups.map(([linkId, vehicles]) => (
        <Stack key={linkId} gap="xs" data-testid={`drt-vehicles-on-${linkId}`}>
          <Text size="sm" fw={600}>
            {t('panels.drt.onLink', { id: linkId, count: vehicles.length })}
          </Text>
          {vehicles.map((vehicle) => (
            <VehicleCard key={vehicle.id} vehicleId={vehicle.id} onDeleted={dropped(vehicle.id)} />
          ))}
        </Stack>
      ))}
      {gone > 0 && (
        <Text size="sm" c="dimmed">
          {t('panels.drt.vehiclesGone', { count: gone })}
        </Text>
      )}
    </Stack>
  );
}

function VehicleSummary({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const editMode = useEditor((state) => state.editMode);
  const vehicles = ids.flatMap((id) => {
    const vehicle = drtVehicleOf(graph, id);
    return vehicle ? [vehicle] : [];
  });
  const summary = vehicleSummary(vehicles);
  const shown = <T,>(value: Common<T> | undefined, format: (value: T) => string) => (value === undefined ? '—' : value.mixed ? t('panels.drt.mixed') : format(value.value));
  const rows: [string, string][] = [
    [t('panels.drt.startLink'), shown(summary?.startLink, (value) => value)],
    [t('panels.drt.capacity'), shown(summary?.capacity, (value) => value)],
    [t('panels.drt.operatingHours'), shown(summary?.operatingHours, (hours) => `${formatClock(hours.t0)} – ${formatClock(hours.t1)}`)],
  ];
  const deleteAll = () => {
    const mod = deleteVehiclesMod(store.getState().graph, ids);
    if (mod && store.perform(mod) === undefined) store.select(NO_SELECTION);
  };
  return (
    <Paper p="sm" withBorder data-testid="drt-vehicle-summary">
      <Stack gap="xs">
        <Title order={5}>{t('panels.drt.summaryTitle', { count: vehicles.length })}</Title>
        <Table withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={160}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {editMode && vehicles.length > 0 && (
          <Button size="xs" variant="light" color="red" onClick={deleteAll} style={{ alignSelf: 'flex-start' }}>
            {t('panels.drt.deleteAll')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
