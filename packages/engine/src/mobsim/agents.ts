/**
 * The agents of one mobsim run: each person's selected plan walked element by element (PersonDriverAgentImpl),
 * with MATSim's events for activities, departures, vehicle boarding and teleported legs (matsim-facts §4–§5).
 */
import { routeLinkIds, selectedPlan, type Activity, type Leg, type Person, type PlanElement } from '@corridor/matsim';
import { routeLinkIndices } from '../core/route-links.ts';
import type { EventSink, SimNetwork } from '../core/types.ts';
import type { Drivers } from './links.ts';
import { TimeHeap } from './queues.ts';

export interface AgentCallbacks {
  /** A car leg starts on `link`. */
  departOnNetwork(agent: number, link: number): void;
}

export class Agents implements Drivers {
  readonly count: number;
  private readonly elements: PlanElement[][];
  private readonly personIds: string[];
  private readonly elementIndex: Int32Array;
  private readonly routes: (Int32Array | undefined)[];
  private readonly routePos: Int32Array;
  /** The link after the current one per driving agent (−1 at the route's last link): read at every node and link step. */
  private readonly next: Int32Array;
  private readonly teleportDistance: Float64Array;
  /** Agents still to finish their plan (not yet at the last activity). */
  living = 0;
  /** Agents aborted (stuckAndAbort), during the run or at its end. */
  stuckCount = 0;
  readonly activityEnds: TimeHeap;
  readonly teleportArrivals: TimeHeap;
  onNetworkDeparture: (agent: number, link: number) => void = () => {};
  /** At the end of a network leg: the links driven, the departure link first. */
  onDriven: ((vehicle: number, links: Int32Array) => void) | undefined;

  constructor(
    persons: readonly Person[],
    private readonly net: SimNetwork,
    private readonly networkModes: ReadonlySet<string>,
    private readonly sink: EventSink,
  ) {
    this.count = persons.length;
    this.personIds = persons.map((person) => person.id);
    this.elements = persons.map((person) => selectedPlan(person)?.elements ?? []);
    this.elementIndex = new Int32Array(this.count);
    this.routes = new Array(this.count);
    this.routePos = new Int32Array(this.count);
    this.next = new Int32Array(this.count).fill(-1);
    this.teleportDistance = new Float64Array(this.count);
    // ActivityEngineDefaultImpl: equal end times leave larger person id first (Id.compareTo is string order).
    const order = this.personIds.map((_, i) => i).sort((a, b) => compareDescending(this.personIds[a]!, this.personIds[b]!));
    const rank = new Int32Array(this.count);
    order.forEach((agent, position) => (rank[agent] = position));
    this.activityEnds = new TimeHeap(rank);
    this.teleportArrivals = new TimeHeap(rank);
  }

  /** Queues every agent's first activity end; returns the earliest end (Infinity if nobody leaves). */
  start(): number {
    for (let agent = 0; agent < this.count; agent++) {
      const first = this.elements[agent]![0];
      if (first?.kind !== 'activity' || this.elements[agent]!.length < 2) continue;
      const end = activityEnd(first, 0);
      if (end === Infinity) continue;
      this.living++;
      this.activityEnds.push(end, agent);
    }
    return this.activityEnds.peekTime();
  }

  /** Ends every activity due by `now` (ActivityEngine). */
  endActivities(now: number): void {
    while (this.activityEnds.peekTime() <= now) this.endActivity(this.activityEnds.pop(), now);
  }

  /** Arrives every teleported agent due by `now` (TeleportationEngine). */
  arriveTeleported(now: number): void {
    while (this.teleportArrivals.peekTime() <= now) {
      const agent = this.teleportArrivals.pop();
      const leg = this.currentLeg(agent);
      this.sink({ type: 'travelled', time: now, person: this.personIds[agent]!, distance: this.teleportDistance[agent]!, mode: leg.mode });
      this.endLeg(agent, this.destinationLink(agent), now);
    }
  }

  nextLink(vehicle: number): number {
    return this.next[vehicle]!;
  }

  movedOverNode(vehicle: number): void {
    const route = this.routes[vehicle]!;
    const pos = ++this.routePos[vehicle]!;
    this.next[vehicle] = pos + 1 < route.length ? route[pos + 1]! : -1;
  }

  arrive(vehicle: number, link: number, now: number): void {
    const person = this.personIds[vehicle]!;
    const linkId = this.net.linkIds[link]!;
    const mode = this.currentLeg(vehicle).mode;
    const vehicleId = this.vehicleId(vehicle);
    this.onDriven?.(vehicle, this.routes[vehicle]!.subarray(0, this.routePos[vehicle]! + 1));
    this.sink({ type: 'vehicle leaves traffic', time: now, person, link: linkId, vehicle: vehicleId, networkMode: mode, relativePosition: 1.0 }, vehicle, link);
    this.sink({ type: 'PersonLeavesVehicle', time: now, person, vehicle: vehicleId });
    this.endLeg(vehicle, linkId, now);
  }

  abort(vehicle: number, link: number, now: number): void {
    this.sink({ type: 'vehicle aborts', time: now, link: this.net.linkIds[link]!, vehicle: this.vehicleId(vehicle) }, vehicle, link);
    this.stuck(vehicle, this.net.linkIds[link]!, now);
  }

  /**
   * qsim.vehiclesSource=defaultVehicle: with one network mode the vehicle carries the person's id; with several,
   * one vehicle per person and mode, `<person>_<mode>` (as MATSim's PrepareForSim names them).
   */
  vehicleId(vehicle: number): string {
    const person = this.personIds[vehicle]!;
    return this.networkModes.size > 1 ? `${person}_${this.currentLeg(vehicle).mode}` : person;
  }

  personId(vehicle: number): string {
    return this.personIds[vehicle]!;
  }

  mode(vehicle: number): string {
    return this.currentLeg(vehicle).mode;
  }

  /** At the mobsim's end: everyone not at their last activity is stuck (QSim afterSim). */
  abortRemaining(now: number, onNetwork: Iterable<number>): void {
    const done = new Uint8Array(this.count);
    for (const vehicle of onNetwork) {
      const index = this.routes[vehicle]![this.routePos[vehicle]!]!;
      const link = this.net.linkIds[index]!;
      this.sink({ type: 'vehicle aborts', time: now, link, vehicle: this.vehicleId(vehicle) }, vehicle, index);
      this.stuck(vehicle, link, now);
      done[vehicle] = 1;
    }
    for (let agent = 0; agent < this.count && this.living > 0; agent++) {
      if (done[agent] || this.elementIndex[agent]! >= this.elements[agent]!.length - 1) continue;
      const element = this.elements[agent]![this.elementIndex[agent]!]!;
      if (element.kind === 'leg') this.stuck(agent, this.destinationLink(agent), now);
      else {
        this.living--;
        this.stuckCount++;
        this.sink({ type: 'stuckAndAbort', time: now, person: this.personIds[agent]!, link: element.link ?? '' });
      }
    }
  }

  private stuck(agent: number, link: string, now: number): void {
    this.living--;
    this.stuckCount++;
    this.elementIndex[agent] = this.elements[agent]!.length;
    this.sink({ type: 'stuckAndAbort', time: now, person: this.personIds[agent]!, link, legMode: this.currentLegMode(agent) });
  }

  private currentLegMode(agent: number): string {
    const element = this.elements[agent]![this.elementIndex[agent]!];
    return element?.kind === 'leg' ? element.mode : '';
  }

  private currentLeg(agent: number): Leg {
    return this.elements[agent]![this.elementIndex[agent]!] as Leg;
  }

  private destinationLink(agent: number): string {
    const leg = this.currentLeg(agent);
    const next = this.elements[agent]![this.elementIndex[agent]! + 1] as Activity | undefined;
    return leg.route?.endLink ?? next?.link ?? '';
  }

  private endActivity(agent: number, now: number): void {
    const person = this.personIds[agent]!;
    const elements = this.elements[agent]!;
    const activity = elements[this.elementIndex[agent]!] as Activity;
    this.sink({ type: 'actend', time: now, ...activityFields(person, activity) });
    const index = ++this.elementIndex[agent]!;
    const leg = elements[index] as Leg;
    const startLink = activity.link ?? leg.route?.startLink ?? '';
    const routingMode = leg.attributes?.get('routingMode')?.text ?? leg.mode;
    this.sink({ type: 'departure', time: now, person, link: startLink, legMode: leg.mode, computationalRoutingMode: routingMode });
    if (this.networkModes.has(leg.mode)) {
      const route = this.networkRoute(person, leg, startLink);
      this.routes[agent] = route;
      this.routePos[agent] = 0;
      this.next[agent] = route.length > 1 ? route[1]! : -1;
      this.sink({ type: 'PersonEntersVehicle', time: now, person, vehicle: this.vehicleId(agent) });
      this.onNetworkDeparture(agent, this.routes[agent]![0]!);
      return;
    }
    this.teleportDistance[agent] = leg.route?.distance ?? NaN;
    const travelTime = leg.route?.travTime ?? leg.travTime ?? 0;
    this.teleportArrivals.push(now + travelTime, agent);
  }

  private networkRoute(person: string, leg: Leg, startLink: string): Int32Array {
    const links = leg.route ? routeLinkIndices(leg.route, this.net) : undefined;
    if (links !== undefined && (startLink === '' || this.net.linkIds[links[0]!] === startLink)) return links;
    // Not a usable route: say why.
    const ids = leg.route ? routeLinkIds(leg.route) : undefined;
    if (!ids || ids.length === 0) throw new Error(`Person ${person}: a ${leg.mode} leg has no network route (route it first).`);
    if (ids[0] !== startLink && startLink !== '') throw new Error(`Person ${person}: route starts on ${ids[0]}, not on ${startLink}.`);
    return Int32Array.from(ids, (id) => {
      const link = this.net.linkIndex.get(id);
      if (link === undefined) throw new Error(`Person ${person}: route link ${id} is not in the network.`);
      return link;
    });
  }

  private endLeg(agent: number, link: string, now: number): void {
    const person = this.personIds[agent]!;
    const leg = this.currentLeg(agent);
    this.sink({ type: 'arrival', time: now, person, link, legMode: leg.mode });
    const elements = this.elements[agent]!;
    const index = ++this.elementIndex[agent]!;
    const activity = elements[index] as Activity;
    this.sink({ type: 'actstart', time: now, ...activityFields(person, activity, link) });
    if (index === elements.length - 1) {
      this.living--;
      return;
    }
    const end = activityEnd(activity, now);
    // A zero-length activity (e.g. a stage activity) ends within the same step, as in ActivityEngineDefaultImpl.
    if (end <= now) this.endActivity(agent, now);
    else this.activityEnds.push(end, agent);
  }
}

/** plans.activityDurationInterpretation = tryEndTimeThenDuration. */
export function activityEnd(activity: Activity, start: number): number {
  if (activity.endTime !== undefined) return Math.max(activity.endTime, start);
  if (activity.maxDur !== undefined) return start + activity.maxDur;
  return Infinity;
}

/** In MATSim's attribute order (person, facility, link, x, y, actType), so written events match its files. */
function activityFields(person: string, activity: Activity, fallbackLink = '') {
  const fields: { person: string; facility?: string; link: string; x?: number; y?: number; actType: string } = { person } as never;
  if (activity.facility !== undefined) fields.facility = activity.facility;
  fields.link = activity.link ?? fallbackLink;
  if (activity.x !== undefined && activity.y !== undefined) {
    fields.x = activity.x;
    fields.y = activity.y;
  }
  fields.actType = activity.type;
  return fields;
}

function compareDescending(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}
