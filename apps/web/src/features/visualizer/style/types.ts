/**
 * Colour and number strategies of the visualizer's layers (spec 3 §3 "Colour strategy types", "Number strategy
 * types", "Colour scheme"). Plain JSON: they go into the address, so each has a zod schema to read it back.
 *
 * Bin lists hold boundaries: bin i colours (or sizes) the values from bins[i].value up to bins[i + 1].value; the
 * last boundary closes the last bin (its value belongs to it) and its own colour/number is not used. Values below
 * the first boundary take negInf, above the last inf, NaN nan; without the option they are not drawn.
 */
import { z } from 'zod';

/** '#rrggbb' or '#rrggbbaa'. */
export const HexColor = z.string().regex(/^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
export type HexColor = string;

export const CONTINUOUS_SCHEMES = [
  'Blues',
  'OrRd',
  'Viridis',
  'Plasma',
  'Turbo',
  'RdBu',
  'Spectral',
  'RdYlGn',
  'Greens',
  'Reds',
  'Greys',
  'YlOrRd',
  'Inferno',
  'Magma',
  'Cividis',
  'RdYlBu',
  /** RdBu reversed: blue for the lowest values, red for the highest (differences: fewer blue, more red). */
  'BuRd',
] as const;
export type ContinuousSchemeName = (typeof CONTINUOUS_SCHEMES)[number];

/** Palettes of distinct colours (spec 3 §3; the carto ones keep the spec's spelling). */
export const CATEGORICAL_SCHEMES = [
  'simunto',
  'simunto2',
  'observable',
  'category10',
  'set1',
  'set2',
  'colorBrewer',
  'cartoPastel',
  'catroBold',
  'catroPrism',
  'catroSafe',
] as const;
export type CategoricalSchemeName = (typeof CATEGORICAL_SCHEMES)[number];

export const INTERPOLATIONS = ['rgb', 'hsl', 'lab', 'hcl', 'cubehelix'] as const;
export type Interpolation = (typeof INTERPOLATIONS)[number];

/** A user-defined continuous scheme: from the min colour to the max colour in a colour space. */
export const CustomScheme = z.object({
  type: z.literal('custom'),
  minColor: HexColor,
  maxColor: HexColor,
  interpolation: z.enum(INTERPOLATIONS),
});
export type CustomScheme = z.infer<typeof CustomScheme>;

/** A named scheme (continuous, or a categorical palette used in steps) or a user-defined one. */
export const ColorScheme = z.union([z.enum(CONTINUOUS_SCHEMES), z.enum(CATEGORICAL_SCHEMES), CustomScheme]);
export type ColorScheme = z.infer<typeof ColorScheme>;

const Opacity = z.number().int().min(0).max(255);
const Finite = z.number().finite();

export const ColorBin = z.object({ value: Finite, color: HexColor });
export type ColorBin = z.infer<typeof ColorBin>;
export const NumberBin = z.object({ value: Finite, number: Finite });
export type NumberBin = z.infer<typeof NumberBin>;

export const ConstColorStrategy = z.object({ type: z.literal('const'), color: HexColor });
export const ValueColorStrategy = z.object({
  type: z.literal('value'),
  colorScheme: ColorScheme,
  /** Use min/max below instead of the data's smallest and largest value. */
  customBounds: z.boolean(),
  min: Finite,
  max: Finite,
  opacity: Opacity,
  nanColor: HexColor,
  /** Centre the scheme at 0 (diverging: differences): the bounds become −m…m, m the larger of |min| and |max|. */
  centered: z.boolean().optional(),
});
export const QuantileColorStrategy = z.object({ type: z.literal('quantile'), colorScheme: ColorScheme, opacity: Opacity });
export const BinColorStrategy = z.object({
  type: z.literal('bin'),
  bins: z.array(ColorBin).min(2).max(100),
  negInfColor: HexColor.optional(),
  infColor: HexColor.optional(),
  nanColor: HexColor.optional(),
});
export const CategoryColorStrategy = z.object({
  type: z.literal('category'),
  values: z.record(z.string().max(200), HexColor),
  nanColor: HexColor,
});
export const ColorStrategy = z.discriminatedUnion('type', [
  ConstColorStrategy,
  ValueColorStrategy,
  QuantileColorStrategy,
  BinColorStrategy,
  CategoryColorStrategy,
]);
export type ColorStrategy = z.infer<typeof ColorStrategy>;
export type ColorStrategyType = ColorStrategy['type'];
export type ColorStrategyOf<T extends ColorStrategyType> = Extract<ColorStrategy, { type: T }>;

export const ConstNumberStrategy = z.object({ type: z.literal('const'), value: Finite });
export const RescaleNumberStrategy = z.object({
  type: z.literal('rescale'),
  /** The numbers drawn for the smallest and the largest input. */
  min: Finite,
  max: Finite,
  /** Use inputMin/inputMax instead of the data's smallest and largest value. */
  customBounds: z.boolean(),
  inputMin: Finite,
  inputMax: Finite,
  nan: Finite,
});
export const BinNumberStrategy = z.object({
  type: z.literal('bin'),
  bins: z.array(NumberBin).min(2).max(100),
  negInf: Finite.optional(),
  inf: Finite.optional(),
  nan: Finite.optional(),
});
export const NumberStrategy = z.discriminatedUnion('type', [ConstNumberStrategy, RescaleNumberStrategy, BinNumberStrategy]);
export type NumberStrategy = z.infer<typeof NumberStrategy>;
export type NumberStrategyType = NumberStrategy['type'];
export type NumberStrategyOf<T extends NumberStrategyType> = Extract<NumberStrategy, { type: T }>;

/**
 * What a colour setting holds: the attribute it colours by (null: one fixed colour), the strategy, and the last
 * fixed colour, restored when the attribute is cleared (spec 3 §4 "Colour choices").
 */
export const ColorChoice = z.object({
  attribute: z.string().max(200).nullable(),
  strategy: ColorStrategy,
  fixedColor: HexColor,
});
export type ColorChoice = z.infer<typeof ColorChoice>;

export const SizeUnit = z.enum(['pixels', 'meters']);
export type SizeUnit = z.infer<typeof SizeUnit>;

/** A number setting (line width): attribute, strategy, the last fixed number, and the unit it is drawn in. */
export const NumberChoice = z.object({
  attribute: z.string().max(200).nullable(),
  strategy: NumberStrategy,
  fixedValue: Finite,
  unit: SizeUnit,
});
export type NumberChoice = z.infer<typeof NumberChoice>;
