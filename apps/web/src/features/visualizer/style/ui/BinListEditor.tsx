import { COLOR_EXTRA_DEFAULTS, type ColorExtra, insertColorBin, insertNumberBin, NUMBER_EXTRA_DEFAULT, type NumberExtra, toggleColorExtra, toggleNumberExtra } from '../bins.ts';
import type { ColorStrategyOf, NumberStrategyOf } from '../types.ts';
import { BinRows } from './BinRows.tsx';
import { HexColorInput } from './HexColorInput.tsx';
import { NumberField } from './NumberField.tsx';
import { useStyleT } from './useStyleT.ts';

export type BinListEditorProps =
  | { kind: 'color'; value: ColorStrategyOf<'bin'>; onChange: (value: ColorStrategyOf<'bin'>) => void }
  | { kind: 'number'; value: NumberStrategyOf<'bin'>; onChange: (value: NumberStrategyOf<'bin'>) => void };

type ExtraText = 'negInf' | 'inf' | 'nan';
const COLOR_EXTRAS: [ColorExtra, ExtraText][] = [
  ['negInfColor', 'negInf'],
  ['infColor', 'inf'],
  ['nanColor', 'nan'],
];
const NUMBER_EXTRAS: [NumberExtra, ExtraText][] = [
  ['negInf', 'negInf'],
  ['inf', 'inf'],
  ['nan', 'nan'],
];

/** Bins of colours or of numbers with every rule of spec 3 §5. */
export function BinListEditor(props: BinListEditorProps) {
  return props.kind === 'color' ? <ColorBins {...props} /> : <NumberBins {...props} />;
}

function ColorBins({ value, onChange }: Extract<BinListEditorProps, { kind: 'color' }>) {
  const t = useStyleT();
  return (
    <BinRows
      bins={value.bins}
      onBins={(bins) => onChange({ ...value, bins })}
      insert={insertColorBin}
      field={(bin, i) => (
        <HexColorInput
          size="xs"
          aria-label={t('bins.colorOf', { from: i + 1, to: i + 2 })}
          value={bin.color} onChange={(color) => onChange({ ...value, bins: value.bins.map((b, j) => (j === i ? { ...b, color } : b)) })} />
      )}
      extras={COLOR_EXTRAS.map(([key, text]) => ({
        key,
        label: t(`bins.${text}`),
        on: value[key] !== undefined,
        toggle: (on: boolean) => onChange(toggleColorExtra(value, key, on)),
        field: <HexColorInput size="xs" aria-label={t(`bins.${text}`)} value={value[key] ?? COLOR_EXTRA_DEFAULTS[key]} onChange={(color) => onChange({ ...value, [key]: color })} />,
      }))}
    />
  );
}

function NumberBins({ value, onChange }: Extract<BinListEditorProps, { kind: 'number' }>) {
  const t = useStyleT();
  return (
    <BinRows
      bins={value.bins}
      onBins={(bins) => onChange({ ...value, bins })}
      insert={insertNumberBin}
      field={(bin, i) => (
        <NumberField
          size="xs"
          min={0}
          aria-label={t('bins.numberOf', { from: i + 1, to: i + 2 })}
          value={bin.number}
          onChange={(number) => onChange({ ...value, bins: value.bins.map((b, j) => (j === i ? { ...b, number } : b)) })}
        />
      )}
      extras={NUMBER_EXTRAS.map(([key, text]) => ({
        key,
        label: t(`bins.${text}`),
        on: value[key] !== undefined,
        toggle: (on: boolean) => onChange(toggleNumberExtra(value, key, on)),
        field: <NumberField size="xs" min={0} aria-label={t(`bins.${text}Value`)} value={value[key] ?? NUMBER_EXTRA_DEFAULT} onChange={(n) => onChange({ ...value, [key]: n })} />,
      }))}
    />
  );
}
