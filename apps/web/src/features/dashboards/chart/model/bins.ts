/** Custom bins as typed (spec 3 §5): comma-separated numbers, each strictly larger than the one before. */
import type { ChartMessage } from './messages.ts';

export function parseCustomBins(text: string): { bins: number[] } | { error: ChartMessage } {
  const parts = text.split(',').map((p) => p.trim());
  const bins: number[] = [];
  for (const part of parts) {
    const n = part === '' ? Number.NaN : Number(part);
    if (!Number.isFinite(n)) return { error: { key: 'numbersOnly' } };
    const previous = bins.at(-1);
    if (previous !== undefined && n <= previous) return { error: { key: 'notLarger', params: { x: part, y: String(previous) } } };
    bins.push(n);
  }
  return { bins };
}

export const formatCustomBins = (bins: readonly number[]) => bins.join(', ');
