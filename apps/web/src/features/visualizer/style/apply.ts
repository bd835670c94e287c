/**
 * Strategies applied to a layer's values: one RGBA quadruple or one number per item, in typed arrays (a million
 * links or vehicle points without an object each). `values` holds one number per item (NaN: no value; for a text
 * attribute the index into `categories`); null when the layer has none loaded (yet).
 */
import { parseHex, type Rgba } from './color.ts';
import { quantileClasses } from './quantile.ts';
import { SCHEME_SAMPLES, schemeSamples } from './schemes.ts';
import type { ColorStrategy, ColorStrategyOf, NumberStrategy, NumberStrategyOf } from './types.ts';

const BELOW = -1;
const ABOVE = -2;
const NAN = -3;

/** The bin of v for boundaries b (increasing): i for b[i] ≤ v < b[i+1] (the last bin includes its upper end). */
export function binOf(b: Float64Array, v: number): number {
  if (Number.isNaN(v)) return NAN;
  const last = b.length - 1;
  if (v < b[0]!) return BELOW;
  if (v > b[last]!) return ABOVE;
  if (v === b[last]) return last - 1;
  let lo = 0;
  let hi = last;
  // b[lo] ≤ v < b[hi]
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (v < b[mid]!) hi = mid;
    else lo = mid;
  }
  return lo;
}

/** The smallest and largest finite value (null when there is none). */
export function dataRange(values: ArrayLike<number> | null, count = values?.length ?? 0): { min: number; max: number } | null {
  if (!values) return null;
  let min = Infinity;
  let max = -Infinity;
  const n = Math.min(count, values.length);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v < min && v > -Infinity) min = v;
    if (v > max && v < Infinity) max = v;
  }
  return min <= max ? { min, max } : null;
}

/** Position of v between lo and hi in [0, 1] (0.5 when the two are equal). */
const fraction = (v: number, lo: number, hi: number) => (hi === lo ? 0.5 : Math.min(1, Math.max(0, (v - lo) / (hi - lo))));

function bounds(custom: boolean, min: number, max: number, values: Float32Array, count: number) {
  if (custom) return { min, max };
  return dataRange(values, count) ?? { min, max };
}

/** The bounds −m…m around 0, m the larger of |min| and |max| (1 when both are 0): a diverging scheme's white is at 0. */
export function centeredBounds({ min, max }: { min: number; max: number }): { min: number; max: number } {
  const m = Math.max(Math.abs(min), Math.abs(max)) || 1;
  return { min: -m, max: m };
}

/** The value strategy's bounds: custom or the data's range, centred at 0 when asked. */
export function valueBounds(s: ColorStrategyOf<'value'>, values: Float32Array | null, count: number): { min: number; max: number } {
  const plain = s.customBounds || !values ? { min: s.min, max: s.max } : (dataRange(values, count) ?? { min: s.min, max: s.max });
  return s.centered ? centeredBounds(plain) : plain;
}

/** RGBA packed into one 32-bit word in the platform's byte order (to fill a Uint32Array view). */
function pack(c: Rgba): number {
  const bytes = new Uint8Array(c);
  return new Uint32Array(bytes.buffer)[0]!;
}

/** The 512-sample lookup table of a scheme as packed words with the given opacity. */
function schemeTable(scheme: Parameters<typeof schemeSamples>[0], opacity: number): Uint32Array {
  const samples = schemeSamples(scheme, SCHEME_SAMPLES);
  const table = new Uint32Array(SCHEME_SAMPLES);
  for (let i = 0; i < SCHEME_SAMPLES; i++) {
    table[i] = pack([samples[i * 4]!, samples[i * 4 + 1]!, samples[i * 4 + 2]!, opacity]);
  }
  return table;
}

const LAST_SAMPLE = SCHEME_SAMPLES - 1;

type Fill = (words: Uint32Array, values: Float32Array, count: number, categories?: readonly string[]) => void;

const colorFills: { [T in Exclude<ColorStrategy['type'], 'const'>]: (s: ColorStrategyOf<T>) => Fill } = {
  value: (s) => (words, values, count) => {
    const table = schemeTable(s.colorScheme, s.opacity);
    const nan = pack(parseHex(s.nanColor));
    const { min, max } = valueBounds(s, values, count);
    for (let i = 0; i < count; i++) {
      const v = values[i]!;
      words[i] = Number.isNaN(v) ? nan : table[Math.round(fraction(v, min, max) * LAST_SAMPLE)]!;
    }
  },
  quantile: (s) => (words, values, count) => {
    const table = schemeTable(s.colorScheme, s.opacity);
    const classes = quantileClasses(values, count, SCHEME_SAMPLES);
    for (let i = 0; i < count; i++) {
      const k = classes[i]!;
      words[i] = k < 0 ? 0 : table[k]!;
    }
  },
  bin: (s) => (words, values, count) => {
    const b = Float64Array.from(s.bins, (bin) => bin.value);
    const colors = Uint32Array.from(s.bins, (bin) => pack(parseHex(bin.color)));
    const below = pack(parseHex(s.negInfColor));
    const above = pack(parseHex(s.infColor));
    const nan = pack(parseHex(s.nanColor));
    for (let i = 0; i < count; i++) {
      const k = binOf(b, values[i]!);
      words[i] = k >= 0 ? colors[k]! : k === BELOW ? below : k === ABOVE ? above : nan;
    }
  },
  category: (s) => (words, values, count, categories) => {
    const nan = pack(parseHex(s.nanColor));
    const colorOf = (name: string) => {
      const hex = Object.hasOwn(s.values, name) ? s.values[name] : undefined;
      return hex === undefined ? nan : pack(parseHex(hex));
    };
    const table = categories ? Uint32Array.from(categories, colorOf) : null;
    const byNumber = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const v = values[i]!;
      if (Number.isNaN(v)) words[i] = nan;
      else if (table) words[i] = Number.isInteger(v) && v >= 0 && v < table.length ? table[v]! : nan;
      else {
        // numbers as categories: their text is the key
        let word = byNumber.get(v);
        if (word === undefined) byNumber.set(v, (word = colorOf(String(v))));
        words[i] = word;
      }
    }
  },
};

/** The colour without values (none loaded): the fixed colour, else the NaN colour. */
function colorWithoutValues(s: ColorStrategy): Rgba {
  if (s.type === 'const') return parseHex(s.color);
  if (s.type === 'quantile') return [0, 0, 0, 0];
  return parseHex(s.nanColor);
}

/**
 * RGBA bytes (4 per item) for `count` items. NaN takes the NaN colour (not drawn where a strategy has none),
 * quantile ranks the values among themselves, value scales between the custom bounds or the data's range,
 * bin colours by boundary with the below/above/NaN options, category looks `categories[value]` up.
 */
export function colorsFor(
  strategy: ColorStrategy,
  values: Float32Array | null,
  count: number,
  categories?: readonly string[],
): Uint8Array {
  const out = new Uint8Array(count * 4);
  const words = new Uint32Array(out.buffer);
  if (strategy.type === 'const' || !values) {
    words.fill(pack(colorWithoutValues(strategy)));
    return out;
  }
  const fill = (colorFills[strategy.type] as (s: ColorStrategy) => Fill)(strategy);
  fill(words, values, Math.min(count, values.length), categories);
  return out;
}

const numberFills: { [T in Exclude<NumberStrategy['type'], 'const'>]: (s: NumberStrategyOf<T>) => (out: Float32Array, values: Float32Array, count: number) => void } = {
  rescale: (s) => (out, values, count) => {
    const { min, max } = bounds(s.customBounds, s.inputMin, s.inputMax, values, count);
    for (let i = 0; i < count; i++) {
      const v = values[i]!;
      out[i] = Number.isNaN(v) ? s.nan : s.min + fraction(v, min, max) * (s.max - s.min);
    }
  },
  bin: (s) => (out, values, count) => {
    const b = Float64Array.from(s.bins, (bin) => bin.value);
    const numbers = Float64Array.from(s.bins, (bin) => bin.number);
    const below = s.negInf ?? 0;
    const above = s.inf ?? 0;
    const nan = s.nan ?? 0;
    for (let i = 0; i < count; i++) {
      const k = binOf(b, values[i]!);
      out[i] = k >= 0 ? numbers[k]! : k === BELOW ? below : k === ABOVE ? above : nan;
    }
  },
};

/** One number per item (line widths): rescale maps the input range onto min…max; bins as for colours (0 without an option). */
export function numbersFor(strategy: NumberStrategy, values: Float32Array | null, count: number): Float32Array {
  const out = new Float32Array(count);
  if (strategy.type === 'const') return out.fill(strategy.value);
  if (!values) return out.fill(strategy.nan ?? 0);
  const fill = (numberFills[strategy.type] as (s: NumberStrategy) => (o: Float32Array, v: Float32Array, n: number) => void)(strategy);
  fill(out, values, Math.min(count, values.length));
  return out;
}
