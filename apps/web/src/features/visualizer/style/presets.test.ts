import { describe, expect, it } from 'vitest';
import {
  categoryStrategy,
  chooseNetworkColor,
  chooseVehicleColor,
  chooseWidth,
  colorTypesFor,
  DEFAULT_LINE_COLOR,
  DEFAULT_VEHICLE_COLOR,
  fixedColor,
  fixedWidth,
  numberTypesFor,
} from './presets.ts';
import { colorsFor } from './apply.ts';
import { paletteColors } from './schemes.ts';
import { ColorChoice, NumberChoice } from './types.ts';

describe('network line colour', () => {
  const start = fixedColor(DEFAULT_LINE_COLOR);

  it('starts blue and fixed', () => {
    expect(start.strategy).toEqual({ type: 'const', color: '#2f6eba' });
  });

  it('switches a fixed colour to quantile with the first scheme for a numeric attribute', () => {
    const next = chooseNetworkColor(start, { attribute: 'freespeed', type: 'decimal' });
    expect(next.attribute).toBe('freespeed');
    expect(next.strategy).toEqual({ type: 'quantile', colorScheme: 'Blues', opacity: 255 });
    expect(ColorChoice.safeParse(next).success).toBe(true);
  });

  it('builds categories for a text attribute', () => {
    const next = chooseNetworkColor(start, { attribute: 'type', type: 'string', categories: ['primary', 'secondary'] });
    expect(next.strategy).toEqual({ type: 'category', values: { primary: paletteColors('simunto')[0], secondary: paletteColors('simunto')[1] }, nanColor: '#bdbdbd' });
  });

  it('has the presets of lanes, capacity, link volume and flow bundle', () => {
    const lanes = chooseNetworkColor(start, { attribute: 'lanes', type: 'decimal' }).strategy;
    expect(lanes.type === 'bin' && lanes.bins.map((b) => b.value)).toEqual([1, 2, 3, 4, 5]);
    expect(lanes.type === 'bin' && lanes.bins.slice(0, 4).map((b) => b.color)).toEqual(['#808080', '#f2c500', '#f28e1c', '#d7191c']);
    const capacity = chooseNetworkColor(start, { attribute: 'capacity', type: 'decimal' }).strategy;
    expect(capacity.type === 'bin' && capacity.bins.map((b) => b.value)).toEqual([0, 400, 1000, 2000, 5000, 10000]);
    const volume = chooseNetworkColor(start, { attribute: 'link-volume', type: 'analysis' }).strategy;
    expect(volume.type === 'bin' && volume.bins.map((b) => b.value)).toEqual([0, 1, 5, 10, 50, 100, 1000, 10000]);
    const bundle = chooseNetworkColor(start, { attribute: 'flow-bundle', type: 'analysis' }).strategy;
    expect(bundle).toMatchObject({ type: 'value', colorScheme: 'Viridis' });
  });

  it('keeps the network visible under the flow bundle preset until a link is chosen', () => {
    const bundle = chooseNetworkColor(start, { attribute: 'flow-bundle', type: 'analysis' }).strategy;
    // No answer yet (no link chosen): every link light grey and opaque, not transparent.
    expect([...colorsFor(bundle, null, 2)]).toEqual([0xbd, 0xbd, 0xbd, 255, 0xbd, 0xbd, 0xbd, 255]);
    // Links outside the bundle (no value) stay grey beside the coloured ones.
    const colors = colorsFor(bundle, Float32Array.from([Number.NaN, 3]), 2);
    expect([...colors.subarray(0, 4)]).toEqual([0xbd, 0xbd, 0xbd, 255]);
    expect(colors[7]).toBe(255);
  });

  it('keeps a numeric strategy the user chose when the attribute changes', () => {
    const bins = chooseNetworkColor(start, { attribute: 'capacity', type: 'decimal' });
    expect(chooseNetworkColor(bins, { attribute: 'freespeed', type: 'decimal' }).strategy).toBe(bins.strategy);
  });

  it('restores the last fixed colour when the attribute is cleared', () => {
    const red = fixedColor('#ff0000');
    const byLanes = chooseNetworkColor(red, { attribute: 'lanes', type: 'decimal' });
    const byCapacity = chooseNetworkColor(byLanes, { attribute: 'capacity', type: 'decimal' });
    expect(chooseNetworkColor(byCapacity, { attribute: null, type: undefined }).strategy).toEqual({ type: 'const', color: '#ff0000' });
  });

  it('hands out copies of the presets', () => {
    const a = chooseNetworkColor(start, { attribute: 'lanes', type: 'decimal' }).strategy;
    if (a.type === 'bin') a.bins[0]!.value = -99;
    const b = chooseNetworkColor(start, { attribute: 'lanes', type: 'decimal' }).strategy;
    expect(b.type === 'bin' && b.bins[0]!.value).toBe(1);
  });
});

describe('line width', () => {
  it('starts at 1 pixel, rescales 1–10 for an attribute, restores the fixed width on clear', () => {
    const start = fixedWidth();
    expect(start).toEqual({ attribute: null, strategy: { type: 'const', value: 1 }, fixedValue: 1, unit: 'pixels' });
    const wide = { ...start, strategy: { type: 'const' as const, value: 3 }, unit: 'meters' as const };
    const byVolume = chooseWidth(wide, 'link-volume');
    expect(byVolume.strategy).toMatchObject({ type: 'rescale', min: 1, max: 10 });
    expect(byVolume.unit).toBe('meters');
    expect(NumberChoice.safeParse(byVolume).success).toBe(true);
    expect(chooseWidth(byVolume, null).strategy).toEqual({ type: 'const', value: 3 });
  });
});

describe('vehicle colour', () => {
  const start = fixedColor(DEFAULT_VEHICLE_COLOR);

  it('uses the 6-colour palette up to 6 categories and the 12-colour one above', () => {
    const six = chooseVehicleColor(start, { attribute: 'mode', type: 'string', categories: ['a', 'b', 'c', 'd', 'e', 'f'] }).strategy;
    expect(six.type === 'category' && Object.values(six.values)).toEqual(paletteColors('simunto'));
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const more = chooseVehicleColor(start, { attribute: 'mode', type: 'string', categories: seven }).strategy;
    expect(more.type === 'category' && Object.values(more.values)).toEqual(paletteColors('simunto2').slice(0, 7));
  });

  it('cycles the palette beyond twelve categories', () => {
    const names = Array.from({ length: 13 }, (_, i) => `m${i}`);
    const s = categoryStrategy(names);
    expect(s.type === 'category' && s.values.m12).toBe(paletteColors('simunto2')[0]);
  });

  it('quantile for a numeric attribute, RdYlGn 0–1 for relative speed, speed bins for absolute speed', () => {
    expect(chooseVehicleColor(start, { attribute: 'age', type: 'integer' }).strategy.type).toBe('quantile');
    expect(chooseVehicleColor(start, { attribute: 'relative-speed', type: 'decimal' }).strategy).toMatchObject({
      type: 'value',
      colorScheme: 'RdYlGn',
      customBounds: true,
      min: 0,
      max: 1,
    });
    const speed = chooseVehicleColor(start, { attribute: 'absolute-speed', type: 'decimal' }).strategy;
    expect(speed.type === 'bin' && speed.bins.map((b) => b.value)).toEqual([0, 2, 8.3, 13.9, 19.5, 25]);
    expect(speed.type === 'bin' && speed.infColor).toBe('#67000d');
  });

  it('starts purple', () => {
    expect(start.strategy).toEqual({ type: 'const', color: '#8e44ad' });
  });
});

describe('strategy types offered', () => {
  it('by attribute type', () => {
    expect(colorTypesFor(null)).toEqual(['const']);
    expect(colorTypesFor('integer')).toEqual(['value', 'quantile', 'bin']);
    expect(colorTypesFor('analysis')).toEqual(['value', 'quantile', 'bin']);
    expect(colorTypesFor('string')).toEqual(['category']);
    expect(numberTypesFor('decimal')).toEqual(['rescale', 'bin']);
    expect(numberTypesFor(undefined)).toEqual(['const']);
  });
});
