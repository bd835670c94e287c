/** How a stored file is sent: its content type (by tag, then extension) and the Content-Disposition header. */

const XML_TAG = /^(config|network|plans|population|facilities|transitSchedule|vehicleDefinitions|dvrp_vehicles|events|counts|households)_v\d+$/;
const CSV_TAGS = new Set(['trips', 'legs', 'persons', 'activities', 'links']);
const IMAGE_TAGS: Record<string, string> = {
  image_png: 'image/png',
  image_jpeg: 'image/jpeg',
  image_gif: 'image/gif',
  image_webp: 'image/webp',
  geopackage: 'application/geopackage+sqlite3',
};
const BY_EXTENSION: Record<string, string> = {
  xml: 'application/xml',
  csv: 'text/csv',
  txt: 'text/plain',
  log: 'text/plain',
  json: 'application/json',
  geojson: 'application/geo+json',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  gpkg: 'application/geopackage+sqlite3',
  gz: 'application/gzip',
  zst: 'application/zstd',
  zip: 'application/zip',
  jar: 'application/java-archive',
};
const COMPRESSED: Record<string, string> = { gzip: 'application/gzip', zstd: 'application/zstd' };

/** The type of the bytes as stored: a gzipped network is application/gzip, its decompressed text XML. */
export function storedContentType(name: string, tag: string | null, compression: unknown): string {
  if (typeof compression === 'string' && COMPRESSED[compression]) return COMPRESSED[compression];
  return contentType(name, tag);
}

/** The type of the (decompressed) content. */
export function contentType(name: string, tag: string | null): string {
  if (tag) {
    if (XML_TAG.test(tag)) return 'application/xml; charset=utf-8';
    if (IMAGE_TAGS[tag]) return IMAGE_TAGS[tag];
    if (CSV_TAGS.has(tag)) return 'text/csv; charset=utf-8';
    if (tag !== 'shapefile') return 'text/plain; charset=utf-8'; // statistics tables and logs
  }
  const type = BY_EXTENSION[extensionOf(name)];
  if (!type) return 'application/octet-stream';
  return type.startsWith('text/') || type.endsWith('xml') ? `${type}; charset=utf-8` : type;
}

/** The extension after the last dot, ignoring a compression suffix (`plans.xml.gz` → `xml` only for content). */
function extensionOf(name: string): string {
  const parts = name.toLowerCase().split('.');
  return parts.length > 1 ? parts[parts.length - 1]! : '';
}

/** RFC 6266 with an ASCII fallback and the UTF-8 name; quotes, backslashes and control characters are dropped. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
