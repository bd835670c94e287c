import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

type Props = Omit<NumberInputProps, 'value' | 'onChange'> & { value: number; onChange: (value: number) => void };

/**
 * A number input that passes on only finite numbers, and lets a half-typed one ('-', '8.') stand until it is
 * one; on leaving it shows the value again.
 */
export function NumberField({ value, onChange, onBlur, ...props }: Props) {
  const [draft, setDraft] = useState<string | number>(value);
  useEffect(() => setDraft((d) => (Number(d) === value && d !== '' ? d : value)), [value]);
  return (
    <NumberInput
      {...props}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        const n = typeof next === 'number' ? next : Number(next);
        if (next !== '' && Number.isFinite(n)) onChange(n);
      }}
      onBlur={(event) => {
        setDraft(value);
        onBlur?.(event);
      }}
    />
  );
}
