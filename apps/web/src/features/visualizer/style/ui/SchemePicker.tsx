import { Group, Select, Stack, Text } from '@mantine/core';
import { CATEGORICAL_SCHEMES, type ColorScheme, CONTINUOUS_SCHEMES, INTERPOLATIONS, type Interpolation } from '../types.ts';
import { HexColorInput } from './HexColorInput.tsx';
import { SchemePreview } from './SchemePreview.tsx';
import { useStyleT } from './useStyleT.ts';

const CUSTOM = 'custom';
const NEW_CUSTOM: ColorScheme = { type: 'custom', minColor: '#f7fbff', maxColor: '#08306b', interpolation: 'rgb' };

/** A scheme choice with a 512-sample preview of each scheme, and the colours of a user-defined one. */
export function SchemePicker({ value, onChange }: { value: ColorScheme; onChange: (scheme: ColorScheme) => void }) {
  const t = useStyleT();
  const selected = typeof value === 'string' ? value : CUSTOM;
  const data = [
    { group: t('schemeGroups.continuous'), items: [...CONTINUOUS_SCHEMES] },
    { group: t('schemeGroups.categorical'), items: [...CATEGORICAL_SCHEMES] },
    { group: t('schemeGroups.custom'), items: [{ value: CUSTOM, label: t('customScheme') }] },
  ];
  return (
    <Stack gap={6}>
      <Select
        label={t('scheme')}
        data={data}
        value={selected}
        allowDeselect={false}
        maxDropdownHeight={320}
        onChange={(next) => {
          if (!next || next === selected) return;
          onChange(next === CUSTOM ? NEW_CUSTOM : (next as ColorScheme));
        }}
        renderOption={({ option }) => (
          <Stack gap={2} style={{ width: '100%' }}>
            <Text size="sm">{option.label}</Text>
            <SchemePreview scheme={option.value === CUSTOM ? typeof value === 'string' ? NEW_CUSTOM : value : (option.value as ColorScheme)} label={option.label} height={8} />
          </Stack>
        )}
      />
      <SchemePreview scheme={value} label={typeof value === 'string' ? value : t('customScheme')} />
      {typeof value !== 'string' && (
        <Group grow gap="xs" align="flex-end">
          <HexColorInput size="xs" label={t('minColor')} value={value.minColor} onChange={(minColor) => onChange({ ...value, minColor })} />
          <HexColorInput size="xs" label={t('maxColor')} value={value.maxColor} onChange={(maxColor) => onChange({ ...value, maxColor })} />
          <Select
            size="xs"
            label={t('interpolation')}
            allowDeselect={false}
            data={INTERPOLATIONS.map((i) => ({ value: i, label: t(`interpolations.${i}`) }))}
            value={value.interpolation}
            onChange={(next) => next && onChange({ ...value, interpolation: next as Interpolation })}
          />
        </Group>
      )}
    </Stack>
  );
}
