import { ActionIcon, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { binErrors, canDeleteBin, deleteBin } from '../bins.ts';
import { NumberField } from './NumberField.tsx';
import { useStyleT } from './useStyleT.ts';

export interface BinExtra {
  key: string;
  label: string;
  on: boolean;
  toggle: (on: boolean) => void;
  /** The colour or number input shown while the option is on. */
  field: ReactNode;
}

interface Props<B extends { value: number }> {
  bins: readonly B[];
  onBins: (bins: B[]) => void;
  insert: (bins: readonly B[], index: number) => B[];
  /** The colour or number of bin i (from bound i to bound i + 1). */
  field: (bin: B, index: number) => ReactNode;
  extras: BinExtra[];
}

/**
 * A bin list (spec 3 §5): one row per bound with its value (marked when not above the one before), the bin's colour
 * or number between it and the next bound, add buttons before the first and after each bound, delete from three
 * bounds on; then the below/above/NaN options.
 */
export function BinRows<B extends { value: number }>({ bins, onBins, insert, field, extras }: Props<B>) {
  const t = useStyleT();
  const errors = binErrors(bins);
  const deletable = canDeleteBin(bins);
  const setValue = (index: number, value: number) => onBins(bins.map((b, i) => (i === index ? { ...b, value } : b)));
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('bins.title')}
        </Text>
        <ActionIcon variant="subtle" size="sm" aria-label={t('bins.addFirst')} title={t('bins.addFirst')} onClick={() => onBins(insert(bins, 0))}>
          <IconPlus size={14} />
        </ActionIcon>
      </Group>
      {bins.map((bin, i) => {
        const n = i + 1;
        return (
          <Group key={i} gap={6} align="flex-start" wrap="nowrap">
            <NumberField
              size="xs"
              style={{ flex: 1 }}
              aria-label={t('bins.bound', { n })}
              value={bin.value}
              onChange={(value) => setValue(i, value)}
              error={errors[i] ? t('bins.notIncreasing') : undefined}
            />
            <div style={{ flex: 1 }}>{i < bins.length - 1 && field(bin, i)}</div>
            <ActionIcon variant="subtle" size="sm" mt={4} aria-label={t('bins.addAfter', { n })} title={t('bins.addAfter', { n })} onClick={() => onBins(insert(bins, i + 1))}>
              <IconPlus size={14} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              mt={4}
              disabled={!deletable}
              aria-label={t('bins.delete', { n })}
              title={deletable ? t('bins.delete', { n }) : t('bins.atLeastTwo')}
              onClick={() => onBins(deleteBin(bins, i))}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        );
      })}
      {extras.map((extra) => (
        <Group key={extra.key} gap={6} wrap="nowrap" align="center">
          <Switch size="xs" style={{ flex: 1 }} label={extra.label} checked={extra.on} onChange={(e) => extra.toggle(e.currentTarget.checked)} />
          {extra.on && <div style={{ flex: 1 }}>{extra.field}</div>}
        </Group>
      ))}
    </Stack>
  );
}
