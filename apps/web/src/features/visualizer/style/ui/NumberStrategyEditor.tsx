import type { VisAttributeType } from '@corridor/contract';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { dataRange } from '../apply.ts';
import { chooseWidth, isNumeric, LINE_WIDTH_MAX_PIXELS, numberTypesFor } from '../presets.ts';
import { switchNumberType } from '../switchType.ts';
import { type NumberChoice, type NumberStrategy, SizeUnit } from '../types.ts';
import { AttributeSelect } from './AttributeSelect.tsx';
import { BinListEditor } from './BinListEditor.tsx';
import { BoundsFields } from './BoundsFields.tsx';
import { NumberField } from './NumberField.tsx';
import { StrategyTypeSelect } from './StrategyTypeSelect.tsx';
import { useStyleT } from './useStyleT.ts';

export interface NumberStrategyEditorProps {
  value: NumberChoice;
  onChange: (value: NumberChoice) => void;
  /** The properties offered, by name (only numeric ones are listed). */
  attributes: Record<string, VisAttributeType>;
  valuesOf?: (attribute: string) => Float32Array | null;
  /** Offer Pixels or Meters (line width). */
  withUnit?: boolean;
}

/** A number setting (line width): property, fixed / rescale / bins, and the unit. */
export function NumberStrategyEditor({ value, onChange, attributes, valuesOf, withUnit = true }: NumberStrategyEditorProps) {
  const t = useStyleT();
  const unitLabel = useId();
  const { attribute, strategy } = value;
  const numeric = useMemo(() => Object.fromEntries(Object.entries(attributes).filter(([, type]) => isNumeric(type))), [attributes]);
  const values = attribute ? (valuesOf?.(attribute) ?? null) : null;
  const range = useMemo(() => dataRange(values), [values]);
  const types = numberTypesFor(attribute ? (numeric[attribute] ?? null) : null);
  const setStrategy = (next: NumberStrategy) => onChange({ ...value, strategy: next });

  return (
    <Stack gap="sm">
      <AttributeSelect value={attribute} onChange={(next) => onChange(chooseWidth(value, next))} attributes={numeric} />
      {attribute && (
        <StrategyTypeSelect
          types={types}
          value={strategy.type}
          labelOf={(k) => t(`numberTypes.${k}`)}
          onChange={(k) => setStrategy(switchNumberType(strategy, k, { fixedValue: value.fixedValue, range }))}
        />
      )}
      {strategy.type === 'const' && (
        <NumberField
          label={t('width')}
          min={0}
          max={LINE_WIDTH_MAX_PIXELS}
          value={strategy.value}
          onChange={(n) => onChange({ ...value, strategy: { type: 'const', value: n }, fixedValue: n })}
        />
      )}
      {strategy.type === 'rescale' && (
        <Stack gap="sm">
          <Group grow gap="xs">
            <NumberField size="xs" min={0} label={t('widthMin')} value={strategy.min} onChange={(min) => setStrategy({ ...strategy, min })} />
            <NumberField size="xs" min={0} label={t('widthMax')} value={strategy.max} onChange={(max) => setStrategy({ ...strategy, max })} />
          </Group>
          <BoundsFields
            custom={strategy.customBounds}
            min={strategy.inputMin}
            max={strategy.inputMax}
            range={range}
            minLabel={t('inputMin')}
            maxLabel={t('inputMax')}
            onChange={({ custom, min, max }) => setStrategy({ ...strategy, customBounds: custom, inputMin: min, inputMax: max })}
          />
          <NumberField size="xs" min={0} label={t('nanWidth')} value={strategy.nan} onChange={(nan) => setStrategy({ ...strategy, nan })} />
        </Stack>
      )}
      {strategy.type === 'bin' && <BinListEditor kind="number" value={strategy} onChange={setStrategy} />}
      {withUnit && (
        <Stack gap={2}>
          <Text id={unitLabel} size="sm" fw={500}>
            {t('unit')}
          </Text>
          <SegmentedControl
            aria-labelledby={unitLabel}
            size="xs"
            value={value.unit}
            data={SizeUnit.options.map((u) => ({ value: u, label: t(`units.${u}`) }))}
            onChange={(unit) => onChange({ ...value, unit: unit as SizeUnit })}
          />
        </Stack>
      )}
    </Stack>
  );
}
