import type { VisAttributeType } from '@corridor/contract';
import { Stack, Switch, Text } from '@mantine/core';
import { useMemo } from 'react';
import { dataRange } from '../apply.ts';
import { chooseNetworkColor, chooseVehicleColor, colorTypesFor, DEFAULT_NAN_COLOR } from '../presets.ts';
import { switchColorType } from '../switchType.ts';
import type { ColorChoice, ColorStrategy, ColorStrategyOf } from '../types.ts';
import { AttributeSelect } from './AttributeSelect.tsx';
import { BinListEditor } from './BinListEditor.tsx';
import { BoundsFields } from './BoundsFields.tsx';
import { HexColorInput } from './HexColorInput.tsx';
import { LabelledSlider } from './LabelledSlider.tsx';
import { SchemePicker } from './SchemePicker.tsx';
import { StrategyTypeSelect } from './StrategyTypeSelect.tsx';
import { useStyleT } from './useStyleT.ts';

export interface ColorStrategyEditorProps {
  value: ColorChoice;
  onChange: (value: ColorChoice) => void;
  /** The properties offered, by name. */
  attributes: Record<string, VisAttributeType>;
  /** The loaded values of a property (data range, fresh bins). */
  valuesOf?: (attribute: string) => Float32Array | null;
  /** The values of a text property (its categories). */
  categoriesOf?: (attribute: string) => readonly string[] | undefined;
  /** Whose presets apply when a property is chosen (spec 3 §4). */
  presets?: 'network' | 'vehicles';
}

/** A colour setting: property, style by the property's type, and the style's own fields. */
export function ColorStrategyEditor({ value, onChange, attributes, valuesOf, categoriesOf, presets = 'network' }: ColorStrategyEditorProps) {
  const t = useStyleT();
  const { attribute, strategy } = value;
  const values = attribute ? (valuesOf?.(attribute) ?? null) : null;
  const range = useMemo(() => dataRange(values), [values]);
  const categories = attribute ? categoriesOf?.(attribute) : undefined;
  const type = attribute ? attributes[attribute] : undefined;
  const setStrategy = (next: ColorStrategy) => onChange({ ...value, strategy: next });

  const choose = (next: string | null) => {
    const info = { attribute: next, type: next ? attributes[next] : undefined, categories: next ? categoriesOf?.(next) : undefined };
    onChange(presets === 'vehicles' ? chooseVehicleColor(value, info) : chooseNetworkColor(value, info));
  };
  const types = colorTypesFor(attribute ? (type ?? null) : null);

  return (
    <Stack gap="sm">
      <AttributeSelect value={attribute} onChange={choose} attributes={attributes} />
      {attribute && (
        <StrategyTypeSelect
          types={types}
          value={strategy.type}
          labelOf={(k) => t(`colorTypes.${k}`)}
          onChange={(k) => setStrategy(switchColorType(strategy, k, { fixedColor: value.fixedColor, range, categories }))}
        />
      )}
      <StrategyFields strategy={strategy} onChange={setStrategy} range={range} categories={categories} onFixed={(color) => onChange({ ...value, strategy: { type: 'const', color }, fixedColor: color })} />
    </Stack>
  );
}

interface FieldsProps {
  strategy: ColorStrategy;
  onChange: (strategy: ColorStrategy) => void;
  onFixed: (color: string) => void;
  range: { min: number; max: number } | null;
  categories: readonly string[] | undefined;
}

function StrategyFields({ strategy, onChange, onFixed, range, categories }: FieldsProps) {
  const t = useStyleT();
  switch (strategy.type) {
    case 'const':
      return <HexColorInput label={t('color')} value={strategy.color} onChange={onFixed} />;
    case 'value':
      return (
        <Stack gap="sm">
          <SchemePicker value={strategy.colorScheme} onChange={(colorScheme) => onChange({ ...strategy, colorScheme })} />
          <LabelledSlider label={t('opacity')} value={strategy.opacity} min={0} max={255} onChange={(opacity) => onChange({ ...strategy, opacity })} />
          <BoundsFields
            custom={strategy.customBounds}
            min={strategy.min}
            max={strategy.max}
            range={range}
            onChange={({ custom, min, max }) => onChange({ ...strategy, customBounds: custom, min, max })}
          />
          <Switch size="xs" label={t('centered')} checked={!!strategy.centered} onChange={(e) => onChange({ ...strategy, centered: e.currentTarget.checked })} />
          <HexColorInput size="xs" label={t('nanColor')} value={strategy.nanColor} onChange={(nanColor) => onChange({ ...strategy, nanColor })} />
        </Stack>
      );
    case 'quantile':
      return (
        <Stack gap="sm">
          <SchemePicker value={strategy.colorScheme} onChange={(colorScheme) => onChange({ ...strategy, colorScheme })} />
          <LabelledSlider label={t('opacity')} value={strategy.opacity} min={0} max={255} onChange={(opacity) => onChange({ ...strategy, opacity })} />
        </Stack>
      );
    case 'bin':
      return <BinListEditor kind="color" value={strategy} onChange={onChange} />;
    case 'category':
      return <CategoryColors strategy={strategy} onChange={onChange} categories={categories} />;
  }
}

/** One colour per category (the known ones and those the strategy already has), and the colour without a value. */
function CategoryColors({
  strategy,
  onChange,
  categories,
}: {
  strategy: ColorStrategyOf<'category'>;
  onChange: (strategy: ColorStrategy) => void;
  categories: readonly string[] | undefined;
}) {
  const t = useStyleT();
  const names = [...new Set([...(categories ?? []), ...Object.keys(strategy.values)])];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('categories')}
      </Text>
      {names.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('noCategories')}
        </Text>
      )}
      {names.map((name) => (
        <HexColorInput
          key={name}
          size="xs"
          label={name}
          aria-label={t('categoryColor', { name })}
          value={strategy.values[name] ?? strategy.nanColor ?? DEFAULT_NAN_COLOR}
          onChange={(color) => onChange({ ...strategy, values: { ...strategy.values, [name]: color } })}
        />
      ))}
      <HexColorInput size="xs" label={t('nanColor')} value={strategy.nanColor} onChange={(nanColor) => onChange({ ...strategy, nanColor })} />
    </Stack>
  );
}
