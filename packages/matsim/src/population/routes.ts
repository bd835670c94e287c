/** Reading route descriptions: network routes' link ids and the two pt route encodings. */
import { parseTime } from '../common/time.ts';
import { MatsimFormatError } from '../errors.ts';
import type { Route } from './model.ts';

/** The link ids of a `links` route, start and end link included; undefined for any other route. */
export function routeLinkIds(route: Route): string[] | undefined {
  if (route.type !== 'links' || route.nodeRoute) return undefined;
  return splitIds(route.description);
}

/** The node ids of a v4 car route (MATSim turns them into links with the network); undefined otherwise. */
export function routeNodeIds(route: Route): string[] | undefined {
  return route.nodeRoute ? splitIds(route.description) : undefined;
}

export interface PtRouteInfo {
  transitLineId: string;
  transitRouteId: string;
  /** Stop facility ids. */
  accessFacilityId: string;
  egressFacilityId: string;
  /** Seconds; undefined when the route has none (`"boardingTime":"undefined"`). */
  boardingTime?: number;
}

/**
 * What a pt route says: `default_pt` JSON (`{"transitRouteId":…,"boardingTime":…,"transitLineId":…,
 * "accessFacilityId":…,"egressFacilityId":…}`) or the legacy `experimentalPt1` text `PT1===acc===line===route===egr`.
 * Undefined for other route types; a description that does not parse is an `invalid-value` error.
 */
export function ptRouteInfo(route: Route): PtRouteInfo | undefined {
  if (route.type === 'default_pt') return fromJson(route.description);
  if (route.type === 'experimentalPt1') return fromPt1(route.description);
  return undefined;
}

function fromJson(description: string): PtRouteInfo {
  let json: unknown;
  try {
    json = JSON.parse(description);
  } catch {
    throw invalid(description, 'is not JSON');
  }
  if (typeof json !== 'object' || json === null) throw invalid(description, 'is not a JSON object');
  const record = json as Record<string, unknown>;
  const text = (key: string): string => {
    const value = record[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
    throw invalid(description, `lacks ${key}`);
  };
  const info: PtRouteInfo = {
    transitLineId: text('transitLineId'),
    transitRouteId: text('transitRouteId'),
    accessFacilityId: text('accessFacilityId'),
    egressFacilityId: text('egressFacilityId'),
  };
  const boarding = record.boardingTime;
  const boardingTime = typeof boarding === 'number' ? boarding : typeof boarding === 'string' ? parseTime(boarding) : undefined;
  if (boardingTime !== undefined && !Number.isNaN(boardingTime)) info.boardingTime = boardingTime;
  return info;
}

function fromPt1(description: string): PtRouteInfo {
  const parts = description.split('===');
  if (parts.length < 5 || parts[0] !== 'PT1') throw invalid(description, 'is not PT1===access===line===route===egress');
  const [, accessFacilityId, transitLineId, transitRouteId, egressFacilityId] = parts as [string, string, string, string, string];
  return { transitLineId, transitRouteId, accessFacilityId, egressFacilityId };
}

function splitIds(description: string): string[] {
  const trimmed = description.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

function invalid(description: string, why: string): MatsimFormatError {
  const shown = description.length > 80 ? `${description.slice(0, 80)}…` : description;
  return new MatsimFormatError('invalid-value', `The pt route description "${shown}" ${why}.`);
}
