/**
 * The OGC WKT (version 1) of an EPSG code, for files that carry their CRS as text (a GeoPackage's
 * `gpkg_spatial_ref_sys.definition`, a shapefile's .prj). Read from epsg-index's per-code file, so only that entry
 * is loaded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { normalizeCode } from './catalog.ts';

/** The WKT of `EPSG:n` (any spelling `normalizeCode` accepts), or undefined for other CRSs and unknown codes. */
export function crsWkt(code: string): string | undefined {
  const digits = /^EPSG:(\d+)$/.exec(normalizeCode(code) ?? '')?.[1];
  if (!digits) return undefined;
  try {
    const path = createRequire(import.meta.url).resolve(`epsg-index/s/${digits}.json`);
    const wkt = (JSON.parse(readFileSync(path, 'utf8')) as { wkt?: unknown }).wkt;
    return typeof wkt === 'string' && wkt.trim() !== '' ? wkt : undefined;
  } catch {
    return undefined;
  }
}
