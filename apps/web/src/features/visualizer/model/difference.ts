/**
 * Base against case (issue 25, as SimWrapper users compare two runs): the network layer's link volumes of its own
 * data source (the case) minus those of another data source (the base), per link — absolute (vehicles) or relative
 * (% of the base). Both answers are link id → volume; the difference is laid onto the case network's link order.
 * The two sources must share the network: `sharedNetwork` says how far their link ids differ.
 */
import { valuesByLink } from './analysis.ts';

/** The network layer's property for the difference (beside the analyses 'link-volume' and 'flow-bundle'). */
export const LINK_VOLUME_DIFFERENCE = 'link-volume-difference';

export const DIFFERENCE_MEASURES = ['absolute', 'relative'] as const;
export type DifferenceMeasure = (typeof DIFFERENCE_MEASURES)[number];

/**
 * case − base per link (absolute), or (case − base) / base × 100 (relative, %). A link neither answer names had no
 * traffic in either (0). Relative on a link without base traffic: 0 when the case has none either, +∞ when traffic
 * appears (drawn as the largest increase; the data range ignores it).
 */
export function differenceValues(
  caseAnswer: Readonly<Record<string, number>>,
  baseAnswer: Readonly<Record<string, number>>,
  index: ReadonlyMap<string, number>,
  count: number,
  measure: DifferenceMeasure,
): Float32Array {
  const caseValues = valuesByLink(caseAnswer, index, count);
  const baseValues = valuesByLink(baseAnswer, index, count);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const c = caseValues[i]!;
    const b = baseValues[i]!;
    if (measure === 'absolute') out[i] = c - b;
    else out[i] = b === 0 ? (c === 0 ? 0 : c > 0 ? Infinity : -Infinity) : ((c - b) / b) * 100;
  }
  return out;
}

/** |value| per link: line widths grow with the size of a change, whichever its direction. */
export function magnitudes(values: Float32Array): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Math.abs(values[i]!);
  return out;
}

export interface NetworkMatch {
  /** True when both networks have the same link ids (in any order). */
  shared: boolean;
  /** Case links the base network does not have. */
  onlyInCase: number;
  /** Base links the case network does not have. */
  onlyInBase: number;
}

/** Whether two networks' link id lists name the same links. */
export function sharedNetwork(caseIds: readonly string[], baseIds: readonly string[]): NetworkMatch {
  const base = new Set(baseIds);
  const caseSet = new Set(caseIds);
  let onlyInCase = 0;
  for (const id of caseSet) if (!base.has(id)) onlyInCase++;
  let onlyInBase = 0;
  for (const id of base) if (!caseSet.has(id)) onlyInBase++;
  return { shared: onlyInCase === 0 && onlyInBase === 0, onlyInCase, onlyInBase };
}
