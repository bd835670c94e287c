/**
 * What choosing an attribute does to a colour or width setting (spec 3 §4 "Colour choices", "Network line colour",
 * "Line width", "Vehicle layer"), and the defaults the layers start with (spec 3 §9).
 */
import type { VisAttributeType } from '@corridor/contract';
import { paletteColors, FIRST_SCHEME } from './schemes.ts';
import type { ColorBin, ColorChoice, ColorStrategy, NumberChoice, NumberStrategy } from './types.ts';

export const GREY = '#808080';
export const RED = '#ff0000';
/** The initial network line colour (spec 3 §4: a blue). */
export const DEFAULT_LINE_COLOR = '#2f6eba';
export const DEFAULT_LINE_WIDTH = 1;
/** The default vehicle colour (spec 3 §9: purple). */
export const DEFAULT_VEHICLE_COLOR = '#8e44ad';
/** Colour of items without a value in value and category strategies (bins follow spec 3 §5: red). */
export const DEFAULT_NAN_COLOR = '#bdbdbd';
export const OPAQUE = 255;

/** Vehicle style defaults and slider ranges (spec 3 §5, §9). */
export const VEHICLE_SIZE = { min: 0, max: 30, default: 10 } as const;
export const TRAIL_WIDTH = { min: 0, max: 20, default: 4 } as const;
export const TRAIL_LENGTH = { min: 0, max: 100, default: 20 } as const;
export const STATIONARY_COLOR = '#d3d3d3';
/** Line widths are capped at 1000 px (spec 3 §9). */
export const LINE_WIDTH_MAX_PIXELS = 1000;

export const isNumeric = (type: VisAttributeType | undefined): boolean =>
  type === 'decimal' || type === 'integer' || type === 'analysis';

export const fixedColor = (color: string): ColorChoice => ({ attribute: null, strategy: { type: 'const', color }, fixedColor: color });
export const fixedWidth = (value = DEFAULT_LINE_WIDTH): NumberChoice => ({
  attribute: null,
  strategy: { type: 'const', value },
  fixedValue: value,
  unit: 'pixels',
});

const colorBins = (values: readonly number[], colors: readonly string[]): ColorBin[] =>
  values.map((value, i) => ({ value, color: colors[Math.min(i, colors.length - 1)]! }));

/** Lanes 1–5: grey, yellow, orange, red; more lanes stay red. */
const LANES: ColorStrategy = {
  type: 'bin',
  bins: colorBins([1, 2, 3, 4, 5], [GREY, '#f2c500', '#f28e1c', '#d7191c']),
  infColor: '#d7191c',
};
/** Capacity (vehicles per hour): light to dark; above 10000 stays at the darkest. */
const CAPACITY: ColorStrategy = {
  type: 'bin',
  bins: colorBins([0, 400, 1000, 2000, 5000, 10000], ['#c6dbef', '#6baed6', '#2171b5', '#fd8d3c', '#d7191c']),
  infColor: '#d7191c',
};
/** Link volume (vehicles): zero grey, then from yellow to dark red. */
const LINK_VOLUME: ColorStrategy = {
  type: 'bin',
  bins: colorBins([0, 1, 5, 10, 50, 100, 1000, 10000], ['#d9d9d9', '#ffffb2', '#fed976', '#feb24c', '#fd8d3c', '#f03b20', '#bd0026']),
  infColor: '#800026',
};
/** Flow bundle: Viridis on the data range; links without a value stay light grey, so the network can be seen (and a link picked). */
const FLOW_BUNDLE: ColorStrategy = {
  type: 'value',
  colorScheme: 'Viridis',
  customBounds: false,
  min: 0,
  max: 1,
  opacity: OPAQUE,
  nanColor: DEFAULT_NAN_COLOR,
};

/**
 * Link volume difference (case − base): a diverging scheme centred at 0 over the data's range — fewer vehicles
 * blue, more red, no change white; links without a value grey.
 */
const LINK_VOLUME_DIFFERENCE: ColorStrategy = {
  type: 'value',
  colorScheme: 'BuRd',
  customBounds: false,
  min: -1,
  max: 1,
  opacity: OPAQUE,
  nanColor: DEFAULT_NAN_COLOR,
  centered: true,
};

/** Network attributes with a colour preset of their own, by name. */
export const NETWORK_COLOR_PRESETS: Readonly<Record<string, ColorStrategy>> = {
  lanes: LANES,
  capacity: CAPACITY,
  'link-volume': LINK_VOLUME,
  'flow-bundle': FLOW_BUNDLE,
  'link-volume-difference': LINK_VOLUME_DIFFERENCE,
};

/** Relative speed (share of the free speed) 0–1 from red to green. */
const RELATIVE_SPEED: ColorStrategy = {
  type: 'value',
  colorScheme: 'RdYlGn',
  customBounds: true,
  min: 0,
  max: 1,
  opacity: OPAQUE,
  nanColor: DEFAULT_NAN_COLOR,
};
/** Absolute speed (m/s; 2, 30, 50, 70, 90 km/h) from blue to red, faster dark red (spec 3 §9). */
const ABSOLUTE_SPEED: ColorStrategy = {
  type: 'bin',
  bins: colorBins([0, 2, 8.3, 13.9, 19.5, 25], ['#4575b4', '#91bfdb', '#fee090', '#fc8d59', '#d73027']),
  infColor: '#67000d',
};

export const VEHICLE_COLOR_PRESETS: Readonly<Record<string, ColorStrategy>> = {
  'relative-speed': RELATIVE_SPEED,
  'absolute-speed': ABSOLUTE_SPEED,
};

export const quantile = (): ColorStrategy => ({ type: 'quantile', colorScheme: FIRST_SCHEME, opacity: OPAQUE });

/** Category colours from the 6-colour palette, or the 12-colour one for more than 6 categories (cycled beyond). */
export function categoryStrategy(categories: readonly string[]): ColorStrategy {
  const palette = paletteColors(categories.length > 6 ? 'simunto2' : 'simunto');
  const values: Record<string, string> = {};
  categories.forEach((name, i) => (values[name] = palette[i % palette.length]!));
  return { type: 'category', values, nanColor: DEFAULT_NAN_COLOR };
}

const copy = <T>(value: T): T => structuredClone(value);

/** The last fixed colour: the strategy's when it is fixed now. */
const lastFixed = (choice: ColorChoice) => (choice.strategy.type === 'const' ? choice.strategy.color : choice.fixedColor);

interface AttributeInfo {
  attribute: string | null;
  type: VisAttributeType | undefined;
  /** A text attribute's values (categories). */
  categories?: readonly string[];
}

/** A numeric attribute without a preset: the strategy kept when it suits numbers, quantile when it was fixed or by category. */
function numericStrategy(current: ColorStrategy): ColorStrategy {
  if (current.type === 'value') return { ...current, customBounds: false };
  if (current.type === 'quantile' || current.type === 'bin') return current;
  return quantile();
}

function chooseColor(choice: ColorChoice, info: AttributeInfo, presets: Readonly<Record<string, ColorStrategy>>): ColorChoice {
  const fixed = lastFixed(choice);
  const { attribute, type } = info;
  if (attribute === null) return { attribute: null, strategy: { type: 'const', color: fixed }, fixedColor: fixed };
  const preset = Object.hasOwn(presets, attribute) ? presets[attribute] : undefined;
  const strategy = preset
    ? copy(preset)
    : isNumeric(type)
      ? numericStrategy(choice.strategy)
      : categoryStrategy(info.categories ?? []);
  return { attribute, strategy, fixedColor: fixed };
}

/** Network line colour: presets for lanes, capacity, link-volume, flow-bundle; numbers quantile with the first scheme. */
export const chooseNetworkColor = (choice: ColorChoice, info: AttributeInfo): ColorChoice =>
  chooseColor(choice, info, NETWORK_COLOR_PRESETS);

/** Vehicle colour: categories for text, quantile for numbers, presets for relative and absolute speed. */
export const chooseVehicleColor = (choice: ColorChoice, info: AttributeInfo): ColorChoice =>
  chooseColor(choice, info, VEHICLE_COLOR_PRESETS);

const rescale = (): NumberStrategy => ({ type: 'rescale', min: 1, max: 10, customBounds: false, inputMin: 0, inputMax: 1, nan: 1 });

/** Line width: an attribute chosen while fixed rescales to 1–10; clearing restores the fixed width. */
export function chooseWidth(choice: NumberChoice, attribute: string | null): NumberChoice {
  const fixed = choice.strategy.type === 'const' ? choice.strategy.value : choice.fixedValue;
  if (attribute === null) return { ...choice, attribute: null, strategy: { type: 'const', value: fixed }, fixedValue: fixed };
  const strategy = choice.strategy.type === 'const' ? rescale() : choice.strategy;
  return { ...choice, attribute, strategy, fixedValue: fixed };
}

/** Strategy types offered for an attribute type (spec 3 §4): none → const; numbers → value, quantile, bin; text → category. */
export function colorTypesFor(type: VisAttributeType | undefined | null): ColorStrategy['type'][] {
  if (type === undefined || type === null) return ['const'];
  return isNumeric(type) ? ['value', 'quantile', 'bin'] : ['category'];
}

export function numberTypesFor(type: VisAttributeType | undefined | null): NumberStrategy['type'][] {
  if (type === undefined || type === null) return ['const'];
  return isNumeric(type) ? ['rescale', 'bin'] : ['const'];
}
