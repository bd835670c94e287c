/**
 * The CRS catalogue behind search and transforms: every EPSG entry of epsg-index that proj4 can use, plus MATSim's
 * named systems (`GK4`, `WGS84_SA_Albers`, …) and its made-up plane "Atlantis". epsg-index's all.json (7.8 MB, WKT included) is read once, on first use, and only code,
 * name, proj4 definition and a search key are kept (~3 MB), so importing the package costs nothing and the WKT is
 * garbage as soon as the catalogue is built.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import proj4 from 'proj4';

export const ATLANTIS = 'Atlantis';

export interface CrsEntry {
  /** `EPSG:25832`, or `Atlantis`. */
  code: string;
  name: string;
  /** The proj4 definition. */
  definition: string;
  /** The code's digits ('' for Atlantis), for prefix search. */
  digits: string;
  /** Name words, lower case, space-separated with a space at both ends, so `includes(' utm')` is a word-prefix test. */
  key: string;
  /** Atlantis: a plane with no place on Earth (drawn on a plain background). */
  plane?: boolean;
}

interface Catalog {
  /** Sorted by numeric code, Atlantis first. */
  entries: CrsEntry[];
  byCode: Map<string, CrsEntry>;
}

interface EpsgIndexEntry {
  code: string;
  kind: string;
  name: string;
  proj4?: string | null;
}

// Geocentric, 3D-geographic and vertical CRSs cannot place a MATSim x/y coordinate.
const KINDS = new Set(['CRS-PROJCRS', 'CRS-GEOGCRS', 'CRS-COMPOUNDCRS', 'CRS-ENGCRS', 'CRS-DRVDCRS']);

/**
 * proj4 needs the datum-shift grid a definition names (`+nadgrids=…`) and returns NaN without it; we ship no grids.
 * Where EPSG has a Helmert transformation for the datum, it stands in, as in MATSim's own GK4 definition; the
 * error is the one EPSG states. Other grid-only CRSs are left out.
 */
const HELMERT_FOR_GRID: Record<string, string> = {
  // DHDN (German Gauss-Krüger, Soldner Berlin): EPSG:1777 "DHDN to WGS 84 (2)", ~3 m.
  'BETA2007.gsb': '598.1,73.7,418.2,0.202,0.045,-2.455,6.7',
  // OSGB36 (British National Grid): EPSG:1314 "OSGB36 to WGS 84 (6)", ~2 m.
  'OSTN15_NTv2_OSGBtoETRS.gsb': '446.448,-125.157,542.06,0.15,0.247,0.842,-20.489',
  // NZGD49: EPSG:1564 "NZGD49 to WGS 84 (2)", ~4 m (coordinate-frame rotations turned into proj4's position vector).
  'nzgd2kgrid0005.gsb': '59.47,-5.04,187.44,0.47,-0.1,1.024,-4.5993',
};

let catalog: Catalog | undefined;

export function crsCatalog(): Catalog {
  catalog ??= loadCatalog();
  return catalog;
}

/** The entry for a code as users and files write it: `EPSG:25832`, `epsg:25832`, `25832`, `atlantis`. */
export function crsEntry(code: string): CrsEntry | undefined {
  const normalized = normalizeCode(code);
  return normalized === undefined ? undefined : crsCatalog().byCode.get(normalized);
}

/**
 * The names MATSim's `TransformationFactory` accepts besides EPSG codes (`global.coordinateSystem`, e.g.
 * berlin-medium's `GK4`), mapped to the EPSG system `MGC` gives them, keys in lower case (names are matched
 * case-insensitively). Names whose MGC definition has no EPSG equivalent are catalogue entries of their own
 * (`MATSIM_SYSTEMS`).
 */
export const MATSIM_CRS_NAMES: Record<string, string> = {
  wgs84: 'EPSG:4326',
  gk4: 'EPSG:31468', // MATSim's own GK4toWGS84; MGC's DHDN_GK4 is EPSG:31468
  dhdn_gk4: 'EPSG:31468',
  dhdn_soldnerberlin: 'EPSG:3068',
  ch1903_lv03: 'EPSG:21781',
  ch1903_lv03_gt: 'EPSG:21781',
  ch1903_lv03_plus: 'EPSG:2056',
  ch1903_lv03_plus_gt: 'EPSG:2056',
  wgs84_utm29n: 'EPSG:32629',
  wgs84_utm31n: 'EPSG:32631',
  wgs84_utm33n: 'EPSG:32633',
  wgs84_utm35s: 'EPSG:32735',
  wgs84_utm36s: 'EPSG:32736',
  wgs84_utm47s: 'EPSG:32747',
  wgs84_utm48n: 'EPSG:32648',
  nad83_utm17n: 'EPSG:26917',
  // MGC's SVY21 and WGS84_TM are both the Singapore TM on WGS 84 = EPSG:3414's parameters.
  wgs84_svy21: 'EPSG:3414',
  wgs84_tm: 'EPSG:3414',
  epsg5514_krovak: 'EPSG:5514',
};

/** The spelling MATSim uses for each name above (for messages and search results). */
const MATSIM_SPELLING = [
  'WGS84', 'GK4', 'DHDN_GK4', 'DHDN_SoldnerBerlin', 'CH1903_LV03', 'CH1903_LV03_GT', 'CH1903_LV03_Plus', 'CH1903_LV03_Plus_GT',
  'WGS84_UTM29N', 'WGS84_UTM31N', 'WGS84_UTM33N', 'WGS84_UTM35S', 'WGS84_UTM36S', 'WGS84_UTM47S', 'WGS84_UTM48N',
  'NAD83_UTM17N', 'WGS84_SVY21', 'WGS84_TM', 'EPSG5514_KROVAK',
];
export const MATSIM_NAME_SPELLING = new Map(MATSIM_SPELLING.map((name) => [name.toLowerCase(), name]));

/**
 * MATSim's named systems without an EPSG code: their MGC WKT written as proj4 definitions (WGS 84 datum where MGC
 * says so; Hartebeesthoek94 is WGS 84 to a metre). The code is MATSim's name.
 */
const MATSIM_SYSTEMS: { code: string; name: string; definition: string }[] = [
  { code: 'WGS84_Albers', name: 'Africa Albers Equal Area Conic (MATSim WGS84_Albers)', definition: '+proj=aea +lat_0=0 +lon_0=25 +lat_1=20 +lat_2=-23 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs' },
  { code: 'WGS84_SA_Albers', name: 'South Africa Albers Equal Area (MATSim WGS84_SA_Albers)', definition: '+proj=aea +lat_0=0 +lon_0=24 +lat_1=-18 +lat_2=-32 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs' },
  ...[19, 25, 29, 31].map((lon) => ({
    code: `SA_Lo${lon}`,
    name: `Hartebeesthoek94 / Lo${lon} transverse Mercator (MATSim SA_Lo${lon})`,
    definition: `+proj=tmerc +lat_0=0 +lon_0=${lon} +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs`,
  })),
  // MGC's "Korean 1985 Katech (TM128)" (its WKT names no datum shift; neither does this).
  { code: 'PCS_ITRF2000_TM_UOS', name: 'Korean 1985 / Katech TM128 (MATSim PCS_ITRF2000_TM_UOS)', definition: '+proj=tmerc +lat_0=38 +lon_0=128 +k=0.9999 +x_0=400000 +y_0=600000 +ellps=bessel +units=m +no_defs' },
];

/**
 * MATSim's Atlantis, the made-up plane of its examples: metres, no place on Earth. Shown as a transverse Mercator
 * plane whose origin is where MATSim's own AtlantisToWGS84 puts (0, 0) — 30° W 10° N, open Atlantic — so
 * distances and shapes stay true in metres and nothing real lies under it (docs/decisions.md).
 */
export const ATLANTIS_DEFINITION = '+proj=tmerc +lat_0=10 +lon_0=-30 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs';

/** The canonical code of a name as users and files write it: `EPSG:25832`, `epsg : 25832`, `25832`, `GK4`, `atlantis`. */
export function normalizeCode(code: string): string | undefined {
  const trimmed = code.trim();
  const lower = trimmed.toLowerCase();
  if (lower === 'atlantis') return ATLANTIS;
  const alias = MATSIM_CRS_NAMES[lower];
  if (alias) return alias;
  const own = MATSIM_SYSTEMS.find((system) => system.code.toLowerCase() === lower);
  if (own) return own.code;
  const digits = /^(?:epsg\s*:?\s*)?(\d+)$/i.exec(trimmed)?.[1];
  return digits === undefined ? undefined : `EPSG:${Number(digits)}`;
}

/** Lower-case words without diacritics: "Gauss-Krüger" and "gauss kruger" meet. */
export function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

function searchKey(name: string): string {
  return ` ${words(name).join(' ')} `;
}

function loadCatalog(): Catalog {
  const path = createRequire(import.meta.url).resolve('epsg-index/all.json');
  const index = JSON.parse(readFileSync(path, 'utf8')) as Record<string, EpsgIndexEntry>;
  const atlantisName = 'Atlantis (MATSim example plane, metres, no place on Earth)';
  const entries: CrsEntry[] = [
    { code: ATLANTIS, name: atlantisName, definition: ATLANTIS_DEFINITION, digits: '', key: searchKey(atlantisName), plane: true },
    ...MATSIM_SYSTEMS.map((system) => ({ ...system, digits: '', key: searchKey(`${system.name} ${system.code}`) })),
  ];
  for (const item of Object.values(index)) {
    if (!KINDS.has(item.kind) || !item.proj4) continue;
    const definition = usableDefinition(item.proj4);
    if (definition === undefined) continue;
    entries.push({ code: `EPSG:${item.code}`, name: item.name, definition, digits: item.code, key: searchKey(item.name) });
  }
  entries.sort((a, b) => Number(a.digits || -1) - Number(b.digits || -1));
  return { entries, byCode: new Map(entries.map((entry) => [entry.code, entry])) };
}

/**
 * The definition proj4 will accept, or undefined. Checking the projection name against proj4's registry is what
 * constructing every definition would tell us (`catalog.test.ts` holds the two to each other) at a fraction of the
 * cold-start cost.
 */
function usableDefinition(definition: string): string | undefined {
  const projection = /\+proj=(\S+)/.exec(definition)?.[1];
  if (!projection || !proj4.Proj.projections.get(projection)) return undefined;
  const grids = /\+nadgrids=(\S+)/.exec(definition)?.[1];
  if (grids === undefined) return definition;
  // '@' marks an optional grid (e.g. Pseudo-Mercator's `@null`): proj4 carries on without it.
  if (grids.split(',').every((grid) => grid.startsWith('@'))) return definition;
  const helmert = HELMERT_FOR_GRID[grids];
  return helmert === undefined ? undefined : definition.replace(/\+nadgrids=\S+/, `+towgs84=${helmert}`);
}
