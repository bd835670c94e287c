/**
 * Chart Settings: comparison across the dashboard's datasets, restricted filters, and the collapsible Styling
 * Options (stacked, horizontal, legend, labels, smooth lines, axis styles).
 */
import type { ChartOptions } from '@corridor/contract';
import { Button, Collapse, Stack, Switch } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARDS_NS } from '../../i18n/index.ts';
import type { ChartData } from '../types.ts';
import { AxisStyleEditor, BinnedAxisStyleEditor } from './AxisStyleEditor.tsx';
import { hasXAxisChoice, setDimension, setMeasure } from './draft.ts';

export function SettingsSection({ chart, onChange }: { chart: ChartData; onChange: (chart: ChartData) => void }) {
  const { t } = useTranslation(DASHBOARDS_NS);
  const [open, { toggle }] = useDisclosure(false);
  const { options, measures, dimensions } = chart.config;
  const setOption = (patch: Partial<ChartOptions>) => onChange({ ...chart, config: { ...chart.config, options: { ...options, ...patch } } });
  const toggleOption = (key: keyof ChartOptions, label: string) => (
    <Switch size="sm" label={label} checked={Boolean(options[key])} onChange={(e) => setOption({ [key]: e.currentTarget.checked })} />
  );
  const type = chart.type;
  const cartesian = hasXAxisChoice(type) || type === 'boxplot';
  const dimension = dimensions[0];
  return (
    <Stack gap="sm">
      {toggleOption('compare', t('chart.editor.settings.compare'))}
      {toggleOption('restricted', t('chart.editor.settings.restricted'))}
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={toggle}
        leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={open}
      >
        {t('chart.editor.settings.styling')}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="sm">
          {(hasXAxisChoice(type) || type === 'radial') && toggleOption('stacked', t('chart.editor.settings.stacked'))}
          {cartesian && toggleOption('horizontal', t('chart.editor.settings.horizontal'))}
          {type !== 'table' && toggleOption('showLegend', t('chart.editor.settings.legend'))}
          {type !== 'table' && toggleOption('showLabels', t('chart.editor.settings.labels'))}
          {(type === 'line' || type === 'area') && toggleOption('smooth', t('chart.editor.settings.smooth'))}
          {type === 'scatter'
            ? measures.slice(0, 2).map((m, i) => (
                <AxisStyleEditor
                  key={m.name + String(i)}
                  legend={t(i === 0 ? 'chart.editor.settings.xAxisStyle' : 'chart.editor.settings.yAxisStyle')}
                  style={m.axisStyle}
                  onChange={(axisStyle) => onChange(setMeasure(chart, i, { ...m, axisStyle }))}
                />
              ))
            : measures[0] &&
              type !== 'table' && (
                <AxisStyleEditor
                  legend={t('chart.editor.settings.valueAxis')}
                  style={measures[0].axisStyle}
                  onChange={(axisStyle) => onChange(setMeasure(chart, 0, { ...measures[0]!, axisStyle }))}
                />
              )}
          {dimension && (dimension.binning || (hasXAxisChoice(type) && options.xAxis === 'numeric')) && (
            <BinnedAxisStyleEditor style={dimension.binnedAxisStyle} onChange={(binnedAxisStyle) => onChange(setDimension(chart, 0, { ...dimension, binnedAxisStyle }))} />
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}
