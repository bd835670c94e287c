import type { VisAttributeType } from '@corridor/contract';
import { Select } from '@mantine/core';
import { useStyleT } from './useStyleT.ts';

const NONE = '\u0000none';

/** The property a style follows, "None (fixed)" first. */
export function AttributeSelect({
  value,
  onChange,
  attributes,
}: {
  value: string | null;
  onChange: (attribute: string | null) => void;
  attributes: Record<string, VisAttributeType>;
}) {
  const t = useStyleT();
  const names = Object.keys(attributes).sort((a, b) => a.localeCompare(b));
  const data = [{ value: NONE, label: t('none') }, ...names.map((name) => ({ value: name, label: name }))];
  return (
    <Select
      label={t('property')}
      data={data}
      value={value ?? NONE}
      allowDeselect={false}
      searchable={names.length > 10}
      onChange={(next) => onChange(next === null || next === NONE ? null : next)}
    />
  );
}
