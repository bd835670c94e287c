/**
 * The compact binary form of a network (derived file `network.bin`): what the map editor's queries read, so the
 * XML is parsed once, at post-processing. Pure (no Node APIs), so a browser-side reader can share it.
 *
 * Layout, little-endian, every section starting at a multiple of 8 bytes:
 *
 * | bytes | content |
 * |---|---|
 * | 0–3 | magic `CNB1` |
 * | 4–7 | u32 layout version (1) |
 * | 8–11 | u32 node count N |
 * | 12–15 | u32 link count L |
 * | 16–19 | u32 numeric column count C (Float64 columns) |
 * | 20–23 | u32 categorical column count K (Uint32 code columns) |
 * | 24–27 | u32 byte offset of the Flatbush index |
 * | 28–31 | u32 byte offset of the JSON tail (it runs to the end) |
 * | 32… | Float64 node coordinates, N × (lng, lat), WGS 84 |
 * | … | Float64 link coordinates, L × (fromLng, fromLat, toLng, toLat), WGS 84 |
 * | … | C × Float64[L] numeric columns (NaN: the link has no value) |
 * | … | Uint32 link from-node index [L], to-node index [L] |
 * | … | K × Uint32[L] categorical columns (index into the column's dictionary; 0xFFFFFFFF: no value) |
 * | index offset | Flatbush index over the link boxes (item i = link i), `Flatbush.from(buffer, offset)` |
 * | … | UTF-8 JSON tail: `{ nodeIds, linkIds, columns: [{name, type, dictionary?}] }` |
 *
 * The id→index lookup is the position of an id in `nodeIds` / `linkIds` (maps built on load). Column order in the
 * tail: the numeric columns first (in the order of the Float64 sections), then the categorical ones.
 */
import Flatbush from 'flatbush';
import type { LinkAttributeType } from '@corridor/contract';

export const NETWORK_BINARY_FILENAME = 'network.bin';
const MAGIC = 0x3142_4e43; // 'CNB1' little-endian
const VERSION = 1;
const HEADER_BYTES = 32;
export const NO_CODE = 0xffff_ffff;

export interface ColumnMeta {
  name: string;
  type: LinkAttributeType;
  /** Categorical columns: the values their codes stand for. */
  dictionary?: string[];
}

export interface NetworkBinary {
  nodeIds: string[];
  linkIds: string[];
  nodeCoords: Float64Array;
  linkCoords: Float64Array;
  linkFrom: Uint32Array;
  linkTo: Uint32Array;
  numeric: { meta: ColumnMeta; values: Float64Array }[];
  categorical: { meta: ColumnMeta & { dictionary: string[] }; codes: Uint32Array }[];
  index: Flatbush;
}

/** What `encodeNetwork` needs: everything but the index, which it builds. */
export type NetworkColumns = Omit<NetworkBinary, 'index'>;

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

export function encodeNetwork(net: NetworkColumns): Uint8Array {
  const n = net.nodeIds.length;
  const l = net.linkIds.length;
  const index = new Flatbush(Math.max(l, 1));
  for (let i = 0; i < l; i++) {
    const c = net.linkCoords.subarray(4 * i, 4 * i + 4);
    index.add(Math.min(c[0]!, c[2]!), Math.min(c[1]!, c[3]!), Math.max(c[0]!, c[2]!), Math.max(c[1]!, c[3]!));
  }
  if (l === 0) index.add(0, 0, 0, 0); // Flatbush needs one item; an empty network's queries never reach it.
  index.finish();
  const tail = new TextEncoder().encode(
    JSON.stringify({ nodeIds: net.nodeIds, linkIds: net.linkIds, columns: [...net.numeric.map((c) => c.meta), ...net.categorical.map((c) => c.meta)] }),
  );
  const float64s = 2 * n + 4 * l + net.numeric.length * l;
  const uint32s = 2 * l + net.categorical.length * l;
  const indexOffset = pad8(HEADER_BYTES + 8 * float64s + 4 * uint32s);
  const tailOffset = indexOffset + pad8(index.data.byteLength);
  const total = tailOffset + tail.byteLength;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  [MAGIC, VERSION, n, l, net.numeric.length, net.categorical.length, indexOffset, tailOffset].forEach((v, i) => view.setUint32(4 * i, v, true));
  let offset = HEADER_BYTES;
  const put = (array: Float64Array | Uint32Array) => {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset += array.byteLength;
  };
  put(net.nodeCoords);
  put(net.linkCoords);
  for (const column of net.numeric) put(column.values);
  put(net.linkFrom);
  put(net.linkTo);
  for (const column of net.categorical) put(column.codes);
  bytes.set(new Uint8Array(index.data as ArrayBuffer), indexOffset);
  bytes.set(tail, tailOffset);
  return bytes;
}

export class NetworkBinaryError extends Error {
  override readonly name = 'NetworkBinaryError';
}

/** Views over `bytes` (no copy of the arrays); `bytes` must start at an 8-aligned offset of its buffer. */
export function decodeNetwork(bytes: Uint8Array): NetworkBinary {
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < HEADER_BYTES || view.getUint32(0, true) !== MAGIC) throw new NetworkBinaryError('not a network binary');
  const [version, n, l, numericCount, categoricalCount, indexOffset, tailOffset] = [1, 2, 3, 4, 5, 6, 7].map((i) => view.getUint32(4 * i, true)) as [
    number, number, number, number, number, number, number,
  ];
  if (version !== VERSION) throw new NetworkBinaryError(`layout version ${version} is not known`);
  let offset = bytes.byteOffset + HEADER_BYTES;
  const f64 = (count: number) => {
    const array = new Float64Array(bytes.buffer, offset, count);
    offset += 8 * count;
    return array;
  };
  const u32 = (count: number) => {
    const array = new Uint32Array(bytes.buffer, offset, count);
    offset += 4 * count;
    return array;
  };
  const nodeCoords = f64(2 * n);
  const linkCoords = f64(4 * l);
  const numericValues = Array.from({ length: numericCount }, () => f64(l));
  const linkFrom = u32(l);
  const linkTo = u32(l);
  const codes = Array.from({ length: categoricalCount }, () => u32(l));
  const index = Flatbush.from(bytes.buffer, bytes.byteOffset + indexOffset);
  const tail = JSON.parse(new TextDecoder().decode(bytes.subarray(tailOffset))) as {
    nodeIds: string[];
    linkIds: string[];
    columns: ColumnMeta[];
  };
  return {
    nodeIds: tail.nodeIds,
    linkIds: tail.linkIds,
    nodeCoords,
    linkCoords,
    linkFrom,
    linkTo,
    numeric: numericValues.map((values, i) => ({ meta: tail.columns[i]!, values })),
    categorical: codes.map((c, i) => ({ meta: tail.columns[numericCount + i] as ColumnMeta & { dictionary: string[] }, codes: c })),
    index,
  };
}
