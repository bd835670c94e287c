/**
 * The trips/legs/activities/persons CSV exports (matsim-facts §3; TripsAndLegsWriter, ActivityWriter,
 * PersonWriter): `;`-separated, gzip, from experienced plans. Each writer returns text chunks for writeOutput.
 */
import { attributeValue, formatJavaDouble, formatTime, selectedPlan, type Activity, type Leg, type Person, type Plan } from '@corridor/matsim';
import type { SimNetwork } from '../core/types.ts';
import { isStageActivity, mainModeOf, tripsOf } from './trips.ts';

export type Coord = { x: number; y: number };
/** The coordinate MATSim falls back to for a link: its to-node. */
export type LinkCoord = (linkId: string) => Coord | undefined;

export const TRIPS_HEADER =
  'person;trip_number;trip_id;dep_time;trav_time;wait_time;traveled_distance;euclidean_distance;main_mode;longest_distance_mode;modes;start_activity_type;end_activity_type;start_facility_id;start_link;start_x;start_y;end_facility_id;end_link;end_x;end_y;first_pt_boarding_stop;last_pt_egress_stop';
export const LEGS_HEADER =
  'person;trip_id;dep_time;trav_time;wait_time;distance;mode;network_mode;start_link;start_x;start_y;end_link;end_x;end_y;access_stop_id;egress_stop_id;transit_line;transit_route;vehicle_id';
export const ACTIVITIES_HEADER =
  'person;activity_number;activity_id;activity_type;start_time;end_time;maximum_duration;link_id;facility_id;coord_x;coord_y';

function coordOf(act: Activity, linkCoord: LinkCoord): Coord | undefined {
  if (act.x !== undefined && act.y !== undefined) return { x: act.x, y: act.y };
  return act.link === undefined ? undefined : linkCoord(act.link);
}

const xy = (c: Coord | undefined) => (c ? [formatJavaDouble(c.x), formatJavaDouble(c.y)] : ['', '']);
const optionalDouble = (v: number | undefined) => (v === undefined ? '' : formatJavaDouble(v));
const legDistance = (leg: Leg) => leg.route?.distance ?? 0;

export function* writeTripsCsv(plans: Map<string, Plan>, linkCoord: LinkCoord): Generator<string> {
  yield `${TRIPS_HEADER}\n`;
  for (const [person, plan] of plans) {
    let n = 0;
    for (const trip of tripsOf(plan)) {
      n++;
      const depTime = trip.origin.endTime ?? trip.legs[0]?.depTime ?? 0;
      const arrival = trip.destination.startTime ?? depTime;
      const distance = trip.legs.reduce((sum, leg) => sum + legDistance(leg), 0);
      const from = coordOf(trip.origin, linkCoord);
      const to = coordOf(trip.destination, linkCoord);
      const euclidean = from && to ? Math.trunc(Math.hypot(to.x - from.x, to.y - from.y)) : 0;
      const longest = trip.legs.reduce((a, b) => (legDistance(b) > legDistance(a) ? b : a), trip.legs[0]!);
      const modes = trip.legs.map((l) => l.mode);
      yield `${[
        person, n, `${person}_${n}`, formatTime(depTime), formatTime(arrival - depTime), formatTime(0),
        Math.round(distance), euclidean, mainModeOf(modes), longest.mode, modes.join('-'),
        trip.origin.type, trip.destination.type, trip.origin.facility ?? 'null', trip.origin.link ?? '', ...xy(from),
        trip.destination.facility ?? 'null', trip.destination.link ?? '', ...xy(to), '', '',
      ].join(';')}\n`;
    }
  }
}

export function* writeLegsCsv(plans: Map<string, Plan>, linkCoord: LinkCoord): Generator<string> {
  yield `${LEGS_HEADER}\n`;
  for (const [person, plan] of plans) {
    let n = 0;
    for (const trip of tripsOf(plan)) {
      n++;
      // A leg starts at the activity before it and ends at the one after it (stage activities included).
      const places = [trip.origin, ...trip.stages, trip.destination];
      for (const [i, leg] of trip.legs.entries()) {
        const from = places[i] ?? trip.origin;
        const to = places[i + 1] ?? trip.destination;
        const network = leg.route?.type === 'links';
        yield `${[
          person, `${person}_${n}`, formatTime(leg.depTime), formatTime(leg.travTime ?? 0), formatTime(0),
          Math.round(legDistance(leg)), leg.mode, network ? leg.mode : '',
          leg.route?.startLink ?? from.link ?? '', ...xy(coordOf(from, linkCoord)),
          leg.route?.endLink ?? to.link ?? '', ...xy(coordOf(to, linkCoord)),
          '', '', '', '', network ? (leg.route?.vehicleRefId ?? '') : '',
        ].join(';')}\n`;
      }
    }
  }
}

export function* writeActivitiesCsv(plans: Map<string, Plan>, linkCoord: LinkCoord): Generator<string> {
  yield `${ACTIVITIES_HEADER}\n`;
  for (const [person, plan] of plans) {
    let n = 0;
    for (const element of plan.elements) {
      if (element.kind !== 'activity' || isStageActivity(element)) continue;
      n++;
      yield `${[
        person, n, `${person}_${n}`, element.type, optionalDouble(element.startTime), optionalDouble(element.endTime),
        optionalDouble(element.maxDur), element.link ?? '', element.facility ?? '', ...xy(coordOf(element, linkCoord)),
      ].join(';')}\n`;
    }
  }
}

/** output_persons.csv: executed score and first activity of the selected plan, then every person attribute. */
export function* writePersonsCsv(persons: Iterable<Person>, linkCoord: LinkCoord): Generator<string> {
  const list = [...persons];
  const names = new Set<string>();
  for (const person of list) for (const name of person.attributes?.keys() ?? []) if (name !== 'vehicles') names.add(name);
  const attributeNames = [...names];
  yield `${['person', 'executed_score', 'first_act_x', 'first_act_y', 'first_act_type', ...attributeNames].join(';')}\n`;
  for (const person of list) {
    const plan = selectedPlan(person);
    const first = plan?.elements[0];
    const act = first?.kind === 'activity' ? first : undefined;
    const attrs = attributeNames.map((name) => {
      const value = person.attributes?.get(name);
      return value === undefined ? '' : String(attributeValue(value));
    });
    yield `${[
      person.id, plan?.score === undefined ? '' : formatJavaDouble(plan.score), ...xy(act && coordOf(act, linkCoord)),
      act?.type ?? '', ...attrs,
    ].join(';')}\n`;
  }
}

/** LinkCoord over the engine's SimNetwork (the link's to-node). */
export function simNetworkLinkCoord(network: SimNetwork): LinkCoord {
  return (linkId) => {
    const link = network.linkIndex.get(linkId);
    if (link === undefined) return undefined;
    const node = network.to[link]!;
    return { x: network.x[node]!, y: network.y[node]! };
  };
}
