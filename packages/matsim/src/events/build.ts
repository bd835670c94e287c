/**
 * Turns one `<event>`'s attribute map (as saxes hands it over) into a typed event. This runs once per event of
 * multi-GB files, so each type has its own builder producing one object literal (a stable shape for V8), only
 * the fields the type has are converted, and the attribute map itself is kept rather than copied.
 */
import { MatsimFormatError } from '../errors.ts';
import { parseMatsimNumber } from '../common/numbers.ts';
import type { EventAttributes, GenericEvent, KnownEvent, KnownEventType, MatsimEvent } from './model.ts';

type A = EventAttributes;

function missing(a: A, name: string): never {
  throw new MatsimFormatError('invalid-value', `<event type="${a.type}"> lacks the required attribute ${name}.`);
}

function notANumber(a: A, name: string, text: string): never {
  throw new MatsimFormatError('invalid-value', `<event type="${a.type}"> ${name}="${text}" is not a number.`);
}

/**
 * A number as MATSim writes it; NaN for junk. Java writes whole seconds as `21648.0`: digits and a zero fraction
 * are read here exactly and several times faster than `+text` on a fresh string. Everything else goes through
 * `+text`, and only what that rejects (INF, blanks, junk) through `parseMatsimNumber`.
 */
export function parseEventNumber(text: string): number {
  const length = text.length;
  let whole = 0;
  let i = 0;
  for (; i < length && i < 15; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    whole = whole * 10 + digit;
  }
  if (i > 0 && i < 15) {
    if (i === length) return whole;
    if (text.charCodeAt(i) === 46 && i + 1 < length) {
      let j = i + 1;
      while (j < length && text.charCodeAt(j) === 48) j++;
      if (j === length) return whole;
    }
  }
  const value = +text;
  if (value === value && (value !== 0 || text.trim() !== '')) return value;
  return parseMatsimNumber(text);
}

function toNumber(a: A, name: string, text: string): number {
  const value = parseEventNumber(text);
  if (value !== value && text.trim() !== 'NaN') notANumber(a, name, text);
  return value;
}

// Builders read attributes by name at each site (`a.link`), not through a shared `a[name]`: each site keeps its own
// inline cache, which is what makes these reads cheap.
function str(text: string | undefined, a: A, name: string): string {
  return text === undefined ? missing(a, name) : text;
}

function num(text: string | undefined, a: A, name: string): number {
  return text === undefined ? missing(a, name) : toNumber(a, name, text);
}

function optNum(text: string | undefined, a: A, name: string): number | undefined {
  return text === undefined ? undefined : toNumber(a, name, text);
}

function eventTime(a: A): number {
  return num(a.time, a, 'time');
}

const activity = <T extends 'actend' | 'actstart'>(type: T) => (a: A) => ({
  type,
  time: num(a.time, a, 'time'),
  person: str(a.person, a, 'person'),
  link: str(a.link, a, 'link'),
  facility: a.facility,
  x: optNum(a.x, a, 'x'),
  y: optNum(a.y, a, 'y'),
  actType: str(a.actType, a, 'actType'),
  attributes: a,
});

const personVehicle = <T extends 'PersonEntersVehicle' | 'PersonLeavesVehicle'>(type: T) => (a: A) => ({
  type,
  time: num(a.time, a, 'time'),
  person: str(a.person, a, 'person'),
  vehicle: str(a.vehicle, a, 'vehicle'),
  attributes: a,
});

const vehicleTraffic = <T extends 'vehicle enters traffic' | 'vehicle leaves traffic'>(type: T) => (a: A) => ({
  type,
  time: num(a.time, a, 'time'),
  person: str(a.person, a, 'person'),
  link: str(a.link, a, 'link'),
  vehicle: str(a.vehicle, a, 'vehicle'),
  networkMode: str(a.networkMode, a, 'networkMode'),
  relativePosition: optNum(a.relativePosition, a, 'relativePosition'),
  attributes: a,
});

const linkVehicle = <T extends 'left link' | 'entered link' | 'vehicle aborts'>(type: T) => (a: A) => ({
  type,
  time: num(a.time, a, 'time'),
  link: str(a.link, a, 'link'),
  vehicle: str(a.vehicle, a, 'vehicle'),
  attributes: a,
});

const atFacility = <T extends 'VehicleArrivesAtFacility' | 'VehicleDepartsAtFacility'>(type: T) => (a: A) => ({
  type,
  time: num(a.time, a, 'time'),
  vehicle: str(a.vehicle, a, 'vehicle'),
  facility: str(a.facility, a, 'facility'),
  delay: optNum(a.delay, a, 'delay'),
  attributes: a,
});

type Builders = { [K in KnownEventType]: (a: A) => Extract<KnownEvent, { type: K }> };

const BUILDERS: Builders = {
  actend: activity('actend'),
  actstart: activity('actstart'),
  departure: (a) => ({
    type: 'departure',
    time: num(a.time, a, 'time'),
    person: str(a.person, a, 'person'),
    link: str(a.link, a, 'link'),
    legMode: str(a.legMode, a, 'legMode'),
    computationalRoutingMode: a.computationalRoutingMode,
    attributes: a,
  }),
  arrival: (a) => ({
    type: 'arrival',
    time: num(a.time, a, 'time'),
    person: str(a.person, a, 'person'),
    link: str(a.link, a, 'link'),
    legMode: str(a.legMode, a, 'legMode'),
    attributes: a,
  }),
  PersonEntersVehicle: personVehicle('PersonEntersVehicle'),
  PersonLeavesVehicle: personVehicle('PersonLeavesVehicle'),
  'vehicle enters traffic': vehicleTraffic('vehicle enters traffic'),
  'vehicle leaves traffic': vehicleTraffic('vehicle leaves traffic'),
  'left link': linkVehicle('left link'),
  'entered link': linkVehicle('entered link'),
  travelled: (a) => ({
    type: 'travelled',
    time: num(a.time, a, 'time'),
    person: str(a.person, a, 'person'),
    distance: num(a.distance, a, 'distance'),
    mode: a.mode,
    attributes: a,
  }),
  stuckAndAbort: (a) => ({
    type: 'stuckAndAbort',
    time: num(a.time, a, 'time'),
    person: str(a.person, a, 'person'),
    link: a.link,
    legMode: a.legMode,
    attributes: a,
  }),
  'vehicle aborts': linkVehicle('vehicle aborts'),
  personMoney: (a) => ({
    type: 'personMoney',
    time: num(a.time, a, 'time'),
    person: str(a.person, a, 'person'),
    amount: num(a.amount, a, 'amount'),
    purpose: a.purpose,
    transactionPartner: a.transactionPartner,
    reference: a.reference,
    attributes: a,
  }),
  TransitDriverStarts: (a) => ({
    type: 'TransitDriverStarts',
    time: num(a.time, a, 'time'),
    driverId: str(a.driverId, a, 'driverId'),
    vehicleId: str(a.vehicleId, a, 'vehicleId'),
    transitLineId: str(a.transitLineId, a, 'transitLineId'),
    transitRouteId: str(a.transitRouteId, a, 'transitRouteId'),
    departureId: str(a.departureId, a, 'departureId'),
    attributes: a,
  }),
  VehicleArrivesAtFacility: atFacility('VehicleArrivesAtFacility'),
  VehicleDepartsAtFacility: atFacility('VehicleDepartsAtFacility'),
  waitingForPt: (a) => ({
    type: 'waitingForPt',
    time: num(a.time, a, 'time'),
    person: str(a.person, a, 'person'),
    agent: a.agent,
    atStop: str(a.atStop, a, 'atStop'),
    destinationStop: str(a.destinationStop, a, 'destinationStop'),
    attributes: a,
  }),
};

function generic(a: A): GenericEvent {
  return { type: str(a.type, a, 'type'), time: num(a.time, a, 'time'), attributes: a };
}

interface Entry {
  type: string;
  build: (a: A) => MatsimEvent;
  wanted: boolean;
}

/**
 * Type dispatch without hashing: the `type` strings saxes hands over are fresh, so a Map or Set lookup would hash
 * every one of them. Buckets by length and first letter, then one string comparison, cost a fraction of that.
 */
function bucketOf(type: string): number {
  return ((type.length & 63) << 7) | (type.charCodeAt(0) & 127);
}

/**
 * A function from an `<event>`'s attribute map to its typed event (unknown types become generic events), or to
 * undefined when `types` is given and the event's type is not among them.
 */
export function eventBuilder(types?: Iterable<string>): (a: A) => MatsimEvent | undefined {
  const wanted = types === undefined ? undefined : new Set(types);
  const buckets: Entry[][] = [];
  for (const [type, build] of Object.entries(BUILDERS) as [string, (a: A) => MatsimEvent][]) {
    (buckets[bucketOf(type)] ??= []).push({ type, build, wanted: wanted === undefined || wanted.has(type) });
  }
  return (a) => {
    const type = a.type;
    if (type === undefined) return generic(a);
    const bucket = buckets[bucketOf(type)];
    if (bucket !== undefined) {
      for (const entry of bucket) if (entry.type === type) return entry.wanted ? entry.build(a) : undefined;
    }
    return wanted === undefined || wanted.has(type) ? generic(a) : undefined;
  };
}

const buildAny = eventBuilder();

/** The typed event for an `<event>` element's attributes; unknown types become generic events. */
export function buildEvent(a: A): MatsimEvent {
  return buildAny(a)!;
}
