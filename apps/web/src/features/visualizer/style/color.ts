/** Hex colours ↔ RGBA bytes. */
import { rgb } from 'd3-color';

export type Rgba = readonly [number, number, number, number];

const TRANSPARENT: Rgba = [0, 0, 0, 0];

/** '#rrggbb', '#rrggbbaa' (also '#rgb') → [r, g, b, a]; anything else is transparent (not drawn). */
export function parseHex(hex: string | undefined): Rgba {
  if (!hex || hex[0] !== '#') return TRANSPARENT;
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  if ((digits.length !== 6 && digits.length !== 8) || !/^[0-9a-fA-F]+$/.test(digits)) return TRANSPARENT;
  const byte = (i: number) => Number.parseInt(digits.slice(i, i + 2), 16);
  return [byte(0), byte(2), byte(4), digits.length === 8 ? byte(6) : 255];
}

const pair = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');

/** [r, g, b, a] → '#rrggbb' (opaque) or '#rrggbbaa'. */
export function toHex([r = 0, g = 0, b = 0, a = 255]: readonly number[]): string {
  return `#${pair(r)}${pair(g)}${pair(b)}${Math.round(a) >= 255 ? '' : pair(a)}`;
}

/** Any CSS colour d3 reads ('rgb(…)', '#abc', names) → '#rrggbb'; transparent black when unreadable. */
export function cssToHex(css: string): string {
  const c = rgb(css);
  return Number.isNaN(c.r) ? '#00000000' : toHex([c.r, c.g, c.b, c.opacity * 255]);
}

/** The colour without its alpha ('#rrggbb'), e.g. for a colour input that has no alpha. */
export function opaqueHex(hex: string): string {
  const [r, g, b] = parseHex(hex);
  return toHex([r, g, b, 255]);
}
