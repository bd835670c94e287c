/**
 * CRS search for the scenario CRS picker and `GET /datasets/crs`: by code (`25832`, `EPSG:25832`) and by name words
 * (`utm 32n`, `wgs 84`, `dhdn`) and by MATSim's names (`GK4`, `WGS84_UTM33N`, `CH1903_LV03_Plus`). Order: the exact
 * code or MATSim name, then MATSim names starting with the query, then codes starting with the digits, then name
 * matches.
 */
import { ATLANTIS, crsCatalog, crsEntry, MATSIM_CRS_NAMES, MATSIM_NAME_SPELLING, words, type CrsEntry } from './catalog.ts';

export interface CrsSummary {
  code: string;
  name: string;
}

/** What an empty query offers: CRSs MATSim scenarios commonly use (examples, Berlin, Switzerland, France, UK). */
const SUGGESTED = [
  ATLANTIS,
  'EPSG:4326',
  'EPSG:3857',
  'EPSG:25832',
  'EPSG:25833',
  'EPSG:31468',
  'EPSG:2056',
  'EPSG:2154',
  'EPSG:27700',
];
const SUGGESTED_SET = new Set(SUGGESTED);

export function searchCrs(query: string, limit = 50): CrsSummary[] {
  const tokens = words(query);
  if (tokens[0] === 'epsg') tokens.shift();
  if (tokens.length === 0) return SUGGESTED.slice(0, limit).flatMap((code) => summary(crsEntry(code)) ?? []);

  const { entries } = crsCatalog();
  const found = new Set<CrsEntry>();
  /** MATSim's name of an entry found through it, shown with the entry's own name. */
  const viaMatsim = new Map<CrsEntry, string>();
  const add = (entry: CrsEntry | undefined) => {
    if (entry && found.size < limit) found.add(entry);
  };

  const compact = query.trim().toLowerCase();
  if (compact.length >= 2 && !/^(epsg\s*:?\s*)?\d+$/.test(compact)) {
    const names = Object.keys(MATSIM_CRS_NAMES).filter((name) => name.startsWith(compact));
    names.sort((a, b) => Number(b === compact) - Number(a === compact) || a.length - b.length || a.localeCompare(b));
    for (const name of names) {
      const entry = crsEntry(MATSIM_CRS_NAMES[name]!);
      if (entry && !found.has(entry)) viaMatsim.set(entry, MATSIM_NAME_SPELLING.get(name) ?? name);
      add(entry);
    }
  }

  const digits = tokens.length === 1 && /^\d+$/.test(tokens[0]!) ? tokens[0]! : undefined;
  if (digits !== undefined) {
    add(crsEntry(digits));
    entries
      .filter((entry) => entry.digits.length > digits.length && entry.digits.startsWith(digits))
      // Common CRSs first, then shorter codes (2583x before 2583xx); the catalogue is in numeric order already.
      .sort((a, b) => suggestedFirst(a, b) || a.digits.length - b.digits.length)
      .forEach(add);
  }

  if (found.size < limit) {
    const scored: { entry: CrsEntry; whole: number }[] = [];
    for (const entry of entries) {
      if (found.has(entry) || !tokens.every((token) => entry.key.includes(` ${token}`))) continue;
      scored.push({ entry, whole: tokens.filter((token) => entry.key.includes(` ${token} `)).length });
    }
    // Whole-word hits before prefix hits ("utm 32" → "… zone 32" before "… zone 32N"), then common CRSs
    // ("utm 32n" → ETRS89 before ED50), then the shorter name ("wgs 84" → "WGS 84" before "WGS 84 (G730)").
    scored.sort((a, b) => b.whole - a.whole || suggestedFirst(a.entry, b.entry) || a.entry.name.length - b.entry.name.length);
    for (const { entry } of scored) add(entry);
  }
  return [...found].map((entry) => {
    const matsim = viaMatsim.get(entry);
    return { code: entry.code, name: matsim ? `${entry.name} (MATSim ${matsim})` : entry.name };
  });
}

/**
 * A CRS as a config or network file names it (`global.coordinateSystem`, `coordinateReferenceSystem`): MATSim's
 * names, `EPSG:n` in any case and spacing, bare digits. The catalogue's code and name, or undefined when the
 * catalogue does not know it.
 */
export function resolveCrs(text: string): CrsSummary | undefined {
  return summary(crsEntry(text));
}

/** Whether the CRS is a plane with no place on Earth (MATSim's Atlantis): drawn on a plain background. */
export function isPlaneCrs(code: string): boolean {
  return crsEntry(code)?.plane === true;
}

export function crsName(code: string): string | undefined {
  return crsEntry(code)?.name;
}

function suggestedFirst(a: CrsEntry, b: CrsEntry): number {
  return Number(SUGGESTED_SET.has(b.code)) - Number(SUGGESTED_SET.has(a.code));
}

function summary(entry: CrsEntry | undefined): CrsSummary | undefined {
  return entry && { code: entry.code, name: entry.name };
}
