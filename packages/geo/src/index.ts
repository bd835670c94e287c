export { lngLat, xy, type LngLat, type XY } from './types.ts';
export { ATLANTIS } from './catalog.ts';
export { searchCrs, crsName, type CrsSummary } from './search.ts';
export { transformer, UnknownCrsError } from './transform.ts';
