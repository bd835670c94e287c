/**
 * Events → experienced plans, as MATSim's EventsToActivities/EventsToLegs do it: the plan an agent actually
 * performed, with the times of the events, which is what scoring and the trips/legs/activities CSVs read.
 */
import type { Activity, KnownEvent, Leg, MatsimEvent, Plan } from '@corridor/matsim';
import type { SimNetwork } from '../core/types.ts';

/** What a plan alone cannot carry but scoring needs. */
export interface ExperiencedExtras {
  /** Sum of personMoney amounts. */
  money: number;
  /** Time of the person's stuckAndAbort event, if any. */
  stuckTime: number | undefined;
}

interface PersonState {
  plan: Plan;
  extras: ExperiencedExtras;
  /** The open network leg: its departure link and the links entered since. */
  open: { leg: Leg; departureLink: string; links: string[]; driven?: Int32Array; distance: number; vehicle?: string } | undefined;
}

export class ExperiencedPlansBuilder {
  private readonly persons = new Map<string, PersonState>();
  private readonly driverOf = new Map<string, string>();
  /** The driver's state by vehicle index, for the mobsim's events (which carry the indices). */
  private readonly driverState: (PersonState | undefined)[] = [];

  /**
   * `linkLength` gives the network length of a link id (for network legs' route distances). `persons` (the
   * population's ids) fixes the output order to the population's, as MATSim's writers have it, and gives persons
   * without any event an (empty) plan. `network` (lengths and ids by link index) is for the mobsim's events, which
   * carry the vehicle's and the link's index: a network leg's links then come from `drove` at its end rather than
   * from each `entered link`.
   */
  constructor(
    private readonly linkLength: (linkId: string) => number,
    persons: Iterable<string> = [],
    private readonly network?: { readonly length: Float64Array; readonly linkIds: readonly string[] },
  ) {
    for (const person of persons) this.state(person);
  }

  /** An EventSink: pass it to the mobsim or to forEachEvent. */
  readonly handleEvent = (any: MatsimEvent, vehicle?: number, link?: number): void => {
    // Generic events (types the model does not know) carry nothing the experienced plan needs.
    const event = any as KnownEvent;
    switch (event.type) {
      case 'actstart': {
        const e = event;
        this.state(e.person).plan.elements.push(activity(required(e, 'actType'), e.link, e.time, undefined, e.x, e.y, e.facility));
        return;
      }
      case 'actend': {
        const e = event;
        const elements = this.state(e.person).plan.elements;
        const last = elements[elements.length - 1];
        // The first activity of the day has no actstart; MATSim leaves its start time undefined.
        if (last?.kind === 'activity' && last.type === e.actType && last.endTime === undefined) last.endTime = e.time;
        else elements.push(activity(required(e, 'actType'), e.link, undefined, e.time, e.x, e.y, e.facility));
        return;
      }
      case 'departure': {
        const e = event;
        const state = this.state(e.person);
        const leg: Leg = { kind: 'leg', mode: required(e, 'legMode'), depTime: e.time };
        if (e.computationalRoutingMode) leg.attributes = new Map([['routingMode', { class: 'java.lang.String', text: e.computationalRoutingMode }]]);
        state.plan.elements.push(leg);
        state.open = { leg, departureLink: e.link, links: [], distance: 0 };
        return;
      }
      case 'PersonEntersVehicle': {
        const open = this.persons.get(event.person)?.open;
        if (open) open.vehicle ??= event.vehicle;
        return;
      }
      case 'vehicle enters traffic':
        if (typeof vehicle === 'number' && this.network !== undefined) this.driverState[vehicle] = this.persons.get(event.person);
        else this.driverOf.set(event.vehicle, event.person);
        return;
      case 'entered link': {
        if (typeof vehicle === 'number' && typeof link === 'number' && this.network !== undefined) return;
        const person = this.driverOf.get(event.vehicle);
        const open = person === undefined ? undefined : this.persons.get(person)?.open;
        if (open) {
          open.links.push(event.link);
          open.distance += this.linkLength(event.link);
        }
        return;
      }
      case 'travelled': {
        const open = this.persons.get(event.person)?.open;
        if (open) open.leg.route = { type: 'generic', startLink: open.departureLink, distance: event.distance, description: '' };
        return;
      }
      case 'arrival': {
        const e = event;
        const state = this.state(e.person);
        const open = state.open;
        if (!open) return;
        open.leg.travTime = e.time - (open.leg.depTime ?? e.time);
        if (open.leg.route) {
          open.leg.route.endLink = e.link;
          open.leg.route.travTime = open.leg.travTime;
        } else {
          // The arrival link is the last entered one; the route lists the links in between.
          const entered = open.driven !== undefined ? this.enteredLinks(open) : open.links;
          const inner = entered.slice(0, Math.max(0, entered.length - 1));
          const ids = entered.length === 0 ? [open.departureLink] : [open.departureLink, ...inner, e.link];
          open.leg.route = {
            type: 'links',
            startLink: open.departureLink,
            endLink: e.link,
            travTime: open.leg.travTime,
            distance: open.distance,
            description: ids.join(' '),
          };
          if (open.vehicle !== undefined) open.leg.route.vehicleRefId = open.vehicle;
        }
        state.open = undefined;
        return;
      }
      case 'stuckAndAbort': {
        const state = this.state(event.person);
        state.extras.stuckTime ??= event.time;
        state.open = undefined;
        return;
      }
      case 'personMoney':
        this.state(event.person).extras.money += event.amount;
        return;
    }
  };

  /**
   * From the mobsim, at the end of a network leg (before its `vehicle leaves traffic`): the links the vehicle
   * drove, its departure link first.
   */
  readonly drove = (vehicle: number, links: Int32Array): void => {
    const open = this.driverState[vehicle]?.open;
    if (open) open.driven = links;
  };

  /** The entered links of a leg the mobsim reported, with their distance summed in the order they were entered. */
  private enteredLinks(open: NonNullable<PersonState['open']>): string[] {
    const { length, linkIds } = this.network!;
    const driven = open.driven!;
    const ids: string[] = [];
    for (let i = 1; i < driven.length; i++) {
      ids.push(linkIds[driven[i]!]!);
      open.distance += length[driven[i]!]!;
    }
    return ids;
  }

  private state(person: string): PersonState {
    let state = this.persons.get(person);
    if (!state) {
      state = { plan: { selected: true, elements: [] }, extras: { money: 0, stuckTime: undefined }, open: undefined };
      this.persons.set(person, state);
    }
    return state;
  }

  extras(person: string): ExperiencedExtras {
    return this.persons.get(person)?.extras ?? { money: 0, stuckTime: undefined };
  }

  /** The experienced plans by person, in order of first appearance. */
  finish(): Map<string, Plan> {
    return new Map([...this.persons].map(([id, state]) => [id, state.plan]));
  }
}

/**
 * An activity type or leg mode the experienced plan cannot do without. Events files of older MATSim versions lack
 * them; MATSim reads such files too, but its scoring then fails on the unknown type or mode — so does this, here.
 */
function required<E extends { type: string; time: number; person: string }, K extends 'actType' | 'legMode'>(
  event: E & { [key in K]?: string },
  field: K,
): string {
  const value = event[field];
  if (value === undefined) {
    throw new Error(
      `experienced plans: the ${event.type} event of person "${event.person}" at ${event.time} s has no ${field} ` +
        '(an events file of an older MATSim version?); activity types and leg modes are needed to score plans',
    );
  }
  return value;
}

function activity(type: string, link: string, start: number | undefined, end: number | undefined, x?: number, y?: number, facility?: string): Activity {
  const act: Activity = { kind: 'activity', type, link };
  if (start !== undefined) act.startTime = start;
  if (end !== undefined) act.endTime = end;
  if (x !== undefined && y !== undefined) {
    act.x = x;
    act.y = y;
  }
  if (facility !== undefined) act.facility = facility;
  return act;
}

/** The link-length lookup over the engine's SimNetwork; unknown links are an error, not a silent 0. */
export function simNetworkLinkLength(network: SimNetwork): (linkId: string) => number {
  return (linkId) => {
    const link = network.linkIndex.get(linkId);
    if (link === undefined) throw new Error(`experienced plans: unknown link "${linkId}" in the events`);
    return network.length[link]!;
  };
}
