/**
 * The DRT tab's cards (spec 2 §2 "DRT tab"): Service Area (view / add / edit / delete with Add Area, Edit Area,
 * Delete Area and Done), DRT Stops (Generate Stops in Area, Total Stops) and Vehicle Fleet (Generate Vehicles in
 * Area, Total Vehicles), each with its group's file chooser. Starting a generation or an area mode switches the map
 * to the area tool (areaHandler.ts); Done and Cancel return to Select Vehicle.
 */
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DRT_AREA, DRT_STOP, DRT_VEHICLE, type GraphReader } from '@corridor/changesets';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_NS } from '../../../i18n/index.ts';
import type { EditorStore } from '../../../state/store.ts';
import { useEditor, useEditorStore } from '../../../state/context.ts';
import type { ServiceAreaMode, ToolId } from '../../../state/types.ts';
import { DRT_AREA_TOOL } from './areaHandler.ts';
import { FileChooser } from './FileChooser.tsx';
import { GenerationForm } from './GenerationForm.tsx';

const SELECT_VEHICLE: ToolId = 'drt/selectVehicle';

function countOf(graph: GraphReader, kind: string): number {
  let count = 0;
  for (const _ of graph.entities(kind)) count++;
  return count;
}

/** How many live items of the kind the graph holds (memoised on the graph and the DRT loads). */
function useCount(kind: string): number {
  const graph = useEditor((state) => state.graph);
  const revision = useEditor((state) => state.drtRevision);
  return useMemo(() => countOf(graph, kind), [graph, revision, kind]);
}

/** A card: its title with what stands beside it (a total, the main action), then its content. */
function Card({ title, aside, testId, children }: { title: string; aside?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Paper p="sm" withBorder data-testid={testId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={5}>{title}</Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** The area modes the card shows: the store's while the area tool draws for it, else view. */
function useShownAreaMode(): ServiceAreaMode {
  return useEditor((state) => (state.tool === DRT_AREA_TOOL && state.drt.generation === 'none' ? state.drt.areaMode : 'view'));
}

/** Starts an area mode: a generation form closes, the map draws for the card. */
function startAreaMode(store: EditorStore, mode: Exclude<ServiceAreaMode, 'view'>): void {
  if (store.getState().drt.generation !== 'none') store.cancelGeneration();
  store.setServiceAreaMode(mode);
  store.setTool(DRT_AREA_TOOL);
}

function endAreaMode(store: EditorStore): void {
  store.setServiceAreaMode('view');
  store.setTool(SELECT_VEHICLE);
}

export function ServiceAreaCard() {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const mode = useShownAreaMode();
  const editMode = useEditor((state) => state.editMode);
  const count = useCount(DRT_AREA);
  const button = (target: Exclude<ServiceAreaMode, 'view'>, label: string) => (
    <Button size="xs" variant={mode === target ? 'filled' : 'light'} disabled={!editMode} aria-pressed={mode === target} onClick={() => startAreaMode(store, target)}>
      {label}
    </Button>
  );
  return (
    <Card
      title={t('drtTab.serviceArea.title')}
      aside={
        <Badge variant="light" data-testid="drt-service-area-card-total">
          {t('drtTab.serviceArea.count', { count })}
        </Badge>
      }
      testId="drt-service-area-card"
    >
      <FileChooser kind="serviceArea" />
      <Group gap="xs">
        {button('add', t('drtTab.serviceArea.add'))}
        {button('edit', t('drtTab.serviceArea.edit'))}
        {button('delete', t('drtTab.serviceArea.delete'))}
        {mode !== 'view' && (
          <Button size="xs" variant="default" onClick={() => endAreaMode(store)}>
            {t('drtTab.serviceArea.done')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" aria-live="polite">
        {t(`drtTab.serviceArea.help.${mode}`)}
      </Text>
    </Card>
  );
}

/** A card with a generation: its button (or the open form) and what the last generation added. */
function GeneratingCard({ kind, title, generate, total, count, testId }: { kind: 'vehicles' | 'stops'; title: string; generate: string; total: string; count: number; testId: string }) {
  const { t } = useTranslation(EDITOR_NS);
  const store = useEditorStore();
  const open = useEditor((state) => state.drt.generation === kind);
  const editMode = useEditor((state) => state.editMode);
  const [generated, setGenerated] = useState<number | null>(null);
  return (
    <Card
      title={title}
      aside={
        <Group gap="xs">
          <Text size="sm">
            {total}:{' '}
            <Badge variant="light" data-testid={`${testId}-total`}>
              {count}
            </Badge>
          </Text>
          {!open && (
            <Button
              size="xs"
              variant="light"
              disabled={!editMode}
              onClick={() => {
                setGenerated(null);
                if (store.getState().drt.areaMode !== 'view') store.setServiceAreaMode('view');
                store.startGeneration(kind);
                store.setTool(DRT_AREA_TOOL);
              }}
            >
              {generate}
            </Button>
          )}
        </Group>
      }
      testId={testId}
    >
      <FileChooser kind={kind} />
      {open && <GenerationForm kind={kind} onGenerated={setGenerated} />}
      {!open && generated !== null && (
        <Alert color="green" p="xs" withCloseButton onClose={() => setGenerated(null)} closeButtonLabel={t('drtTab.form.cancel')}>
          {t(`drtTab.form.${kind}.done`, { count: generated })}
        </Alert>
      )}
    </Card>
  );
}

export function StopsCard() {
  const { t } = useTranslation(EDITOR_NS);
  return <GeneratingCard kind="stops" title={t('drtTab.stops.title')} generate={t('drtTab.stops.generate')} total={t('drtTab.stops.total')} count={useCount(DRT_STOP)} testId="drt-stops-card" />;
}

export function FleetCard() {
  const { t } = useTranslation(EDITOR_NS);
  return <GeneratingCard kind="vehicles" title={t('drtTab.fleet.title')} generate={t('drtTab.fleet.generate')} total={t('drtTab.fleet.total')} count={useCount(DRT_VEHICLE)} testId="drt-fleet-card" />;
}
