/**
 * The binary trajectories answer (contract `visualizer.ts`, spec 3 §9), shared by the server (writes) and the web
 * app (reads); no Node APIs. Little-endian: Int32 path count P, Int32[P] vehicle index, Int32[P] point count,
 * Float32 points (lon, lat, time, value). Every part is 4-byte aligned, so decoding is views, not copies, whenever
 * the bytes start on a 4-byte boundary (a `fetch` ArrayBuffer always does).
 */
import type { DecodedTrajectories } from './api.ts';
import { alignedBuffer } from './segments.ts';

/** A zeroed answer of this size. */
export function answerBytes(paths: number, points: number): Uint8Array {
  return new Uint8Array(4 + 8 * paths + 16 * points);
}

/** Writes P and returns the writable views of an answer made by `answerBytes`. */
export function writeAnswerHeader(bytes: Uint8Array, paths: number): { vehicle: Int32Array; pointCount: Int32Array; points: Float32Array } {
  const { buffer, byteOffset, byteLength } = bytes;
  new Int32Array(buffer, byteOffset, 1)[0] = paths;
  return {
    vehicle: new Int32Array(buffer, byteOffset + 4, paths),
    pointCount: new Int32Array(buffer, byteOffset + 4 + 4 * paths, paths),
    points: new Float32Array(buffer, byteOffset + 4 + 8 * paths, (byteLength - 4 - 8 * paths) / 4),
  };
}

export function decodeTrajectories(input: ArrayBuffer | Uint8Array): DecodedTrajectories & { pointCount: Int32Array } {
  const { buffer, byteOffset, byteLength } = alignedBuffer(input, 4);
  if (byteLength < 4) throw new Error('Trajectories answer is empty.');
  const paths = new Int32Array(buffer, byteOffset, 1)[0]!;
  const pointBytes = byteLength - 4 - 8 * paths;
  if (paths < 0 || pointBytes < 0 || pointBytes % 16 !== 0) throw new Error(`Trajectories answer of ${byteLength} bytes does not hold ${paths} paths.`);
  const vehicle = new Int32Array(buffer, byteOffset + 4, paths);
  const pointCount = new Int32Array(buffer, byteOffset + 4 + 4 * paths, paths);
  const startIndices = new Int32Array(paths + 1);
  for (let p = 0; p < paths; p++) startIndices[p + 1] = startIndices[p]! + pointCount[p]!;
  if (startIndices[paths]! * 16 !== pointBytes) throw new Error(`Trajectories answer: point counts add up to ${startIndices[paths]}, the data holds ${pointBytes / 16}.`);
  return { paths, vehicle, pointCount, startIndices, points: new Float32Array(buffer, byteOffset + 4 + 8 * paths, pointBytes / 4) };
}
