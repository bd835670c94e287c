/**
 * One DRT vehicle (spec 2 §2 "DRT vehicle preview", the vehicle's tab): id, start link, capacity and operating hours
 * (HH:MM:SS). Capacity and hours are edited in place and saved with Save or Enter (drt/updateVehicles); Delete
 * removes the vehicle (drt/deleteVehicles). In view mode the fields are read-only.
 */
import { Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DrtVehicle } from '@corridor/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeBadge } from '../../../preview/link/ChangeBadge.tsx';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { flagsOf } from '../../../state/network.ts';
import { deleteVehiclesMod, updateVehiclesMod } from '../edits.ts';
import { DRT_VEHICLE } from '../kinds.ts';
import { drtVehicleOf } from '../read.ts';
import { formatClock } from '../time.ts';
import { vehicleDraft, vehicleDraftErrors, vehicleChange, type VehicleDraft } from './vehicleForm.ts';

export function VehicleCard({ vehicleId, onDeleted, inTab = false }: { vehicleId: string; onDeleted?: () => void; inTab?: boolean }) {
  const { t } = useTranslation('editor');
  const graph = useEditor((state) => state.graph);
  const saved = useEditor((state) => state.saved);
  const vehicle = drtVehicleOf(graph, vehicleId);
  if (!vehicle) return <Text c="dimmed" size="sm">{t('panels.drt.vehicleGone', { id: vehicleId })}</Text>;
  return (
    <Paper p="sm" withBorder data-testid={`drt-vehicle-card-${vehicle.id}`}>
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Group gap="sm">
            <Title order={5}>{t('panels.drt.vehicleTitle', { id: vehicle.id })}</Title>
            <ChangeBadge flags={flagsOf({ graph, saved }, DRT_VEHICLE, vehicle.id)} />
          </Group>
        </Group>
        {/* Keyed by the vehicle as stored: an undo or another edit resets the fields. */}
        <VehicleFields key={`${vehicle.capacity}|${vehicle.t0}|${vehicle.t1}`} vehicle={vehicle} onDeleted={onDeleted} inTab={inTab} />
      </Stack>
    </Paper>
  );
}

function VehicleFields({ vehicle, onDeleted, inTab }: { vehicle: DrtVehicle; onDeleted?: () => void; inTab: boolean }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const editMode = useEditor((state) => state.editMode);
  const [draft, setDraft] = useState<VehicleDraft>(() => vehicleDraft(vehicle));
  const errors = vehicleDraftErrors(draft);
  const change = errors ? undefined : vehicleChange(vehicle, draft);
  const save = () => {
    if (!change) return;
    const mod = updateVehiclesMod(store.getState().graph, [vehicle.id], change);
    if (mod) store.perform(mod);
  };
  const remove = () => {
    const mod = deleteVehiclesMod(store.getState().graph, [vehicle.id]);
    if (mod && store.perform(mod) === undefined) onDeleted?.();
  };
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') save();
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('panels.drt.startLink')}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => store.flyTo({ linkId: vehicle.startLinkId })} aria-label={t('panels.drt.flyToLink', { id: vehicle.startLinkId })}>
          {vehicle.startLinkId}
        </Button>
      </Group>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NumberInput
          label={t('panels.drt.capacity')}
          size="xs"
          w={110}
          min={1}
          allowDecimal={false}
          readOnly={!editMode}
          value={draft.capacity}
          onChange={(value) => setDraft({ ...draft, capacity: String(value) })}
          onKeyDown={onEnter}
          error={errors?.capacity && t(errors.capacity)}
        />
        <TextInput
          label={t('panels.drt.start')}
          size="xs"
          w={110}
          readOnly={!editMode}
          value={draft.t0}
          onChange={(event) => setDraft({ ...draft, t0: event.currentTarget.value })}
          onKeyDown={onEnter}
          error={errors?.t0 && t(errors.t0)}
        />
        <TextInput
          label={t('panels.drt.end')}
          size="xs"
          w={110}
          readOnly={!editMode}
          value={draft.t1}
          onChange={(event) => setDraft({ ...draft, t1: event.currentTarget.value })}
          onKeyDown={onEnter}
          error={errors?.t1 && t(errors.t1)}
        />
      </Group>
      {!editMode && (
        <Text size="xs" c="dimmed">
          {t('panels.drt.hours', { start: formatClock(vehicle.t0), end: formatClock(vehicle.t1) })}
        </Text>
      )}
      {editMode && (
        <Group gap="xs">
          {change && (
            <Button size="xs" onClick={save}>
              {t('panels.drt.save')}
            </Button>
          )}
          {!inTab && (
            <Button size="xs" variant="light" onClick={() => store.openVehicle(vehicle.id)}>
              {t('panels.drt.openTab')}
            </Button>
          )}
          <Button size="xs" variant="light" color="red" onClick={remove}>
            {t('panels.drt.delete')}
          </Button>
        </Group>
      )}
      {!editMode && !inTab && (
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => store.openVehicle(vehicle.id)}>
            {t('panels.drt.openTab')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
