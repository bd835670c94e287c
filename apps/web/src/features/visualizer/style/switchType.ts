/** A strategy of another type, started from what the setting knows (spec 3 §4: the type select of the editors). */
import { binsOverRange } from './bins.ts';
import { toHex } from './color.ts';
import { categoryStrategy, DEFAULT_NAN_COLOR, OPAQUE } from './presets.ts';
import { FIRST_SCHEME, schemeSamples } from './schemes.ts';
import type { ColorStrategy, ColorStrategyType, NumberStrategy, NumberStrategyType } from './types.ts';

export interface StrategyContext {
  /** The last fixed colour or number. */
  fixedColor?: string;
  fixedValue?: number;
  /** The data's smallest and largest value, when known. */
  range?: { min: number; max: number } | null;
  categories?: readonly string[];
}

/** Colours for `count` bins spread over the first scheme. */
function binColors(count: number): string[] {
  const samples = schemeSamples(FIRST_SCHEME, Math.max(2, count));
  return Array.from({ length: count }, (_, i) => toHex([samples[i * 4]!, samples[i * 4 + 1]!, samples[i * 4 + 2]!]));
}

export function switchColorType(current: ColorStrategy, type: ColorStrategyType, context: StrategyContext = {}): ColorStrategy {
  if (current.type === type) return current;
  const scheme = 'colorScheme' in current ? current.colorScheme : FIRST_SCHEME;
  const opacity = 'opacity' in current ? current.opacity : OPAQUE;
  switch (type) {
    case 'const':
      return { type, color: context.fixedColor ?? '#808080' };
    case 'value': {
      const range = context.range ?? { min: 0, max: 1 };
      return { type, colorScheme: scheme, customBounds: false, ...range, opacity, nanColor: DEFAULT_NAN_COLOR };
    }
    case 'quantile':
      return { type, colorScheme: scheme, opacity };
    case 'bin': {
      const values = binsOverRange(context.range ?? null);
      const colors = binColors(values.length - 1);
      return { type, bins: values.map((value, i) => ({ value, color: colors[Math.min(i, colors.length - 1)]! })) };
    }
    case 'category':
      return categoryStrategy(context.categories ?? []);
  }
}

export function switchNumberType(current: NumberStrategy, type: NumberStrategyType, context: StrategyContext = {}): NumberStrategy {
  if (current.type === type) return current;
  const range = context.range ?? { min: 0, max: 1 };
  switch (type) {
    case 'const':
      return { type, value: context.fixedValue ?? 1 };
    case 'rescale':
      return { type, min: 1, max: 10, customBounds: false, inputMin: range.min, inputMax: range.max, nan: 1 };
    case 'bin': {
      const values = binsOverRange(context.range ?? null);
      return { type, bins: values.map((value, i) => ({ value, number: Math.min(i + 1, values.length - 1) * 2 })) };
    }
  }
}
