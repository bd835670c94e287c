/**
 * Colour schemes (spec 3 §3): continuous ones from d3-scale-chromatic, user-defined ones through d3-interpolate,
 * categorical palettes from d3 where it has them and as constant lists where it does not (docs/decisions.md,
 * "Issue 15 — visualizer styles"). Sampled into RGBA lookup tables: 512 samples for previews (spec 3 §9) and for
 * colouring values.
 */
import { rgb } from 'd3-color';
import { interpolateCubehelix, interpolateHcl, interpolateHsl, interpolateLab, interpolateRgb } from 'd3-interpolate';
import {
  interpolateBlues,
  interpolateCividis,
  interpolateGreens,
  interpolateGreys,
  interpolateInferno,
  interpolateMagma,
  interpolateOrRd,
  interpolatePlasma,
  interpolateRdBu,
  interpolateRdYlBu,
  interpolateRdYlGn,
  interpolateReds,
  interpolateSpectral,
  interpolateTurbo,
  interpolateViridis,
  interpolateYlOrRd,
  schemeCategory10,
  schemeObservable10,
  schemePaired,
  schemeSet1,
  schemeSet2,
} from 'd3-scale-chromatic';
import {
  CATEGORICAL_SCHEMES,
  type CategoricalSchemeName,
  type ColorScheme,
  CONTINUOUS_SCHEMES,
  type ContinuousSchemeName,
  type Interpolation,
} from './types.ts';

/** Colour previews and lookup tables use this many samples (spec 3 §9). */
export const SCHEME_SAMPLES = 512;

const CONTINUOUS: Record<ContinuousSchemeName, (t: number) => string> = {
  Blues: interpolateBlues,
  OrRd: interpolateOrRd,
  Viridis: interpolateViridis,
  Plasma: interpolatePlasma,
  Turbo: interpolateTurbo,
  RdBu: interpolateRdBu,
  Spectral: interpolateSpectral,
  RdYlGn: interpolateRdYlGn,
  Greens: interpolateGreens,
  Reds: interpolateReds,
  Greys: interpolateGreys,
  YlOrRd: interpolateYlOrRd,
  Inferno: interpolateInferno,
  Magma: interpolateMagma,
  Cividis: interpolateCividis,
  RdYlBu: interpolateRdYlBu,
  BuRd: (t) => interpolateRdBu(1 - t),
};

const INTERPOLATORS: Record<Interpolation, (a: string, b: string) => (t: number) => string> = {
  rgb: interpolateRgb,
  hsl: interpolateHsl,
  lab: interpolateLab,
  hcl: interpolateHcl,
  cubehelix: interpolateCubehelix,
};

/** Six and twelve colours of our own (simunto, simunto2) and the CARTOColors qualitative palettes. */
const SIMUNTO = ['#2f6eba', '#f28e2b', '#3fa45b', '#d7263d', '#8e5cc4', '#e3b505'];
const SIMUNTO2 = [...SIMUNTO, '#8fbbe8', '#f9c48f', '#94d3a2', '#f08a98', '#c6aee6', '#f2dc7d'];
const CARTO_PASTEL = ['#66C5CC', '#F6CF71', '#F89C74', '#DCB0F2', '#87C55F', '#9EB9F3', '#FE88B1', '#C9DB74', '#8BE0A4', '#B497E7', '#D3B484', '#B3B3B3'];
const CARTO_BOLD = ['#7F3C8D', '#11A579', '#3969AC', '#F2B701', '#E73F74', '#80BA5A', '#E68310', '#008695', '#CF1C90', '#F97B72', '#4B4B8F', '#A5AA99'];
const CARTO_PRISM = ['#5F4690', '#1D6996', '#38A6A5', '#0F8554', '#73AF48', '#EDAD08', '#E17C05', '#CC503E', '#94346E', '#6F4070', '#994E95', '#666666'];
const CARTO_SAFE = ['#88CCEE', '#CC6677', '#DDCC77', '#117733', '#332288', '#AA4499', '#44AA99', '#999933', '#882255', '#661100', '#6699CC', '#888888'];

const CATEGORICAL: Record<CategoricalSchemeName, readonly string[]> = {
  simunto: SIMUNTO,
  simunto2: SIMUNTO2,
  observable: schemeObservable10,
  category10: schemeCategory10,
  set1: schemeSet1,
  set2: schemeSet2,
  colorBrewer: schemePaired,
  cartoPastel: CARTO_PASTEL,
  catroBold: CARTO_BOLD,
  catroPrism: CARTO_PRISM,
  catroSafe: CARTO_SAFE,
};

export const isCategoricalScheme = (scheme: ColorScheme): scheme is CategoricalSchemeName =>
  typeof scheme === 'string' && (CATEGORICAL_SCHEMES as readonly string[]).includes(scheme);
export const isContinuousScheme = (scheme: ColorScheme): scheme is ContinuousSchemeName =>
  typeof scheme === 'string' && (CONTINUOUS_SCHEMES as readonly string[]).includes(scheme);

/** A palette's colours as '#rrggbb' (lower case). */
export function paletteColors(name: CategoricalSchemeName): string[] {
  return CATEGORICAL[name].map((c) => c.toLowerCase());
}

/** The scheme as a function of t in [0, 1] → CSS colour; a palette gives equal steps. */
export function schemeInterpolator(scheme: ColorScheme): (t: number) => string {
  if (typeof scheme !== 'string') return INTERPOLATORS[scheme.interpolation](scheme.minColor, scheme.maxColor);
  if (isContinuousScheme(scheme)) return CONTINUOUS[scheme];
  const colors = CATEGORICAL[scheme] ?? SIMUNTO;
  return (t) => colors[Math.min(colors.length - 1, Math.max(0, Math.floor(t * colors.length)))]!;
}

const cache = new Map<string, Uint8Array>();

/**
 * `count` samples of the scheme from t = 0 to t = 1 as RGBA bytes (alpha 255), e.g. 512 for a preview drawn with
 * `new ImageData(new Uint8ClampedArray(samples), 512, 1)`. Cached per scheme; do not modify the answer.
 */
export function schemeSamples(scheme: ColorScheme, count = SCHEME_SAMPLES): Uint8Array {
  const key = `${JSON.stringify(scheme)}/${count}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const at = schemeInterpolator(scheme);
  const out = new Uint8Array(count * 4);
  for (let i = 0; i < count; i++) {
    const c = rgb(at(count === 1 ? 0 : i / (count - 1)));
    out[i * 4] = c.r;
    out[i * 4 + 1] = c.g;
    out[i * 4 + 2] = c.b;
    out[i * 4 + 3] = 255;
  }
  if (cache.size > 200) cache.clear();
  cache.set(key, out);
  return out;
}

/** A CSS linear gradient of the scheme (left: lowest value), e.g. for a small swatch. */
export function schemeGradientCss(scheme: ColorScheme, stops = 16): string {
  const samples = schemeSamples(scheme, stops);
  const parts: string[] = [];
  for (let i = 0; i < stops; i++) {
    parts.push(`rgb(${samples[i * 4]}, ${samples[i * 4 + 1]}, ${samples[i * 4 + 2]}) ${((i / (stops - 1)) * 100).toFixed(1)}%`);
  }
  return `linear-gradient(to right, ${parts.join(', ')})`;
}

/** Every named scheme: continuous first (the first is the one a fresh quantile strategy takes), then palettes. */
export const ALL_SCHEMES: readonly (ContinuousSchemeName | CategoricalSchemeName)[] = [...CONTINUOUS_SCHEMES, ...CATEGORICAL_SCHEMES];
export const FIRST_SCHEME: ContinuousSchemeName = CONTINUOUS_SCHEMES[0];
