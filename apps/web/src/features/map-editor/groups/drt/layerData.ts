/**
 * What the DRT layers draw (spec 2 §2 "Layers": DRT vehicles, DRT stops, DRT service area; §9 vehicle markers), as
 * plain arrays read off the graphs. Vehicles stand on links and carry no coordinates: a link's vehicles are drawn
 * along it once its two nodes are loaded — 1 at the midpoint, 2 at both ends, 3 at both ends and the midpoint,
 * more as one marker with the count at the midpoint. The ends are drawn a little inside the link so that markers
 * of links meeting at a node stay apart. Pure: the layer hook memoises them.
 */
import { linkCoordinates, linkOf, vehicleMarkerPositions, type ChangeFlag, type ChangeFlags, type DrtAreaEntity, type GraphReader } from '@corridor/changesets';
import type { DrtStop, DrtVehicle } from '@corridor/contract';
import { shownFlag } from '../../canvas/layers/data.ts';
import { flagsOf } from '../../state/network.ts';
import type { Drawn, LngLat } from '../../state/types.ts';
import { DRT_AREA, DRT_STOP, DRT_VEHICLE } from './kinds.ts';
import { drtAreaEntities, drtStops, drtVehicles, vehiclesByLink } from './read.ts';

/** How far inside the link its end markers stand (a share of its length from each end). */
export const END_INSET = 0.12;

export interface VehicleMarker {
  readonly linkId: string;
  /** The link's vehicles (every marker of a link picks all of them). */
  readonly vehicles: readonly string[];
  readonly position: LngLat;
  /** Set on a count marker: how many vehicles it stands for. */
  readonly count?: number;
  readonly flag?: ChangeFlag;
}

export interface DrtStopPoint {
  readonly id: string;
  readonly position: LngLat;
  readonly flag?: ChangeFlag;
}

export interface AreaShape {
  readonly id: string;
  /** One polygon's rings (outer first); a MultiPolygon gives one shape per polygon. */
  readonly rings: readonly (readonly LngLat[])[];
  readonly flag?: ChangeFlag;
}

/** The drawn flags of the changed entities of a kind (deleted ones included), by id. */
function changedFlags(shown: Drawn, kind: string): Map<string, ChangeFlag> {
  const flags = new Map<string, ChangeFlag>();
  for (const [id] of shown.graph.changedEntities(kind)) {
    const flag = shownFlag(flagsOf(shown, kind, id) as ChangeFlags, shown.calculateDiff);
    if (flag) flags.set(id, flag);
  }
  return flags;
}

/** The base entities of a kind an edit deleted whose deletion is drawn (their flag). */
function deletedOf<T extends { id: string }>(shown: Drawn, kind: string, flags: Map<string, ChangeFlag>): T[] {
  const deleted: T[] = [];
  for (const [id, now] of shown.graph.changedEntities<T>(kind)) {
    const before = now === null ? (shown.graph.base.get(kind, id) as T | undefined) : undefined;
    if (before && flags.has(id)) deleted.push(before);
  }
  return deleted;
}

const lerp = (a: LngLat, b: LngLat, t: number): LngLat => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** Unsaved edits before saved ones; deletions last (a link with live vehicles shows their change). */
const RANK: readonly ChangeFlag[] = ['added', 'modified', 'savedAdded', 'savedModified', 'deleted', 'savedDeleted'];

function markersOf(graph: GraphReader, linkId: string, vehicles: readonly DrtVehicle[], flags: Map<string, ChangeFlag>): VehicleMarker[] {
  const link = linkOf(graph, linkId);
  const ends = link && linkCoordinates(graph, link);
  if (!ends) return [];
  const { fractions, countMarker } = vehicleMarkerPositions(vehicles.length);
  const ids = vehicles.map((vehicle) => vehicle.id);
  const flag = RANK.find((each) => vehicles.some((vehicle) => flags.get(vehicle.id) === each));
  return fractions.map((fraction) => ({
    linkId,
    vehicles: ids,
    position: lerp(ends[0], ends[1], END_INSET + (1 - 2 * END_INSET) * fraction),
    ...(countMarker ? { count: vehicles.length } : {}),
    ...(flag ? { flag } : {}),
  }));
}

/**
 * The vehicle markers of the live vehicles, per link; and the deleted vehicles' markers (faded, not pickable),
 * per link too, while their deletion is drawn.
 */
export function vehicleMarkers(shown: Drawn): { live: VehicleMarker[]; deleted: VehicleMarker[] } {
  const flags = changedFlags(shown, DRT_VEHICLE);
  const live: VehicleMarker[] = [];
  for (const [linkId, vehicles] of vehiclesByLink(drtVehicles(shown.graph))) live.push(...markersOf(shown.graph, linkId, vehicles, flags));
  const deleted: VehicleMarker[] = [];
  for (const [linkId, vehicles] of vehiclesByLink(deletedOf<DrtVehicle>(shown, DRT_VEHICLE, flags))) deleted.push(...markersOf(shown.graph, linkId, vehicles, flags));
  return { live, deleted };
}

/** The stops, live and (while drawn) deleted, with their flags. */
export function stopPoints(shown: Drawn): DrtStopPoint[] {
  const flags = changedFlags(shown, DRT_STOP);
  const point = (stop: DrtStop): DrtStopPoint => {
    const flag = flags.get(stop.id);
    return { id: stop.id, position: stop.coordinates, ...(flag ? { flag } : {}) };
  };
  return [...drtStops(shown.graph).map(point), ...deletedOf<DrtStop>(shown, DRT_STOP, flags).map(point)];
}

/** The service areas' polygons, live and (while drawn) deleted, with their flags. */
export function areaShapes(shown: Drawn): AreaShape[] {
  const flags = changedFlags(shown, DRT_AREA);
  const shapes: AreaShape[] = [];
  const add = (entity: DrtAreaEntity) => {
    const flag = flags.get(entity.id);
    const { geometry } = entity.area;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const rings of polygons) shapes.push({ id: entity.id, rings, ...(flag ? { flag } : {}) });
  };
  for (const entity of drtAreaEntities(shown.graph)) add(entity);
  for (const entity of deletedOf<DrtAreaEntity>(shown, DRT_AREA, flags)) add(entity);
  return shapes;
}
