/**
 * The chart editor (spec 3 §2.3): sections Data, Visualization, Chart Settings and Filters beside a live preview;
 * the name (placeholder Untitled), Save (preview ready and name not blank), Save as New for an existing chart, and
 * Cancel. Used over the dashboard (overlay) and on its own route (page).
 */
import { Accordion, Alert, Button, Grid, Group, Paper, ScrollArea, Stack, TextInput, Title, useComputedColorScheme } from '@mantine/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';
import type { ChartEditorProps } from '../types.ts';
import { ChartView, type ChartViewState } from '../view/ChartView.tsx';
import { DataSection } from './DataSection.tsx';
import { canSave, emptyChart } from './draft.ts';
import { FiltersSection } from './FiltersSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { useSaveChart } from './useSaveChart.ts';
import { useTableFields } from './useTableFields.ts';
import { VisualizationSection } from './VisualizationSection.tsx';

const PREVIEW_HEIGHT = 420;
const SECTIONS = ['data', 'visualization', 'settings', 'filters'] as const;

export function ChartEditor({ groupId, initial, datasets, onSaved, onCancel, mode }: ChartEditorProps) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const dark = useComputedColorScheme('light') === 'dark';
  const [chart, setChart] = useState(() => initial ?? emptyChart(datasets[0]?.id, groupId));
  const [previewState, setPreviewState] = useState<ChartViewState>('loading');
  const { tables, fields, dataset, loading } = useTableFields(groupId, chart.dataset, chart.table);
  const { onInstance, save, saving, error } = useSaveChart(onSaved);

  // The preview draws the chosen dataset; comparing adds the dashboard's other datasets after it.
  const previewDatasets = useMemo(() => {
    if (chart.dataset === undefined) return [];
    const own = { id: chart.dataset, name: datasets.find((d) => d.id === chart.dataset)?.name ?? dataset?.name ?? '' };
    return [own, ...datasets.filter((d) => d.id !== chart.dataset)];
  }, [chart.dataset, datasets, dataset?.name]);
  const onState = useCallback((state: ChartViewState) => setPreviewState(state), []);

  const ready = canSave(chart, previewState === 'ready') && chart.dataset !== undefined;
  const submit = (asNew: boolean) => {
    if (!ready || chart.dataset === undefined) return;
    void save({ ...chart, name: chart.name.trim(), dataset: chart.dataset, groupId: chart.groupId ?? groupId, filters: chart.filters ?? [] }, asNew, dark);
  };
  const sections: Record<(typeof SECTIONS)[number], ReactNode> = {
    data: (
      <DataSection
        groupId={groupId}
        dataset={dataset}
        tables={tables}
        table={chart.table}
        loading={loading}
        onDataset={(id) => setChart({ ...chart, dataset: id, table: '' })}
        onTable={(table) => setChart({ ...chart, table })}
      />
    ),
    visualization: <VisualizationSection chart={chart} fields={fields} onChange={setChart} />,
    settings: <SettingsSection chart={chart} onChange={setChart} />,
    filters: <FiltersSection chart={chart} fields={fields} onChange={setChart} />,
  };

  return (
    <Stack gap="md" data-chart-editor={mode} h={mode === 'overlay' ? '100%' : undefined}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label={t('chart.editor.name')}
          placeholder={t('chart.editor.namePlaceholder')}
          value={chart.name}
          onChange={(e) => setChart({ ...chart, name: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && submit(false)}
          style={{ flex: 1, minWidth: 240 }}
          size="md"
        />
        <Group gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('chart.editor.cancel')}
          </Button>
          {initial?.id !== undefined && (
            <Button variant="light" onClick={() => submit(true)} disabled={!ready} loading={saving}>
              {t('chart.editor.saveAsNew')}
            </Button>
          )}
          <Button onClick={() => submit(false)} disabled={!ready} loading={saving}>
            {t('chart.editor.save')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" variant="light">
          {t('chart.editor.saveFailed', { message: error })}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ScrollArea.Autosize mah={mode === 'overlay' ? 'calc(100vh - 140px)' : undefined} offsetScrollbars>
            <Accordion multiple defaultValue={[...SECTIONS]} variant="separated">
              {SECTIONS.map((key) => (
                <Accordion.Item key={key} value={key}>
                  <Accordion.Control>{t(`chart.editor.sections.${key}`)}</Accordion.Control>
                  <Accordion.Panel>{sections[key]}</Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </ScrollArea.Autosize>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper
            withBorder
            p="sm"
            data-testid="chart-preview"
            data-preview-state={previewState}
            // On the page the sections are taller than the window: the preview stays in view while they scroll.
            style={mode === 'page' ? { position: 'sticky', top: 'var(--mantine-spacing-md)' } : undefined}
          >
            <Title order={4} mb="xs">
              {t('chart.editor.preview')}
            </Title>
            <ChartView chart={chart} datasets={previewDatasets} height={PREVIEW_HEIGHT} onInstance={onInstance} onState={onState} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
