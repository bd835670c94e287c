import { describe, expect, it } from 'vitest';
import { cssToHex, opaqueHex, parseHex, toHex } from './color.ts';
import { ALL_SCHEMES, paletteColors, schemeGradientCss, schemeSamples } from './schemes.ts';
import { switchColorType, switchNumberType } from './switchType.ts';
import { ColorScheme, ColorStrategy, NumberStrategy } from './types.ts';

describe('hex colours', () => {
  it('read and write with and without alpha', () => {
    expect(parseHex('#ff8000')).toEqual([255, 128, 0, 255]);
    expect(parseHex('#ff800080')).toEqual([255, 128, 0, 128]);
    expect(parseHex('#f80')).toEqual([255, 136, 0, 255]);
    expect(parseHex('blue')).toEqual([0, 0, 0, 0]);
    expect(toHex([255, 128, 0])).toBe('#ff8000');
    expect(toHex([255, 128, 0, 128])).toBe('#ff800080');
    expect(cssToHex('rgb(1, 2, 3)')).toBe('#010203');
    expect(opaqueHex('#01020380')).toBe('#010203');
  });
});

describe('colour schemes', () => {
  it('samples every named scheme 512 times', () => {
    for (const scheme of ALL_SCHEMES) {
      const samples = schemeSamples(scheme, 512);
      expect(samples.length).toBe(2048);
      expect(samples[3]).toBe(255);
    }
  });

  it('runs continuous schemes from one end to the other', () => {
    const blues = schemeSamples('Blues');
    // light at the low end, dark blue at the high end
    expect(blues[0]! + blues[1]! + blues[2]!).toBeGreaterThan(700);
    expect(blues[511 * 4 + 2]!).toBeGreaterThan(blues[511 * 4]!);
  });

  it('interpolates a user-defined scheme between its two colours', () => {
    const custom: ColorScheme = { type: 'custom', minColor: '#000000', maxColor: '#ffffff', interpolation: 'rgb' };
    const samples = schemeSamples(custom, 3);
    expect([...samples]).toEqual([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255]);
    expect([...schemeSamples({ ...custom, interpolation: 'hcl' }, 3).slice(8, 11)]).toEqual([255, 255, 255]);
  });

  it('has the palettes of spec 3 with their sizes', () => {
    expect(paletteColors('simunto')).toHaveLength(6);
    expect(paletteColors('simunto2')).toHaveLength(12);
    expect(paletteColors('category10')[0]).toBe('#1f77b4');
    expect(paletteColors('catroSafe')).toHaveLength(12);
    // a palette used as a scheme gives equal steps of its colours
    const steps = schemeSamples('simunto', 6);
    expect(toHex([...steps.slice(20, 23)])).toBe(paletteColors('simunto')[5]);
  });

  it('makes a CSS gradient', () => {
    expect(schemeGradientCss('Viridis', 2)).toBe('linear-gradient(to right, rgb(68, 1, 84) 0.0%, rgb(253, 231, 37) 100.0%)');
  });

  it('reads scheme names and custom schemes back from JSON', () => {
    expect(ColorScheme.safeParse('Turbo').success).toBe(true);
    expect(ColorScheme.safeParse('cartoPastel').success).toBe(true);
    expect(ColorScheme.safeParse('Rainbow').success).toBe(false);
  });
});

describe('switching strategy types', () => {
  it('gives valid strategies of every type, bins over the data range', () => {
    const start: ColorStrategy = { type: 'const', color: '#123456' };
    for (const type of ['value', 'quantile', 'bin', 'category', 'const'] as const) {
      const next = switchColorType(start, type, { fixedColor: '#123456', range: { min: 0, max: 50 }, categories: ['a'] });
      expect(next.type).toBe(type);
      expect(ColorStrategy.safeParse(next).success).toBe(true);
    }
    const bins = switchColorType(start, 'bin', { range: { min: 0, max: 50 } });
    expect(bins.type === 'bin' && bins.bins.map((b) => b.value)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(switchColorType(start, 'const', { fixedColor: '#abcdef' })).toBe(start);
  });

  it('keeps the scheme and opacity between value and quantile', () => {
    const value: ColorStrategy = { type: 'value', colorScheme: 'Turbo', customBounds: false, min: 0, max: 1, opacity: 100, nanColor: '#000000' };
    expect(switchColorType(value, 'quantile')).toEqual({ type: 'quantile', colorScheme: 'Turbo', opacity: 100 });
  });

  it('gives valid number strategies', () => {
    const start: NumberStrategy = { type: 'const', value: 2 };
    for (const type of ['rescale', 'bin', 'const'] as const) {
      expect(NumberStrategy.safeParse(switchNumberType(start, type, { fixedValue: 2 })).success).toBe(true);
    }
    expect(switchNumberType({ type: 'bin', bins: [{ value: 0, number: 1 }, { value: 1, number: 1 }] }, 'const', { fixedValue: 4 })).toEqual({ type: 'const', value: 4 });
  });
});
