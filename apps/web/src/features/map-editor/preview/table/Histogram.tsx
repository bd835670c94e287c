/**
 * Histogram of one numeric link attribute of the table's links (spec 2 §2, §9): 20/50/100 bins, 200 px high,
 * with a brush that filters the table; Keep Only Brushed narrows the selection, Clear Filter drops the brush.
 */
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { NetworkLink } from '@corridor/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NUMERIC_FIELDS, type NumericField } from '../link/linkForm.ts';
import { BIN_OPTIONS, binLabel, binValues, DEFAULT_BINS, HISTOGRAM_HEIGHT, idsInBins, type BinCount } from './binning.ts';
import HistogramChart from './HistogramChart.tsx';

interface HistogramProps {
  links: readonly NetworkLink[];
  /** The links inside the brush, or null when there is none. */
  onBrush: (ids: ReadonlySet<string> | null) => void;
  onKeepOnly: (ids: ReadonlySet<string>) => void;
}

export function Histogram({ links, onBrush, onKeepOnly }: HistogramProps) {
  const { t } = useTranslation('editor');
  const [field, setField] = useState<NumericField>('capacity');
  const [bins, setBins] = useState<BinCount>(DEFAULT_BINS);
  const [brushed, setBrushed] = useState<ReadonlySet<string> | null>(null);
  const [clearSeq, setClearSeq] = useState(0);
  const binning = useMemo(() => binValues(links.map((link) => link[field]), bins), [links, field, bins]);
  const labels = useMemo(() => binning.counts.map((_, index) => binLabel(binning, index)), [binning]);

  const setBrush = (ids: ReadonlySet<string> | null) => {
    setBrushed(ids);
    onBrush(ids);
  };
  const clear = () => {
    setClearSeq((seq) => seq + 1);
    setBrush(null);
  };
  const keepOnly = () => {
    if (brushed) onKeepOnly(brushed);
    clear();
  };

  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <Select
          size="xs"
          w={200}
          label={t('panels.histogram.attribute')}
          allowDeselect={false}
          data={NUMERIC_FIELDS.map((value) => ({ value, label: t(`panels.fields.${value}`) }))}
          value={field}
          onChange={(value) => {
            // Other bars: an old brush no longer means anything.
            if (value) setField(value as NumericField);
            clear();
          }}
        />
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            {t('panels.histogram.bins')}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label={t('panels.histogram.bins')}
            data={BIN_OPTIONS.map((value) => String(value))}
            value={String(bins)}
            onChange={(value) => {
              setBins(Number(value) as BinCount);
              clear();
            }}
          />
        </Stack>
        <Button size="xs" variant="default" disabled={!brushed || brushed.size === 0} onClick={keepOnly}>
          {t('panels.histogram.keepOnlyBrushed')}
        </Button>
        <Button size="xs" variant="default" disabled={!brushed} onClick={clear}>
          {t('panels.histogram.clearFilter')}
        </Button>
      </Group>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">{t('panels.histogram.noValues')}</Text>
      ) : (
        <HistogramChart
          labels={labels}
          counts={binning.counts}
          height={HISTOGRAM_HEIGHT}
          seriesName={t('panels.histogram.links')}
          clearSeq={clearSeq}
          onBrush={(selected) =>
            setBrush(selected && idsInBins(links, (link) => link[field], (link) => link.id, binning, selected))
          }
        />
      )}
    </Stack>
  );
}
