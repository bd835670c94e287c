/**
 * The modification list's line for a DRT modification (spec 2 §3 kinds): what it did, naming the vehicle, stop or
 * service area when there is one — "DRT stop ab12cd34 added", "10 DRT vehicles added on link 12". Pure, like
 * modificationText.ts.
 */
import type { DrtModification } from '@corridor/contract';
import type { Translate } from './modificationText.ts';

/** The one link all the vehicles start on, if they share one. */
function sharedLink(vehicles: readonly { startLinkId: string }[]): string | undefined {
  const first = vehicles[0]?.startLinkId;
  return first !== undefined && vehicles.every((vehicle) => vehicle.startLinkId === first) ? first : undefined;
}

export function drtText(mod: DrtModification, t: Translate): string {
  const say = (key: string, params: Record<string, unknown>) => t(`sidebar.mods.drt.${key}`, params);
  switch (mod.type) {
    case 'drt/addStops':
      return say('stopsAdd', { count: mod.stops.length, id: mod.stops[0]?.id ?? '' });
    case 'drt/deleteStops':
      return say('stopsDelete', { count: mod.ids.length, id: mod.ids[0] ?? '' });
    case 'drt/addVehicles': {
      const link = sharedLink(mod.vehicles);
      const params = { count: mod.vehicles.length, id: mod.vehicles[0]?.id ?? '', link };
      return link !== undefined ? say('vehiclesAddOnLink', params) : say('vehiclesAdd', params);
    }
    case 'drt/deleteVehicles':
      return say('vehiclesDelete', { count: mod.ids.length, id: mod.ids[0] ?? '' });
    case 'drt/updateVehicles':
      return say('vehiclesUpdate', { count: mod.vehicles.length, id: mod.vehicles[0]?.id ?? '' });
    case 'drt/addServiceArea':
      return say('areaAdd', { id: mod.area.id });
    case 'drt/deleteServiceArea':
      return say('areaDelete', { id: mod.id });
    case 'drt/addServiceAreaPosition':
      return say('areaCornerAdd', { id: mod.areaId, index: mod.index + 1 });
    case 'drt/moveServiceAreaPosition':
      return say('areaCornerMove', { id: mod.areaId, index: mod.index + 1 });
  }
}
