/** One measure (column + aggregation) and one dimension (column + binning) of the Visualization section. */
import type { ChartDimension, ChartMeasure, TableField } from '@corridor/contract';
import { ActionIcon, Group, NumberInput, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';
import { formatCustomBins, parseCustomBins } from '../model/index.ts';
import type { ChartData } from '../types.ts';
import { aggregationApplies, aggregationsFor, binningOffered, defaultBinning, dimensionFieldDisabled, measureFieldDisabled, pickMeasureColumn } from './draft.ts';

const fieldOptions = (fields: TableField[], disabled: (f: TableField) => boolean) =>
  fields.map((f) => ({ value: f.name, label: `${f.name} (${f.type})`, disabled: disabled(f) }));

interface MeasureProps {
  chart: ChartData;
  fields: TableField[];
  label: string;
  measure: ChartMeasure;
  onChange: (m: ChartMeasure) => void;
  onRemove?: () => void;
}

export function MeasureEditor({ chart, fields, label, measure, onChange, onRemove }: MeasureProps) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const aggregations = aggregationsFor(chart);
  // COUNT counts the rows (of each category): named so, not after the column it happens to sit on (issue 25).
  const aggregationLabel = (a: ChartMeasure['aggregation']) =>
    a === 'NONE' ? t('chart.editor.viz.none') : a === 'COUNT' ? t('chart.editor.viz.count') : a === 'SUM' ? t('chart.editor.viz.sum') : a === 'AVG' ? t('chart.editor.viz.avg') : a;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" data-measure={measure.name}>
      <Select
        label={label}
        data={fieldOptions(fields, (f) => measureFieldDisabled(chart, f, measure.aggregation))}
        value={measure.name}
        onChange={(name) => name && onChange(pickMeasureColumn(measure, fields.find((f) => f.name === name), name))}
        searchable
        allowDeselect={false}
        style={{ flex: 2 }}
      />
      {aggregationApplies(chart.type) && (
        <Select
          label={t('chart.editor.viz.aggregation')}
          data={aggregations.map((a) => ({ value: a, label: aggregationLabel(a) }))}
          value={aggregations.includes(measure.aggregation) ? measure.aggregation : null}
          onChange={(a) => a && onChange({ ...measure, aggregation: a as ChartMeasure['aggregation'] })}
          allowDeselect={false}
          style={{ flex: 1 }}
        />
      )}
      {onRemove && (
        <ActionIcon variant="subtle" color="gray" mb={4} onClick={onRemove} aria-label={t('chart.editor.viz.remove')}>
          <IconX size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

interface DimensionProps {
  chart: ChartData;
  fields: TableField[];
  label: string;
  index: number;
  dimension: ChartDimension | undefined;
  onChange: (d: ChartDimension | null) => void;
  clearable?: boolean;
}

export function DimensionEditor({ chart, fields, label, index, dimension, onChange, clearable }: DimensionProps) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const field = fields.find((f) => f.name === dimension?.name);
  const offered = binningOffered(chart, field, index);
  const binning = dimension?.binning ?? null;
  const [binsText, setBinsText] = useState(binning?.type === 'custom' ? formatCustomBins(binning.bins) : '');
  const parsed = binning?.type === 'custom' ? parseCustomBins(binsText) : null;
  const binsError = parsed && 'error' in parsed ? t(`chart.messages.${parsed.error.key}`, parsed.error.params ?? {}) : undefined;
  const setBinning = (kind: string) => {
    if (!dimension) return;
    if (kind === 'none') return onChange({ ...dimension, binning: null });
    const next = defaultBinning(kind as 'interval' | 'custom');
    if (next.type === 'custom') setBinsText(formatCustomBins(next.bins));
    onChange({ ...dimension, binning: next });
  };
  return (
    <Stack gap={6} data-dimension={dimension?.name ?? ''}>
      <Select
        label={label}
        data={fieldOptions(fields, (f) => dimensionFieldDisabled(chart, f, index))}
        value={dimension?.name ?? null}
        onChange={(name) => onChange(name ? { ...dimension, name, binning: null } : null)}
        searchable
        clearable={clearable}
        // Mantine hides the clear button from assistive technology; it is the only way to clear with a pointer, so it gets a name.
        clearButtonProps={{ 'aria-label': t('chart.editor.viz.clear', { label }), 'aria-hidden': false }}
      />
      {offered && dimension && (
        <>
          <SegmentedControl
            size="xs"
            aria-label={t('chart.editor.viz.binning')}
            value={binning?.type ?? 'none'}
            onChange={setBinning}
            data={[
              { value: 'none', label: t('chart.editor.viz.noBinning') },
              { value: 'interval', label: t('chart.editor.viz.interval') },
              { value: 'custom', label: t('chart.editor.viz.custom') },
            ]}
          />
          {binning?.type === 'interval' && (
            <NumberInput
              size="xs"
              label={t('chart.editor.viz.binSize')}
              value={binning.binSize}
              min={0}
              onChange={(v) => typeof v === 'number' && v > 0 && onChange({ ...dimension, binning: { type: 'interval', binSize: v } })}
            />
          )}
          {binning?.type === 'custom' && (
            <TextInput
              size="xs"
              label={t('chart.editor.viz.bins')}
              value={binsText}
              error={binsError}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setBinsText(text);
                const result = parseCustomBins(text);
                if ('bins' in result) onChange({ ...dimension, binning: { type: 'custom', bins: result.bins } });
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}
