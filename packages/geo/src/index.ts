export { lngLat, xy, type LngLat, type XY } from './types.ts';
export { ATLANTIS, normalizeCode } from './catalog.ts';
export { searchCrs, crsName, resolveCrs, isPlaneCrs, type CrsSummary } from './search.ts';
export { transformer, isOnEarth, UnknownCrsError } from './transform.ts';
export { crsWkt } from './wkt.ts';
