import { Group, Stack, Switch, Text } from '@mantine/core';
import { NumberField } from './NumberField.tsx';
import { useStyleT } from './useStyleT.ts';

interface Props {
  custom: boolean;
  min: number;
  max: number;
  /** The data's range, shown as a hint and taken as the start of custom bounds. */
  range: { min: number; max: number } | null;
  onChange: (next: { custom: boolean; min: number; max: number }) => void;
  minLabel?: string;
  maxLabel?: string;
}

const format = (n: number) => (Number.isInteger(n) ? String(n) : n.toPrecision(4));

/** "Custom bounds" on or off, with min and max while on, and the data's range. */
export function BoundsFields({ custom, min, max, range, onChange, minLabel, maxLabel }: Props) {
  const t = useStyleT();
  return (
    <Stack gap={6}>
      <Switch
        size="xs"
        label={t('customBounds')}
        checked={custom}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          onChange(on && !custom && range ? { custom: on, ...range } : { custom: on, min, max });
        }}
      />
      {custom && (
        <Group grow gap="xs">
          <NumberField size="xs" label={minLabel ?? t('min')} value={min} onChange={(n) => onChange({ custom, min: n, max })} />
          <NumberField size="xs" label={maxLabel ?? t('max')} value={max} onChange={(n) => onChange({ custom, min, max: n })} />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {range ? t('dataRange', { min: format(range.min), max: format(range.max) }) : t('noData')}
      </Text>
    </Stack>
  );
}
