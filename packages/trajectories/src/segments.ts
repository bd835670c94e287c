/**
 * The segment record (api.ts): 16 bytes, little-endian — Uint32 vehicle, Int32 link (`~index` for a stationary
 * segment), Float32 t0, Float32 t1. Records are read through 4-byte typed-array views of the whole buffer (stride 4
 * words), so a segment is `words[4i … 4i+3]`; the views need a little-endian platform (every one we run on).
 */
import { SEGMENT_BYTES } from './api.ts';

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('@corridor/trajectories needs a little-endian platform');

/** Words per segment (Uint32/Int32/Float32 views). */
export const SEGMENT_WORDS = SEGMENT_BYTES / 4;

export interface SegmentView {
  count: number;
  /** Word 4i. */
  vehicle: Uint32Array;
  /** Word 4i + 1; negative (`~link`) for a stationary segment. */
  link: Int32Array;
  /** Words 4i + 2 (t0) and 4i + 3 (t1). */
  time: Float32Array;
}

/** The bytes as a 4-aligned buffer range: a view when the offset allows, else a copy. */
export function alignedBuffer(bytes: ArrayBuffer | Uint8Array, multiple: number): { buffer: ArrayBufferLike; byteOffset: number; byteLength: number } {
  if (!(bytes instanceof Uint8Array)) return { buffer: bytes, byteOffset: 0, byteLength: bytes.byteLength };
  if (bytes.byteOffset % multiple === 0) return { buffer: bytes.buffer, byteOffset: bytes.byteOffset, byteLength: bytes.byteLength };
  const copy = bytes.slice();
  return { buffer: copy.buffer, byteOffset: 0, byteLength: copy.byteLength };
}

export function segmentView(bytes: Uint8Array): SegmentView {
  if (bytes.byteLength % SEGMENT_BYTES !== 0) throw new Error(`Segment data of ${bytes.byteLength} bytes is not a whole number of ${SEGMENT_BYTES}-byte records.`);
  const { buffer, byteOffset, byteLength } = alignedBuffer(bytes, 4);
  const words = byteLength / 4;
  return {
    count: byteLength / SEGMENT_BYTES,
    vehicle: new Uint32Array(buffer, byteOffset, words),
    link: new Int32Array(buffer, byteOffset, words),
    time: new Float32Array(buffer, byteOffset, words),
  };
}

export const isStationary = (link: number): boolean => link < 0;
/** The link index of a segment's link word (stationary or moving). */
export const linkOf = (link: number): number => (link < 0 ? ~link : link);

/**
 * Whether a segment starts a new stretch in traffic: a stationary segment always does (each stretch starts with
 * one), and so does a moving one that does not begin when the vehicle's previous segment ended (`prevT1`, NaN for
 * none) — a vehicle seen on links without `vehicle enters traffic`, or after a skipped unknown link.
 */
export const startsStretch = (link: number, t0: number, prevT1: number): boolean => link < 0 || t0 !== prevT1;

/** Mode index per vehicle from `vehicles.bin` (Uint16 little-endian), viewed without copying when aligned. */
export function vehicleModeView(bytes: Uint8Array): Uint16Array {
  const { buffer, byteOffset, byteLength } = alignedBuffer(bytes, 2);
  return new Uint16Array(buffer, byteOffset, byteLength >> 1);
}

/** Collects segment records into a fixed chunk and hands each full chunk (the same buffer, reused) to `flush`. */
export class SegmentWriter {
  private readonly bytes: Uint8Array;
  private readonly u32: Uint32Array;
  private readonly i32: Int32Array;
  private readonly f32: Float32Array;
  private used = 0;
  /** Segments written so far (flushed or not). */
  written = 0;

  constructor(
    private readonly flush: (chunk: Uint8Array) => void,
    chunkSegments = 4096,
  ) {
    const buffer = new ArrayBuffer(chunkSegments * SEGMENT_BYTES);
    this.bytes = new Uint8Array(buffer);
    this.u32 = new Uint32Array(buffer);
    this.i32 = new Int32Array(buffer);
    this.f32 = new Float32Array(buffer);
  }

  write(vehicle: number, link: number, t0: number, t1: number): void {
    const w = this.used * SEGMENT_WORDS;
    this.u32[w] = vehicle;
    this.i32[w + 1] = link;
    this.f32[w + 2] = t0;
    this.f32[w + 3] = t1;
    this.written++;
    if (++this.used * SEGMENT_WORDS === this.u32.length) this.end();
  }

  /** Hands over what is buffered. */
  end(): void {
    if (this.used === 0) return;
    this.flush(this.bytes.subarray(0, this.used * SEGMENT_BYTES));
    this.used = 0;
  }
}
