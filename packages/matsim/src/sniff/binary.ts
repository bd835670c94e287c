/** Binary formats recognised by their magic numbers and headers: images, GeoPackages and the binary shapefile parts. */
import type { DataTypeTag, ShapefilePart } from './tags.ts';

export interface BinaryMatch {
  tag: DataTypeTag;
  shapefilePart?: ShapefilePart;
}

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** ESRI shape types (0 null, 1/3/5/8 point/polyline/polygon/multipoint, +10 Z, +20 M, 31 multipatch). */
const SHAPE_TYPES = new Set([0, 1, 3, 5, 8, 11, 13, 15, 18, 21, 23, 25, 28, 31]);

/** dBASE versions seen in shapefiles: III (0x03, 0x83 with memo), IV, FoxPro and Visual FoxPro. */
const DBF_VERSIONS = new Set([0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0x8e, 0xcb, 0xf5, 0xfb]);

export function sniffBinary(head: Uint8Array, fileName?: string): BinaryMatch | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { tag: 'image_png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { tag: 'image_jpeg' };
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return { tag: 'image_gif' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { tag: 'image_webp' };
  if (isGeoPackage(head)) return { tag: 'geopackage' };
  const shape = shapeFilePart(head, fileName);
  if (shape) return { tag: 'shapefile', shapefilePart: shape };
  if (isDbf(head)) return { tag: 'shapefile', shapefilePart: 'dbf' };
  return null;
}

/**
 * A GeoPackage is an SQLite database ("SQLite format 3\0") whose application_id (big-endian at offset 68) is 'GPKG'
 * (1.2 and later) or 'GP10' / 'GP11' (1.0, 1.1). Other SQLite databases are not a format the platform knows.
 */
function isGeoPackage(head: Uint8Array): boolean {
  if (head.length < 72 || !startsWith(head, [...ascii('SQLite format 3'), 0])) return false;
  const id = String.fromCharCode(...head.subarray(68, 72));
  return id === 'GPKG' || id === 'GP10' || id === 'GP11';
}

/**
 * `.shp` and `.shx` share the 100-byte header (file code 9994 = 0x0000270a, version 1000). After it, a `.shp`
 * starts with record number 1, a `.shx` with the offset of that record, 50 (16-bit words). Only a file with no
 * records needs the name to tell the two apart.
 */
function shapeFilePart(head: Uint8Array, fileName?: string): 'shp' | 'shx' | null {
  if (head.length < 100 || !startsWith(head, [0x00, 0x00, 0x27, 0x0a])) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (view.getInt32(28, true) !== 1000 || !SHAPE_TYPES.has(view.getInt32(32, true))) return null;
  if (head.length >= 104) {
    const first = view.getInt32(100, false);
    if (first === 1) return 'shp';
    if (first === 50) return 'shx';
  }
  return /\.shx$/i.test(fileName ?? '') ? 'shx' : 'shp';
}

/**
 * A dBASE table: version byte, a plausible YYMMDD date, a header length of 32 bytes + 32 per field (+263 for
 * Visual FoxPro) + the 0x0D terminator, and a first field descriptor with a letter for its type.
 */
function isDbf(head: Uint8Array): boolean {
  if (head.length < 65 || !DBF_VERSIONS.has(head[0]!)) return false;
  const month = head[2]!;
  const day = head[3]!;
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (recordLength < 2 || headerLength < 65) return false;
  const backlink = (head[0]! & 0xf0) === 0x30 ? 263 : 0;
  const terminator = headerLength - 1 - backlink;
  const fieldBytes = terminator - 32;
  if (fieldBytes < 32 || fieldBytes % 32 !== 0) return false;
  if (terminator < head.length && head[terminator] !== 0x0d) return false;
  const fieldType = String.fromCharCode(head[32 + 11]!);
  return /[A-Z@+]/.test(fieldType);
}
