import { describe, expect, test } from 'vitest';
import { colorsFor, centeredBounds, valueBounds } from './apply.ts';
import { legendOf } from './legend.ts';
import { chooseNetworkColor, fixedColor, NETWORK_COLOR_PRESETS } from './presets.ts';
import { schemeSamples } from './schemes.ts';
import type { ColorStrategy, ColorStrategyOf } from './types.ts';

const rgbaAt = (colors: Uint8Array, i: number) => [...colors.subarray(i * 4, i * 4 + 4)];

describe('diverging colour scale of the difference', () => {
  test('choosing the difference gives a value scale on BuRd centred at 0 over the data', () => {
    const choice = chooseNetworkColor(fixedColor('#2f6eba'), { attribute: 'link-volume-difference', type: 'analysis' });
    expect(choice.strategy).toEqual(NETWORK_COLOR_PRESETS['link-volume-difference']);
    expect(choice.strategy).toMatchObject({ type: 'value', colorScheme: 'BuRd', centered: true, customBounds: false });
  });

  test('centred bounds are symmetric around 0: −m…m with m the larger size (1 without data)', () => {
    expect(centeredBounds({ min: -5, max: 20 })).toEqual({ min: -20, max: 20 });
    expect(centeredBounds({ min: -30, max: 2 })).toEqual({ min: -30, max: 30 });
    expect(centeredBounds({ min: 0, max: 0 })).toEqual({ min: -1, max: 1 });
    const strategy = NETWORK_COLOR_PRESETS['link-volume-difference'] as ColorStrategyOf<'value'>;
    expect(valueBounds(strategy, Float32Array.of(-5, 3, 20, Infinity), 4)).toEqual({ min: -20, max: 20 });
  });

  test('0 takes the scheme\'s middle (near white), decreases blue, increases red, +∞ the reddest, NaN the no-value colour', () => {
    const strategy = NETWORK_COLOR_PRESETS['link-volume-difference']!;
    const colors = colorsFor(strategy, Float32Array.of(-20, 0, 20, 5, Infinity, Number.NaN), 6);
    const [r0, g0, b0] = rgbaAt(colors, 1);
    expect(Math.min(r0!, g0!, b0!)).toBeGreaterThan(230);
    const [rLow, , bLow] = rgbaAt(colors, 0);
    expect(bLow!).toBeGreaterThan(rLow!);
    const [rHigh, , bHigh] = rgbaAt(colors, 2);
    expect(rHigh!).toBeGreaterThan(bHigh!);
    expect(rgbaAt(colors, 4)).toEqual(rgbaAt(colors, 2));
    // 5 of ±20 lies between the middle and the top: redder than white, less red than +20.
    expect(rgbaAt(colors, 3)[2]!).toBeLessThan(b0!);
    expect(rgbaAt(colors, 5)).toEqual([0xbd, 0xbd, 0xbd, 255]);
    // BuRd is RdBu turned round.
    const samples = schemeSamples('BuRd', 3);
    expect(samples[2]!).toBeGreaterThan(samples[0]!);
  });

  test('without centring the same values use their own range (the white sits elsewhere)', () => {
    const strategy = { ...(NETWORK_COLOR_PRESETS['link-volume-difference'] as ColorStrategyOf<'value'>), centered: false };
    const colors = colorsFor(strategy, Float32Array.of(0, 10, 20), 3);
    expect(rgbaAt(colors, 1)).toEqual(rgbaAt(colorsFor({ ...strategy, centered: true }, Float32Array.of(-20, 0, 20), 3), 1));
    expect(rgbaAt(colors, 0)).not.toEqual(rgbaAt(colors, 1));
  });
});

describe('legends of colour strategies (PNG download)', () => {
  test('a fixed colour, a ramp with the bounds used, quantiles over the data, and nothing to show without data', () => {
    expect(legendOf({ type: 'const', color: '#112233' }, null, 0)).toEqual({ kind: 'fixed', color: '#112233' });
    const difference = NETWORK_COLOR_PRESETS['link-volume-difference']!;
    expect(legendOf(difference, Float32Array.of(-3, 12), 2)).toEqual({ kind: 'ramp', scheme: 'BuRd', min: -12, max: 12, centered: true, opacity: 255 });
    expect(legendOf(difference, null, 0)).toEqual({ kind: 'noData' });
    const quantile: ColorStrategy = { type: 'quantile', colorScheme: 'Viridis', opacity: 200 };
    expect(legendOf(quantile, Float32Array.of(4, 1, 9), 3)).toEqual({ kind: 'quantile', scheme: 'Viridis', min: 1, max: 9, opacity: 200 });
  });

  test('bins list their ranges with the below, above and no-value colours', () => {
    const legend = legendOf(NETWORK_COLOR_PRESETS['link-volume']!, null, 0);
    expect(legend.kind).toBe('items');
    if (legend.kind !== 'items') return;
    expect(legend.items[0]).toEqual({ kind: 'range', from: 0, to: 1, color: '#d9d9d9' });
    expect(legend.items.at(-1)).toEqual({ kind: 'above', value: 10000, color: '#800026' });
    expect(legend.items).toHaveLength(8);
  });

  test('categories list the known names (at most 12, the rest counted) and the no-value colour', () => {
    const names = Array.from({ length: 14 }, (_, i) => `m${i}`);
    const legend = legendOf({ type: 'category', values: { m0: '#ff0000' }, nanColor: '#cccccc' }, null, 0, names);
    if (legend.kind !== 'items') throw new Error('items expected');
    expect(legend.items[0]).toEqual({ kind: 'category', name: 'm0', color: '#ff0000' });
    expect(legend.items[1]).toEqual({ kind: 'category', name: 'm1', color: '#cccccc' });
    expect(legend.items).toHaveLength(12);
    expect(legend.more).toBe(3);
  });
});
