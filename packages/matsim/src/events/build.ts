/**
 * Turns one `<event>`'s attribute map (as saxes hands it over) into a typed event. This runs once per event of
 * multi-GB files, so each type has its own case producing one object literal (a stable shape for V8), only
 * the fields the type has are converted, and the attribute map itself is kept rather than copied.
 */
import { MatsimFormatError } from '../errors.ts';
import { parseMatsimNumber } from '../common/numbers.ts';
import type { EventAttributes, MatsimEvent } from './model.ts';

type A = EventAttributes;

function missing(a: A, name: string): never {
  throw new MatsimFormatError('invalid-value', `<event type="${a.type}"> lacks the required attribute ${name}.`);
}

function notANumber(a: A, name: string, text: string): never {
  throw new MatsimFormatError('invalid-value', `<event type="${a.type}"> ${name}="${text}" is not a number.`);
}

/** 1e0 … 1e22, every one exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));

/**
 * A number as MATSim writes it; NaN for junk. Java writes whole seconds as `21648.0`, coordinates as
 * `4522191.165414093`: digits with a fraction of up to 16 digits in all are read here exactly (the same double as
 * `+text`) and several times faster than `+text` on a fresh string. Everything else goes through `+text`, and
 * only what that rejects (INF, blanks, junk) through `parseMatsimNumber`.
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
      // A decimal fraction (coordinates: `4522191.165414093`): all its digits as one integer, exact below 2^53,
      // divided by a power of ten exact as a double (up to 1e22) is the correctly rounded value, the very double
      // `+text` gives (Clinger's fast path).
      let digits = whole;
      for (j = i + 1; j < length; j++) {
        const digit = text.charCodeAt(j) - 48;
        if (digit < 0 || digit > 9) break;
        digits = digits * 10 + digit;
      }
      const decimals = length - i - 1;
      if (j === length && digits < 2 ** 53 && decimals <= 22) return digits / POWERS_OF_TEN[decimals]!;
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

// One function with a string switch, cases by frequency: each case is one comparison (mostly a length check)
// and one object literal, where a table of builder functions costs a megamorphic call per event.
/** The typed event for an `<event>` element's attributes; unknown types become generic events. */
export function buildEvent(a: A): MatsimEvent {
  const time = num(a.time, a, 'time');
  switch (a.type) {
    case 'entered link':
      return { type: 'entered link', time, link: str(a.link, a, 'link'), vehicle: str(a.vehicle, a, 'vehicle'), attributes: a };
    case 'left link':
      return { type: 'left link', time, link: str(a.link, a, 'link'), vehicle: str(a.vehicle, a, 'vehicle'), attributes: a };
    case 'actend':
      return activity('actend', time, a);
    case 'actstart':
      return activity('actstart', time, a);
    case 'departure':
      return {
        type: 'departure',
        time,
        person: str(a.person, a, 'person'),
        link: str(a.link, a, 'link'),
        legMode: a.legMode,
        computationalRoutingMode: a.computationalRoutingMode,
        attributes: a,
      };
    case 'arrival':
      return {
        type: 'arrival',
        time,
        person: str(a.person, a, 'person'),
        link: str(a.link, a, 'link'),
        legMode: a.legMode,
        attributes: a,
      };
    case 'PersonEntersVehicle':
      return personVehicle('PersonEntersVehicle', time, a);
    case 'PersonLeavesVehicle':
      return personVehicle('PersonLeavesVehicle', time, a);
    case 'vehicle enters traffic':
      return vehicleTraffic('vehicle enters traffic', time, a, str(a.vehicle, a, 'vehicle'));
    case 'vehicle leaves traffic':
      return vehicleTraffic('vehicle leaves traffic', time, a, a.vehicle);
    case 'travelled':
      return {
        type: 'travelled',
        time,
        person: str(a.person, a, 'person'),
        distance: num(a.distance, a, 'distance'),
        mode: a.mode,
        attributes: a,
      };
    case 'VehicleArrivesAtFacility':
      return atFacility('VehicleArrivesAtFacility', time, a);
    case 'VehicleDepartsAtFacility':
      return atFacility('VehicleDepartsAtFacility', time, a);
    case 'waitingForPt':
      return {
        type: 'waitingForPt',
        time,
        person: a.person,
        agent: a.agent,
        atStop: str(a.atStop, a, 'atStop'),
        destinationStop: str(a.destinationStop, a, 'destinationStop'),
        attributes: a,
      };
    case 'TransitDriverStarts':
      return {
        type: 'TransitDriverStarts',
        time,
        driverId: str(a.driverId, a, 'driverId'),
        vehicleId: str(a.vehicleId, a, 'vehicleId'),
        transitLineId: str(a.transitLineId, a, 'transitLineId'),
        transitRouteId: str(a.transitRouteId, a, 'transitRouteId'),
        departureId: str(a.departureId, a, 'departureId'),
        attributes: a,
      };
    case 'personMoney':
      return {
        type: 'personMoney',
        time,
        person: str(a.person, a, 'person'),
        amount: num(a.amount, a, 'amount'),
        purpose: a.purpose,
        transactionPartner: a.transactionPartner,
        reference: a.reference,
        attributes: a,
      };
    case 'stuckAndAbort':
      return {
        type: 'stuckAndAbort',
        time,
        person: str(a.person, a, 'person'),
        link: a.link,
        legMode: a.legMode,
        reason: a.reason,
        attributes: a,
      };
    case 'vehicle aborts':
      return { type: 'vehicle aborts', time, link: a.link, vehicle: str(a.vehicle, a, 'vehicle'), attributes: a };
    default:
      return { type: str(a.type, a, 'type'), time, attributes: a };
  }
}

function activity<T extends 'actend' | 'actstart'>(type: T, time: number, a: A) {
  return {
    type,
    time,
    person: str(a.person, a, 'person'),
    facility: a.facility,
    link: str(a.link, a, 'link'),
    x: optNum(a.x, a, 'x'),
    y: optNum(a.y, a, 'y'),
    actType: a.actType,
    attributes: a,
  };
}

function personVehicle<T extends 'PersonEntersVehicle' | 'PersonLeavesVehicle'>(type: T, time: number, a: A) {
  return { type, time, person: str(a.person, a, 'person'), vehicle: str(a.vehicle, a, 'vehicle'), attributes: a };
}

/** `vehicle` is required when entering traffic only, as for MATSim's reader. */
function vehicleTraffic<T extends 'vehicle enters traffic' | 'vehicle leaves traffic', V extends string | undefined>(
  type: T,
  time: number,
  a: A,
  vehicle: V,
) {
  return {
    type,
    time,
    person: str(a.person, a, 'person'),
    link: str(a.link, a, 'link'),
    vehicle,
    networkMode: a.networkMode,
    relativePosition: optNum(a.relativePosition, a, 'relativePosition'),
    attributes: a,
  };
}

function atFacility<T extends 'VehicleArrivesAtFacility' | 'VehicleDepartsAtFacility'>(type: T, time: number, a: A) {
  return {
    type,
    time,
    vehicle: str(a.vehicle, a, 'vehicle'),
    facility: str(a.facility, a, 'facility'),
    delay: optNum(a.delay, a, 'delay'),
    attributes: a,
  };
}

/**
 * `buildEvent`, or, when `types` is given, a builder that returns undefined for the other types without
 * building them.
 */
export function eventBuilder(types?: Iterable<string>): (a: A) => MatsimEvent | undefined {
  if (types === undefined) return buildEvent;
  const wanted = new Set(types);
  return (a) => (wanted.has(a.type!) ? buildEvent(a) : undefined);
}
