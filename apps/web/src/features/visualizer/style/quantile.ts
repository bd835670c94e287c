/**
 * Quantile classes of a million values fast: each value's mid-rank among the non-NaN values as one of `steps`
 * classes (0 … steps - 1; -1 for NaN). The float bits become unsigned keys in value order, a radix sort orders
 * them, and the at most `steps` points where the class changes are looked up per value by binary search.
 */

/** Float32 bits → an unsigned key that orders as the numbers do (-0 as 0). */
function keyOf(bits: number): number {
  if (bits === 0x80000000) bits = 0;
  return (bits & 0x80000000 ? ~bits : bits | 0x80000000) >>> 0;
}

/** Least-significant-byte radix sort of unsigned 32-bit keys (four passes). */
function radixSort(keys: Uint32Array): Uint32Array {
  let from: Uint32Array = keys;
  let to: Uint32Array = new Uint32Array(keys.length);
  const counts = new Uint32Array(256);
  for (let shift = 0; shift < 32; shift += 8) {
    counts.fill(0);
    for (let i = 0; i < from.length; i++) counts[(from[i]! >>> shift) & 0xff]!++;
    let sum = 0;
    for (let b = 0; b < 256; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < from.length; i++) {
      const k = from[i]!;
      to[counts[(k >>> shift) & 0xff]!++] = k;
    }
    [from, to] = [to, from];
  }
  return from;
}

export function quantileClasses(values: Float32Array, count: number, steps: number): Int32Array {
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  let finite = 0;
  for (let i = 0; i < count; i++) if (!Number.isNaN(values[i]!)) finite++;
  const keys = new Uint32Array(finite);
  for (let i = 0, j = 0; i < count; i++) if (!Number.isNaN(values[i]!)) keys[j++] = keyOf(bits[i]!);
  const sorted = radixSort(keys);

  // where the class changes: the first key of each class met in order
  const breakKeys: number[] = [];
  const breakClasses: number[] = [];
  const span = finite - 1;
  for (let lo = 0; lo < finite; ) {
    const key = sorted[lo]!;
    let end = lo + 1;
    while (end < finite && sorted[end] === key) end++;
    const t = span === 0 ? 0.5 : (lo + end - 1) / 2 / span;
    const cls = Math.min(steps - 1, Math.round(t * (steps - 1)));
    if (breakClasses.length === 0 || breakClasses[breakClasses.length - 1] !== cls) {
      breakKeys.push(key);
      breakClasses.push(cls);
    }
    lo = end;
  }
  const points = Uint32Array.from(breakKeys);
  const classes = Int32Array.from(breakClasses);

  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    if (Number.isNaN(values[i]!)) {
      out[i] = -1;
      continue;
    }
    const key = keyOf(bits[i]!);
    // last break point ≤ key
    let lo = 0;
    let hi = points.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (points[mid]! <= key) lo = mid;
      else hi = mid;
    }
    out[i] = classes[lo]!;
  }
  return out;
}
