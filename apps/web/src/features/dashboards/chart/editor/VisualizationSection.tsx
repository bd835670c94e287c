/**
 * Visualization: the type picker of the nine types and the measures and dimensions each type reads (see
 * model/queries.ts for what each slot means per type).
 */
import { CHART_TYPES, type ChartType, type TableField } from '@corridor/contract';
import { Button, SegmentedControl, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';
import type { ChartData } from '../types.ts';
import { hasXAxisChoice, newMeasure, setDimension, setMeasure, setType, setXAxis } from './draft.ts';
import { DimensionEditor, MeasureEditor } from './FieldEditors.tsx';

interface Props {
  chart: ChartData;
  fields: TableField[];
  onChange: (chart: ChartData) => void;
}

type Slot = { kind: 'dimension'; index: number; label: string; clearable: boolean } | { kind: 'measure'; index: number; label: string };

export function VisualizationSection({ chart, fields, onChange }: Props) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const { measures, dimensions } = chart.config;
  const v = (key: 'category' | 'color' | 'values' | 'x' | 'y' | 'group' | 'column' | 'xAxis') => t(`chart.editor.viz.${key}`);
  const single = (label: string): Slot => ({ kind: 'measure', index: 0, label });
  const dim = (index: number, label: string, clearable = true): Slot => ({ kind: 'dimension', index, label, clearable });
  let slots: Slot[];
  let manyMeasures = false;
  switch (chart.type) {
    case 'pie':
      slots = [dim(0, v('color'), false), single(v('values'))];
      break;
    case 'boxplot':
      slots = [single(v('values')), dim(0, v('group'))];
      break;
    case 'scatter':
      slots = [single(v('x')), { kind: 'measure', index: 1, label: v('y') }, dim(0, v('color'))];
      break;
    case 'radial':
    case 'radar':
      slots = [dim(0, v('category')), dim(1, v('color')), single(v('values'))];
      break;
    case 'table':
      // Every column picker is a "Column", the empty one for the next column too (its label stays when filled).
      slots = [...dimensions.map((_, i) => dim(i, v('column'))), dim(dimensions.length, v('column'))];
      manyMeasures = true;
      break;
    default:
      slots = [dim(0, hasXAxisChoice(chart.type) ? v('xAxis') : v('category')), dim(1, v('color'))];
      manyMeasures = dimensions.length < 2;
      if (!manyMeasures) slots.push(single(v('values')));
  }
  // Measures a single-measure type does not read stay listed so they can be removed (the preview names the rule).
  const measureSlots = slots.filter((s) => s.kind === 'measure').length;
  if (!manyMeasures) for (let i = measureSlots; i < measures.length; i++) slots.push({ kind: 'measure', index: i, label: v('values') });
  if (manyMeasures) slots.push(...measures.map((_, i): Slot => ({ kind: 'measure', index: i, label: v('values') })));

  const firstMeasure = newMeasure(fields, chart);
  const addMeasure = () => firstMeasure && onChange(setMeasure(chart, measures.length, firstMeasure));

  return (
    <Stack gap="sm">
      <Select
        label={t('chart.editor.viz.type')}
        data={CHART_TYPES.map((type) => ({ value: type, label: t(`chart.types.${type}`) }))}
        value={chart.type}
        onChange={(type) => type && onChange(setType(chart, type as ChartType))}
        allowDeselect={false}
        data-testid="chart-type"
      />
      {hasXAxisChoice(chart.type) && (
        <SegmentedControl
          aria-label={t('chart.editor.viz.xAxisType')}
          value={chart.config.options.xAxis ?? 'discrete'}
          onChange={(axis) => onChange(setXAxis(chart, axis as 'discrete' | 'numeric'))}
          data={[
            { value: 'discrete', label: t('chart.editor.viz.discrete') },
            { value: 'numeric', label: t('chart.editor.viz.numeric') },
          ]}
        />
      )}
      {slots.map((slot) => {
        if (slot.kind === 'dimension') {
          if (slot.index > dimensions.length) return null; // a second dimension only after the first
          return (
            <DimensionEditor
              key={`d${slot.index}-${dimensions[slot.index]?.name ?? ''}`}
              chart={chart}
              fields={fields}
              label={slot.label}
              index={slot.index}
              dimension={dimensions[slot.index]}
              clearable={slot.clearable}
              onChange={(d) => onChange(setDimension(chart, slot.index, d))}
            />
          );
        }
        const measure = measures[slot.index];
        if (!measure) {
          if (manyMeasures || slot.index > measures.length) return null;
          return (
            <Button key={`m${slot.index}`} size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={addMeasure} disabled={!firstMeasure}>
              {slot.label}
            </Button>
          );
        }
        return (
          <MeasureEditor
            key={`m${slot.index}`}
            chart={chart}
            fields={fields}
            label={slot.label}
            measure={measure}
            onChange={(m) => onChange(setMeasure(chart, slot.index, m))}
            onRemove={() => onChange(setMeasure(chart, slot.index, null))}
          />
        );
      })}
      {manyMeasures && (
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={addMeasure} disabled={!firstMeasure} style={{ alignSelf: 'flex-start' }}>
          {t('chart.editor.viz.addMeasure')}
        </Button>
      )}
    </Stack>
  );
}
