import { Slider, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
}

/** A slider with a visible label that also names its thumb for screen readers; arrow keys move it by a step. */
export function LabelledSlider({ label, value, onChange, min, max, step = 1 }: Props) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text id={id} size="sm" fw={500}>
        {label}: {value}
      </Text>
      <Slider aria-labelledby={id} thumbLabel={label} value={value} onChange={onChange} min={min} max={max} step={step} label={null} />
    </Stack>
  );
}
