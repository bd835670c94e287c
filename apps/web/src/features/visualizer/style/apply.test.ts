import { describe, expect, it } from 'vitest';
import { binOf, colorsFor, dataRange, numbersFor } from './apply.ts';
import { schemeSamples } from './schemes.ts';
import type { ColorStrategy } from './types.ts';

const rgba = (bytes: Uint8Array, i: number) => [...bytes.slice(i * 4, i * 4 + 4)];
const f32 = (...v: number[]) => Float32Array.from(v);

describe('binOf', () => {
  const b = Float64Array.from([0, 10, 20]);
  it('finds the bin, includes the last boundary, and reports below, above and NaN', () => {
    expect([0, 5, 10, 19.9, 20].map((v) => binOf(b, v))).toEqual([0, 0, 1, 1, 1]);
    expect(binOf(b, -0.1)).toBe(-1);
    expect(binOf(b, 20.1)).toBe(-2);
    expect(binOf(b, NaN)).toBe(-3);
  });
});

describe('dataRange', () => {
  it('skips NaN and infinities', () => {
    expect(dataRange(f32(NaN, 3, -Infinity, -2, Infinity))).toEqual({ min: -2, max: 3 });
    expect(dataRange(f32(NaN))).toBeNull();
    expect(dataRange(null)).toBeNull();
  });
});

describe('colorsFor', () => {
  it('fills a fixed colour, with its alpha', () => {
    const out = colorsFor({ type: 'const', color: '#11223380' }, null, 3);
    expect(out.length).toBe(12);
    expect(rgba(out, 2)).toEqual([0x11, 0x22, 0x33, 0x80]);
  });

  it('scales values between the data range, with opacity and the NaN colour', () => {
    const s: ColorStrategy = { type: 'value', colorScheme: 'Viridis', customBounds: false, min: 0, max: 1, opacity: 200, nanColor: '#ff0000' };
    const out = colorsFor(s, f32(10, 20, NaN, 15), 4);
    const lut = schemeSamples('Viridis');
    expect(rgba(out, 0)).toEqual([lut[0], lut[1], lut[2], 200]);
    expect(rgba(out, 1)).toEqual([lut[511 * 4], lut[511 * 4 + 1], lut[511 * 4 + 2], 200]);
    expect(rgba(out, 2)).toEqual([255, 0, 0, 255]);
    expect(rgba(out, 3)).toEqual([lut[256 * 4], lut[256 * 4 + 1], lut[256 * 4 + 2], 200]);
  });

  it('uses custom bounds and clamps beyond them', () => {
    const s: ColorStrategy = { type: 'value', colorScheme: 'RdYlGn', customBounds: true, min: 0, max: 1, opacity: 255, nanColor: '#000000' };
    const out = colorsFor(s, f32(-5, 0.5, 7), 3);
    const lut = schemeSamples('RdYlGn');
    expect(rgba(out, 0).slice(0, 3)).toEqual([...lut.slice(0, 3)]);
    expect(rgba(out, 2).slice(0, 3)).toEqual([...lut.slice(511 * 4, 511 * 4 + 3)]);
  });

  it('ranks values for quantile, ties in the middle, NaN not drawn', () => {
    const s: ColorStrategy = { type: 'quantile', colorScheme: 'Blues', opacity: 255 };
    // 1000 is an outlier: by rank it still only takes the top colour, and 1 and 2 are spread apart
    const out = colorsFor(s, f32(1, 2, 1000, NaN, 2), 5);
    const lut = schemeSamples('Blues');
    const at = (t: number) => [...lut.slice(Math.round(t * 511) * 4, Math.round(t * 511) * 4 + 3), 255];
    expect(rgba(out, 0)).toEqual(at(0));
    expect(rgba(out, 1)).toEqual(at(0.5)); // ranks 1 and 2 of 0…3 → 1.5 / 3
    expect(rgba(out, 2)).toEqual(at(1));
    expect(rgba(out, 3)).toEqual([0, 0, 0, 0]);
  });

  it('colours bins with the below, above and NaN colours, and hides out-of-range values without them', () => {
    const bins = [
      { value: 0, color: '#010101' },
      { value: 10, color: '#020202' },
      { value: 20, color: '#030303' },
    ];
    const values = f32(-1, 0, 10, 20, 21, NaN);
    const plain = colorsFor({ type: 'bin', bins }, values, 6);
    expect([0, 1, 2, 3, 4, 5].map((i) => rgba(plain, i)[0])).toEqual([0, 1, 2, 2, 0, 0]);
    expect(rgba(plain, 0)[3]).toBe(0);
    const extra = colorsFor({ type: 'bin', bins, negInfColor: '#0a0a0a', infColor: '#0b0b0b', nanColor: '#0c0c0c' }, values, 6);
    expect([0, 1, 2, 3, 4, 5].map((i) => rgba(extra, i)[0])).toEqual([10, 1, 2, 2, 11, 12]);
  });

  it('looks categories up by index, unknown and NaN in the NaN colour', () => {
    const s: ColorStrategy = { type: 'category', values: { car: '#ff0000', bus: '#00ff00' }, nanColor: '#0000ff' };
    const out = colorsFor(s, f32(0, 1, 2, NaN, 7), 5, ['bus', 'car', 'bike']);
    expect([0, 1, 2, 3, 4].map((i) => rgba(out, i))).toEqual([
      [0, 255, 0, 255],
      [255, 0, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
    ]);
  });

  it('takes numbers as category names without a category list', () => {
    const s: ColorStrategy = { type: 'category', values: { '3': '#ff0000' }, nanColor: '#0000ff' };
    const out = colorsFor(s, f32(3, 4), 2);
    expect(rgba(out, 0)).toEqual([255, 0, 0, 255]);
    expect(rgba(out, 1)).toEqual([0, 0, 255, 255]);
  });

  it('draws the NaN colour while no values are loaded', () => {
    const s: ColorStrategy = { type: 'value', colorScheme: 'Blues', customBounds: false, min: 0, max: 1, opacity: 255, nanColor: '#123456' };
    expect(rgba(colorsFor(s, null, 2), 1)).toEqual([0x12, 0x34, 0x56, 255]);
  });

  it('colours a million items in well under a second', () => {
    const n = 1_000_000;
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) values[i] = (i * 7919) % 10_007;
    const started = performance.now();
    const out = colorsFor({ type: 'quantile', colorScheme: 'Viridis', opacity: 255 }, values, n);
    colorsFor({ type: 'value', colorScheme: 'Viridis', customBounds: false, min: 0, max: 1, opacity: 255, nanColor: '#000000' }, values, n);
    const elapsed = performance.now() - started;
    expect(out.length).toBe(4 * n);
    expect(elapsed).toBeLessThan(1500);
  });
});

describe('numbersFor', () => {
  it('fills a fixed number', () => {
    expect([...numbersFor({ type: 'const', value: 3 }, null, 2)]).toEqual([3, 3]);
  });

  it('rescales the data range onto min…max, NaN to its number', () => {
    const out = numbersFor({ type: 'rescale', min: 1, max: 10, customBounds: false, inputMin: 0, inputMax: 1, nan: 0.5 }, f32(0, 50, 100, NaN), 4);
    expect([...out]).toEqual([1, 5.5, 10, 0.5]);
  });

  it('rescales with custom input bounds, clamped', () => {
    const out = numbersFor({ type: 'rescale', min: 2, max: 4, customBounds: true, inputMin: 0, inputMax: 10, nan: 0 }, f32(-3, 5, 30), 3);
    expect([...out]).toEqual([2, 3, 4]);
  });

  it('sizes by bin, 0 outside without the options', () => {
    const bins = [
      { value: 0, number: 1 },
      { value: 5, number: 3 },
      { value: 10, number: 0 },
    ];
    expect([...numbersFor({ type: 'bin', bins }, f32(-1, 2, 7, 12, NaN), 5)]).toEqual([0, 1, 3, 0, 0]);
    expect([...numbersFor({ type: 'bin', bins, negInf: 0.5, inf: 9, nan: 2 }, f32(-1, 12, NaN), 3)]).toEqual([0.5, 9, 2]);
  });
});
