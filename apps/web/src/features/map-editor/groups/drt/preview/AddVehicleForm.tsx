/**
 * The add-vehicle form (spec 2 §2 "Preview panel"): adds vehicles to the selected link (drt/addVehicles) — count,
 * capacity and operating hours, starting at 10 vehicles, 4 seats, 00:00:00 to 24:00:00 (§9) — and says how many
 * vehicles the link has already. Without a link: "No link selected. Please select a link on the map."
 */
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import type { SelectionOf } from '../../registry.ts';
import { addVehiclesOnLink } from '@corridor/changesets';
import { vehiclesOfLink } from '../read.ts';
import { addVehicleForm, defaultAddVehicleDraft, vehicleDraftErrors, type AddVehicleDraft } from './vehicleForm.ts';

/** The form with no link selected (Add Vehicle's Preview tab). */
export function NoLinkSelected() {
  const { t } = useTranslation('editor');
  return (
    <Alert color="blue" data-testid="drt-no-link">
      {t('panels.drt.noLinkSelected')}
    </Alert>
  );
}

export function AddVehicleForm({ selection }: { selection: SelectionOf<'drt-link'> }) {
  const { t } = useTranslation('editor');
  const store = useEditorStore();
  const graph = useEditor((state) => state.graph);
  const editMode = useEditor((state) => state.editMode);
  const [draft, setDraft] = useState<AddVehicleDraft>(defaultAddVehicleDraft);
  const [added, setAdded] = useState<number | null>(null);
  const onLink = vehiclesOfLink(graph, selection.linkId).map((vehicle) => vehicle.id);
  const errors = vehicleDraftErrors(draft);
  const add = () => {
    if (errors) return;
    const form = addVehicleForm(draft);
    const mod = addVehiclesOnLink(store.getState().graph, { linkId: selection.linkId, count: form.count, capacity: String(form.capacity), t0: form.t0, t1: form.t1 });
    if (mod && store.perform(mod) === undefined) setAdded(form.count);
  };
  const change = (patch: Partial<AddVehicleDraft>) => {
    setDraft({ ...draft, ...patch });
    setAdded(null);
  };
  const onEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') add();
  };
  return (
    <Paper p="sm" withBorder data-testid="drt-add-vehicle-form">
      <Stack gap="xs">
        <Title order={5}>{t('panels.drt.addTitle', { id: selection.linkId })}</Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('panels.drt.vehiclesOnLink', { count: onLink.length })}
          </Text>
          {onLink.length > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={() => store.select({ type: 'drt-vehicle', vehicles: onLink })}>
              {t('panels.drt.selectThem')}
            </Button>
          )}
        </Group>
        {editMode ? (
          <>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <NumberInput label={t('panels.drt.count')} size="xs" w={100} min={1} allowDecimal={false} value={draft.count} onChange={(value) => change({ count: String(value) })} onKeyDown={onEnter} error={errors?.count && t(errors.count)} />
              <NumberInput label={t('panels.drt.capacity')} size="xs" w={100} min={1} allowDecimal={false} value={draft.capacity} onChange={(value) => change({ capacity: String(value) })} onKeyDown={onEnter} error={errors?.capacity && t(errors.capacity)} />
              <TextInput label={t('panels.drt.start')} size="xs" w={110} value={draft.t0} onChange={(event) => change({ t0: event.currentTarget.value })} onKeyDown={onEnter} error={errors?.t0 && t(errors.t0)} />
              <TextInput label={t('panels.drt.end')} size="xs" w={110} value={draft.t1} onChange={(event) => change({ t1: event.currentTarget.value })} onKeyDown={onEnter} error={errors?.t1 && t(errors.t1)} />
            </Group>
            <Group gap="xs">
              <Button size="xs" onClick={add} disabled={errors !== undefined}>
                {t('panels.drt.add')}
              </Button>
              {added !== null && (
                <Text size="sm" c="green" role="status">
                  {t('panels.drt.added', { count: added })}
                </Text>
              )}
            </Group>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('panels.drt.viewMode')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
