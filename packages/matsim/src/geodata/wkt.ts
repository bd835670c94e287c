/**
 * The CRS a .prj (WKT 1, OGC or Esri flavour) names: `EPSG:<n>` from the top-level AUTHORITY, or from the well-known
 * Esri/OGC names (WGS 84 geographic, WGS 84 / ETRS89 UTM zones, Web Mercator); else the WKT's own name.
 */

export function crsOfWkt(wkt: string): string | null {
  const text = wkt.trim();
  if (text === '') return null;
  const authority = topLevelAuthority(text);
  if (authority) return authority;
  const name = /^\s*[A-Z_]+\s*\[\s*"([^"]*)"/i.exec(text)?.[1]?.trim();
  if (!name) return null;
  return epsgOfName(name) ?? name;
}

/** The AUTHORITY["EPSG","n"] that closes the outermost element (nested ones name the datum, unit, …). */
function topLevelAuthority(text: string): string | undefined {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') {
      index = text.indexOf('"', index + 1);
      if (index < 0) return undefined;
    } else if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (depth === 1 && /^AUTHORITY\s*\[/i.test(text.slice(index, index + 12))) {
      const match = /^AUTHORITY\s*\[\s*"EPSG"\s*,\s*"?(\d+)"?\s*\]/i.exec(text.slice(index));
      if (match) return `EPSG:${Number(match[1])}`;
    }
  }
  return undefined;
}

function epsgOfName(name: string): string | undefined {
  const key = name.toLowerCase().replace(/[\s_/-]+/g, ' ').trim();
  if (key === 'gcs wgs 1984' || key === 'wgs 84' || key === 'wgs 1984' || key === 'wgs84') return 'EPSG:4326';
  if (key === 'wgs 84 pseudo mercator' || key === 'wgs 1984 web mercator auxiliary sphere') return 'EPSG:3857';
  const utm = /^(wgs 1984|wgs 84|etrs 1989|etrs89) utm zone (\d{1,2})\s?([ns])$/.exec(key);
  if (utm) {
    const zone = Number(utm[2]);
    if (zone < 1 || zone > 60) return undefined;
    const etrs = utm[1]!.startsWith('etrs');
    if (etrs) return utm[3] === 'n' && zone >= 28 && zone <= 38 ? `EPSG:${25800 + zone}` : undefined;
    return `EPSG:${(utm[3] === 'n' ? 32600 : 32700) + zone}`;
  }
  return undefined;
}
