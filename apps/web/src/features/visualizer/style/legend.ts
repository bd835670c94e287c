/**
 * A colour strategy as a legend (the PNG download draws it beside the map): one fixed colour, a ramp from the
 * scheme with the bounds the strategy uses (custom, the data's range, centred at 0), or items — bins with their
 * ranges and the below/above/no-value colours, categories with their colours. Pure: labels are numbers or the
 * category names; the words ("no value", "more") are the drawer's.
 */
import { dataRange, valueBounds } from './apply.ts';
import type { ColorScheme, ColorStrategy } from './types.ts';

/** Items a legend lists at most; the rest are counted. */
export const LEGEND_MAX_ITEMS = 12;

export type LegendItem =
  | { color: string; kind: 'range'; from: number; to: number }
  | { color: string; kind: 'below' | 'above'; value: number }
  | { color: string; kind: 'noValue' }
  | { color: string; kind: 'category'; name: string };

export type Legend =
  | { kind: 'fixed'; color: string }
  | { kind: 'ramp'; scheme: ColorScheme; min: number; max: number; centered: boolean; opacity: number }
  /** Quantile: the scheme over the values' ranks, labelled with the smallest and largest value. */
  | { kind: 'quantile'; scheme: ColorScheme; min: number; max: number; opacity: number }
  | { kind: 'items'; items: LegendItem[]; more: number }
  /** A strategy that needs values while none are loaded. */
  | { kind: 'noData' };

function items(list: LegendItem[]): Legend {
  return { kind: 'items', items: list.slice(0, LEGEND_MAX_ITEMS), more: Math.max(0, list.length - LEGEND_MAX_ITEMS) };
}

/** The legend of a strategy over the values it colours (null: none loaded), `categories` for a text attribute. */
export function legendOf(strategy: ColorStrategy, values: Float32Array | null, count: number, categories?: readonly string[]): Legend {
  switch (strategy.type) {
    case 'const':
      return { kind: 'fixed', color: strategy.color };
    case 'value': {
      if (!values && !strategy.customBounds) return { kind: 'noData' };
      const { min, max } = valueBounds(strategy, values, count);
      return { kind: 'ramp', scheme: strategy.colorScheme, min, max, centered: !!strategy.centered, opacity: strategy.opacity };
    }
    case 'quantile': {
      const range = dataRange(values, count);
      return range ? { kind: 'quantile', scheme: strategy.colorScheme, ...range, opacity: strategy.opacity } : { kind: 'noData' };
    }
    case 'bin': {
      const list: LegendItem[] = [];
      const { bins } = strategy;
      if (strategy.negInfColor) list.push({ color: strategy.negInfColor, kind: 'below', value: bins[0]!.value });
      for (let i = 0; i + 1 < bins.length; i++) list.push({ color: bins[i]!.color, kind: 'range', from: bins[i]!.value, to: bins[i + 1]!.value });
      if (strategy.infColor) list.push({ color: strategy.infColor, kind: 'above', value: bins[bins.length - 1]!.value });
      if (strategy.nanColor) list.push({ color: strategy.nanColor, kind: 'noValue' });
      return items(list);
    }
    case 'category': {
      const names = [...new Set([...(categories ?? []), ...Object.keys(strategy.values)])];
      const list: LegendItem[] = names.map((name) => ({ color: strategy.values[name] ?? strategy.nanColor, kind: 'category', name }));
      list.push({ color: strategy.nanColor, kind: 'noValue' });
      return items(list);
    }
  }
}
