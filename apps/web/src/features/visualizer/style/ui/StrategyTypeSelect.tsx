import { Select } from '@mantine/core';
import { useStyleT } from './useStyleT.ts';

/** The style select: offered only when there is a choice (more than one type for the property). */
export function StrategyTypeSelect<T extends string>({
  types,
  value,
  labelOf,
  onChange,
}: {
  types: readonly T[];
  value: T;
  labelOf: (type: T) => string;
  onChange: (type: T) => void;
}) {
  const t = useStyleT();
  if (types.length < 2) return null;
  return (
    <Select
      label={t('strategy')}
      allowDeselect={false}
      data={types.map((k) => ({ value: k, label: labelOf(k) }))}
      value={value}
      onChange={(next) => next && onChange(next as T)}
    />
  );
}
