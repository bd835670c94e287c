/**
 * A generation form of the DRT tab (spec 2 §2 "DRT tab", §4 "DRT generation", §8): the area is drawn on the map
 * first (info alert, then "Area selected …"), the fields (Network File, Transport Mode with the placeholder "for
 * example car"; vehicles: count, seats, start and end time; stops: count) are checked as typed, and Generate calls
 * the server (a loader on the button) and applies the answer as one modification. A failure shows "Failed to
 * generate vehicles: <reason>" (and is logged, as the spec says). Network changes of the changeset are not seen by
 * the server: a warning says so.
 */
import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DRT_STOP, DRT_VEHICLE } from '@corridor/changesets';
import { FAILED_TO_GENERATE_STOPS, FAILED_TO_GENERATE_VEHICLES, type AreaGeometry } from '@corridor/contract';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generateDrtStops, generateDrtVehicles } from '../../../../../api/drtGeneration.ts';
import { EDITOR_NS } from '../../../i18n/index.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import { useEditorEnv } from '../../../state/env.ts';
import { idTaken } from '../../../state/network.ts';
import { DRT_AREA_TOOL } from './areaHandler.ts';
import { hasNetworkChanges, networkFiles } from './files.ts';
import {
  checkStopFields,
  checkVehicleFields,
  defaultStopFields,
  defaultVehicleFields,
  failureReason,
  stopsModification,
  vehiclesModification,
  type FieldError,
  type StopFields,
  type VehicleFields,
} from './generation.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface GenerationFormProps {
  readonly kind: 'vehicles' | 'stops';
  /** Told how many items were added, after the form closed. */
  onGenerated(count: number): void;
}

export function GenerationForm({ kind, onGenerated }: GenerationFormProps) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const { scenario, networkFileId } = useEditorEnv();
  const ring = useEditor((state) => state.drt.area);
  const drawing = useEditor((state) => state.tool === DRT_AREA_TOOL);
  const editMode = useEditor((state) => state.editMode);
  const networkChanged = useEditor((state) => hasNetworkChanges(state.lists.saved) || hasNetworkChanges(state.lists.unsaved));
  const networks = useMemo(() => networkFiles(scenario.files), [scenario.files]);
  const [vehicleFields, setVehicleFields] = useState<VehicleFields>(() => defaultVehicleFields(networkFileId));
  const [stopFields, setStopFields] = useState<StopFields>(() => defaultStopFields(networkFileId));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);
  // The bottom area is low: the opened form scrolls into view.
  const top = useRef<HTMLDivElement>(null);
  // (Braces: Chromium's scrollIntoView may answer a promise, which React would take for a cleanup.)
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  // A request still running when the form closes is dropped (its answer would land in a form no longer shown).
  useEffect(() => () => pending.current?.abort(), []);

  const area: AreaGeometry | null = ring ? { type: 'Polygon', coordinates: [ring.map(([lng, lat]) => [lng, lat] as [number, number])] } : null;
  const placeholderArea: AreaGeometry = { type: 'Polygon', coordinates: [] };
  const checked = kind === 'vehicles' ? checkVehicleFields(vehicleFields, area ?? placeholderArea) : checkStopFields(stopFields, area ?? placeholderArea);
  const errors = (checked.ok ? {} : checked.errors) as Partial<Record<string, FieldError>>;
  const errorText = (field: string) => {
    const error = errors[field];
    return error && t(`drtTab.errors.${error.key}`, { max: error.max });
  };
  const prefix = kind === 'vehicles' ? FAILED_TO_GENERATE_VEHICLES : FAILED_TO_GENERATE_STOPS;

  /** The call for the form's kind and its answer as one modification; undefined when a field is wrong. */
  const request = async (shape: AreaGeometry, signal: AbortSignal) => {
    if (kind === 'vehicles') {
      const vehicles = checkVehicleFields(vehicleFields, shape);
      return vehicles.ok ? vehiclesModification(await generateDrtVehicles(vehicles.request, signal), idTaken(store.getState().graph, DRT_VEHICLE)) : undefined;
    }
    const stops = checkStopFields(stopFields, shape);
    return stops.ok ? stopsModification(await generateDrtStops(stops.request, signal), idTaken(store.getState().graph, DRT_STOP)) : undefined;
  };

  const generate = async () => {
    if (!area || !checked.ok || busy) return;
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    setFailure(null);
    try {
      const mod = await request(area, controller.signal);
      if (!mod) return;
      if (controller.signal.aborted) return;
      const reason = store.perform(mod);
      if (reason !== undefined) {
        setFailure(t('drtTab.form.notApplied', { reason }));
        return;
      }
      const count = mod.type === 'drt/addVehicles' ? mod.vehicles.length : mod.type === 'drt/addStops' ? mod.stops.length : 0;
      store.cancelGeneration();
      onGenerated(count);
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = failureReason(messageOf(error), prefix);
      // Spec 2 §8: logged; shown as well, so the user knows why nothing was added.
      console.error(prefix, reason);
      setFailure(t(`drtTab.form.${kind}.failed`, { reason }));
    } finally {
      if (pending.current === controller) pending.current = null;
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const networkSelect = (value: string | null, onChange: (value: string | null) => void) => (
    <Select
      size="xs"
      label={t('drtTab.form.network')}
      placeholder={t('drtTab.form.networkPlaceholder')}
      data={networks.map((file) => ({ value: String(file.id), label: file.name }))}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      error={errorText('networkFileId')}
    />
  );
  const modeInput = (value: string, onChange: (value: string) => void) => (
    <TextInput size="xs" label={t('drtTab.form.mode')} placeholder={t('drtTab.form.modePlaceholder')} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
  );
  const field = (label: string, name: string, value: string, onChange: (value: string) => void, extra: { inputMode?: 'numeric'; placeholder?: string } = {}) => (
    <TextInput size="xs" label={label} value={value} error={errorText(name)} onChange={(event) => onChange(event.currentTarget.value)} {...extra} data-testid={`drt-${kind}-${name}`} />
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void generate();
      }}
    >
      <Stack gap="xs" data-testid={`drt-generate-${kind}`} ref={top}>
        {ring ? (
          <Alert color="green" icon={<IconCheck aria-hidden />} p="xs">
            {t('drtTab.form.selected')}
          </Alert>
        ) : (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />} p="xs">
            {t(`drtTab.form.${kind}.info`)}
          </Alert>
        )}
        {!drawing && (
          // Escape or another tool ended the drawing: the way back to it.
          <Button size="xs" variant="subtle" onClick={() => store.setTool(DRT_AREA_TOOL)} style={{ alignSelf: 'flex-start' }}>
            {t('drtTab.form.redraw')}
          </Button>
        )}
        {networkChanged && (
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} p="xs">
            {t(`drtTab.form.${kind}.warning`)}
          </Alert>
        )}
        {kind === 'vehicles' ? (
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
            {networkSelect(vehicleFields.networkFileId, (networkFileId) => setVehicleFields({ ...vehicleFields, networkFileId }))}
            {modeInput(vehicleFields.mode, (mode) => setVehicleFields({ ...vehicleFields, mode }))}
            {field(t('drtTab.form.vehicleCount'), 'count', vehicleFields.count, (count) => setVehicleFields({ ...vehicleFields, count }), { inputMode: 'numeric' })}
            {field(t('drtTab.form.seats'), 'seats', vehicleFields.seats, (seats) => setVehicleFields({ ...vehicleFields, seats }), { inputMode: 'numeric' })}
            {field(t('drtTab.form.startTime'), 'startTime', vehicleFields.startTime, (startTime) => setVehicleFields({ ...vehicleFields, startTime }), { placeholder: t('drtTab.form.timeHint') })}
            {field(t('drtTab.form.endTime'), 'endTime', vehicleFields.endTime, (endTime) => setVehicleFields({ ...vehicleFields, endTime }), { placeholder: t('drtTab.form.timeHint') })}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
            {networkSelect(stopFields.networkFileId, (networkFileId) => setStopFields({ ...stopFields, networkFileId }))}
            {modeInput(stopFields.mode, (mode) => setStopFields({ ...stopFields, mode }))}
            {field(t('drtTab.form.stopCount'), 'count', stopFields.count, (count) => setStopFields({ ...stopFields, count }), { inputMode: 'numeric' })}
          </SimpleGrid>
        )}
        {failure && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={() => store.cancelGeneration()}>
            {t('drtTab.form.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={busy} disabled={!area || !checked.ok || !editMode}>
            {t('drtTab.form.generate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
