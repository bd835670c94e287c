/**
 * The modification list's line for a public transport modification (spec 2 §3 kinds): what it did, naming the stop,
 * line or route — "Stop Stop-ab12cd34 added", "Route r1 of line L1: stop s2 added". Pure, like modificationText.ts.
 */
import type { TransitModification } from '@corridor/contract';
import type { Translate } from './modificationText.ts';

const ROUTE_KEY: Partial<Record<TransitModification['type'], string>> = {
  'route/update': 'routeUpdate',
  'route/delete': 'routeDelete',
  'route/updateDepartures': 'departures',
  'route/addStop': 'routeAddStop',
  'route/updateStop': 'routeUpdateStop',
  'route/deleteStop': 'routeDeleteStop',
  'networkRoute/addLink': 'networkRouteAdd',
  'networkRoute/deleteLink': 'networkRouteDelete',
};

export function transitText(mod: TransitModification, t: Translate): string {
  const say = (key: string, params: Record<string, unknown>) => t(`sidebar.mods.transit.${key}`, params);
  switch (mod.type) {
    case 'transitStop/add':
      return say('stopAdd', { id: mod.stop.id });
    case 'transitStop/update':
      return mod.stop.id !== mod.id ? say('stopRename', { id: mod.id, to: mod.stop.id }) : say('stopUpdate', { id: mod.id });
    case 'transitStop/delete':
      return say('stopDelete', { id: mod.id });
    case 'transitLine/add':
      return say('lineAdd', { id: mod.line.id });
    case 'transitLine/update':
      return say('lineUpdate', { id: mod.id });
    case 'transitLine/delete':
      return say('lineDelete', { id: mod.id });
    case 'route/add':
      return say('routeAdd', { id: mod.route.id, line: mod.route.transitLineId });
    case 'transitStop/group':
    case 'transitLine/group':
      return say('group', { count: mod.modifications.length, list: mod.modifications.map((step) => transitText(step, t)).join('; ') });
    default: {
      const detail = 'stopId' in mod ? { stop: mod.stopId } : 'linkId' in mod ? { link: mod.linkId } : 'departures' in mod ? { count: mod.departures.length } : {};
      return say(ROUTE_KEY[mod.type] ?? 'routeUpdate', { id: mod.routeId, line: mod.lineId, ...detail });
    }
  }
}
