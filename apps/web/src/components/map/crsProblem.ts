/**
 * Whether a processed network can be placed on a map (issue 24): the server's plausibility check says so in
 * info.json (`problem`); a network processed before that check is judged here by its centre, so metres taken as
 * degrees never reach MapLibre ("Invalid LngLat latitude value").
 */
import type { NetworkCrsProblem, NetworkInfo } from '@corridor/contract';

export function networkCrsProblem(info: NetworkInfo, datasetCrs: string | undefined): NetworkCrsProblem | null {
  if (info.problem) return info.problem;
  const onEarth = Number.isFinite(info.centerLat) && Number.isFinite(info.centerLon) && Math.abs(info.centerLat) <= 90 && Math.abs(info.centerLon) <= 180;
  if (onEarth) return null;
  const crs = info.crs ?? datasetCrs ?? null;
  return crs ? { kind: 'outside', crs, message: '' } : { kind: 'no-crs', crs: null, message: '' };
}
