/**
 * MATSim events (`output_events.xml`), one typed shape per event type MATSim core writes, and a generic shape for
 * everything else (contrib events such as DRT's), so no event and no attribute is ever lost.
 *
 * Times and numeric fields are numbers; ids and modes are strings. Events read from a file also carry
 * `attributes`, the exact attribute text as read (time and type included): the writer prefers that text while it
 * still means the same value, so rewriting a file keeps every number exactly as MATSim printed it.
 */

/** The exact text of every XML attribute of one `<event>`, in file order. */
export type EventAttributes = Readonly<Record<string, string>>;

interface EventBase<T extends string> {
  type: T;
  /** Seconds since midnight of the simulated day. */
  time: number;
  attributes?: EventAttributes;
}

interface ActivityEventFields {
  person: string;
  facility?: string;
  link: string;
  x?: number;
  y?: number;
  /** Absent in files of older MATSim versions (MATSim's reader accepts that). */
  actType?: string;
}
export interface ActivityEndEvent extends EventBase<'actend'>, ActivityEventFields {}
export interface ActivityStartEvent extends EventBase<'actstart'>, ActivityEventFields {}

export interface PersonDepartureEvent extends EventBase<'departure'> {
  person: string;
  link: string;
  /** Absent in files of older MATSim versions (MATSim's reader accepts that). */
  legMode?: string;
  /** Written since MATSim 12; absent in older files. */
  computationalRoutingMode?: string;
}
export interface PersonArrivalEvent extends EventBase<'arrival'> {
  person: string;
  link: string;
  /** Absent in files of older MATSim versions (MATSim's reader accepts that). */
  legMode?: string;
}

export interface PersonEntersVehicleEvent extends EventBase<'PersonEntersVehicle'> {
  person: string;
  vehicle: string;
}
export interface PersonLeavesVehicleEvent extends EventBase<'PersonLeavesVehicle'> {
  person: string;
  vehicle: string;
}

interface VehicleTrafficFields {
  /** The driver. */
  person: string;
  link: string;
  /** Optional for MATSim's reader: older files may lack it. */
  networkMode?: string;
  relativePosition?: number;
}
export interface VehicleEntersTrafficEvent extends EventBase<'vehicle enters traffic'>, VehicleTrafficFields {
  vehicle: string;
}
export interface VehicleLeavesTrafficEvent extends EventBase<'vehicle leaves traffic'>, VehicleTrafficFields {
  /** Optional for MATSim's reader (it reads a missing vehicle as null). */
  vehicle?: string;
}

export interface LinkLeaveEvent extends EventBase<'left link'> {
  link: string;
  vehicle: string;
}
export interface LinkEnterEvent extends EventBase<'entered link'> {
  link: string;
  vehicle: string;
}

/** A teleported leg's end. */
export interface TeleportationArrivalEvent extends EventBase<'travelled'> {
  person: string;
  /** Metres. */
  distance: number;
  mode?: string;
}

export interface PersonStuckEvent extends EventBase<'stuckAndAbort'> {
  person: string;
  link?: string;
  legMode?: string;
  reason?: string;
}
export interface VehicleAbortsEvent extends EventBase<'vehicle aborts'> {
  /** Optional for MATSim's reader. */
  link?: string;
  vehicle: string;
}

export interface PersonMoneyEvent extends EventBase<'personMoney'> {
  person: string;
  amount: number;
  purpose?: string;
  transactionPartner?: string;
  reference?: string;
}

export interface TransitDriverStartsEvent extends EventBase<'TransitDriverStarts'> {
  driverId: string;
  vehicleId: string;
  transitLineId: string;
  transitRouteId: string;
  departureId: string;
}

interface VehicleAtFacilityFields {
  vehicle: string;
  /** The transit stop facility. */
  facility: string;
  /** Seconds behind (positive) or ahead of the schedule. */
  delay?: number;
}
export interface VehicleArrivesAtFacilityEvent extends EventBase<'VehicleArrivesAtFacility'>, VehicleAtFacilityFields {}
export interface VehicleDepartsAtFacilityEvent extends EventBase<'VehicleDepartsAtFacility'>, VehicleAtFacilityFields {}

export interface AgentWaitingForPtEvent extends EventBase<'waitingForPt'> {
  /** Written by current MATSim; older files name the waiting person in `agent` only. */
  person?: string;
  agent?: string;
  atStop: string;
  destinationStop: string;
}

/** Each known event type and its shape. */
export interface EventByType {
  actend: ActivityEndEvent;
  actstart: ActivityStartEvent;
  departure: PersonDepartureEvent;
  arrival: PersonArrivalEvent;
  PersonEntersVehicle: PersonEntersVehicleEvent;
  PersonLeavesVehicle: PersonLeavesVehicleEvent;
  'vehicle enters traffic': VehicleEntersTrafficEvent;
  'vehicle leaves traffic': VehicleLeavesTrafficEvent;
  'left link': LinkLeaveEvent;
  'entered link': LinkEnterEvent;
  travelled: TeleportationArrivalEvent;
  stuckAndAbort: PersonStuckEvent;
  'vehicle aborts': VehicleAbortsEvent;
  personMoney: PersonMoneyEvent;
  TransitDriverStarts: TransitDriverStartsEvent;
  VehicleArrivesAtFacility: VehicleArrivesAtFacilityEvent;
  VehicleDepartsAtFacility: VehicleDepartsAtFacilityEvent;
  waitingForPt: AgentWaitingForPtEvent;
}

export type KnownEventType = keyof EventByType;
export type KnownEvent = EventByType[KnownEventType];

/** Any other event type, kept as its attribute text (time and type included). */
export interface GenericEvent {
  type: string;
  time: number;
  attributes: EventAttributes;
}

/**
 * One event. `event.type === 'actend'` alone does not narrow this union (a generic event's type is any string):
 * use `isEventType(event, 'actend')`, or ask the reader for the types you want.
 */
export type MatsimEvent = KnownEvent | GenericEvent;

/** The event shape a reader yields when asked for the types `K`. */
export type EventOfType<K extends string> = string extends K
  ? MatsimEvent
  : K extends KnownEventType
    ? EventByType[K]
    : GenericEvent;

type FieldKind = 'string' | 'number';
/** `[attribute, kind, required]`. */
export type EventField = readonly [name: string, kind: FieldKind, required: boolean];

const S = (name: string): EventField => [name, 'string', true];
const S_ = (name: string): EventField => [name, 'string', false];
const N = (name: string): EventField => [name, 'number', true];
const N_ = (name: string): EventField => [name, 'number', false];

const activity = [S('person'), S_('facility'), S('link'), N_('x'), N_('y'), S_('actType')];
const atFacility = [S('vehicle'), S('facility'), N_('delay')];

/**
 * The typed fields of each known type (events.xml attribute names), in the order MATSim writes them after time
 * and type: the person, facility, link, coordinate and vehicle that `Event.writeXMLStart` puts first for classes
 * with those ids, then the class's own attributes. (`VehicleArrivesAtFacility` has no such ids, hence vehicle
 * before facility.) A field is required only where MATSim's own reader (`EventsReaderXMLv1`) fails without it —
 * ids it passes to `Id.create`, numbers it passes to `Double.parseDouble` —, so every file MATSim reads, reads here.
 */
export const EVENT_FIELDS: { readonly [K in KnownEventType]: readonly EventField[] } = {
  actend: activity,
  actstart: activity,
  departure: [S('person'), S('link'), S_('legMode'), S_('computationalRoutingMode')],
  arrival: [S('person'), S('link'), S_('legMode')],
  PersonEntersVehicle: [S('person'), S('vehicle')],
  PersonLeavesVehicle: [S('person'), S('vehicle')],
  'vehicle enters traffic': [S('person'), S('link'), S('vehicle'), S_('networkMode'), N_('relativePosition')],
  'vehicle leaves traffic': [S('person'), S('link'), S_('vehicle'), S_('networkMode'), N_('relativePosition')],
  'left link': [S('link'), S('vehicle')],
  'entered link': [S('link'), S('vehicle')],
  travelled: [S('person'), N('distance'), S_('mode')],
  stuckAndAbort: [S('person'), S_('link'), S_('legMode'), S_('reason')],
  'vehicle aborts': [S_('link'), S('vehicle')],
  personMoney: [S('person'), N('amount'), S_('purpose'), S_('transactionPartner'), S_('reference')],
  TransitDriverStarts: [S('driverId'), S('vehicleId'), S('transitLineId'), S('transitRouteId'), S('departureId')],
  VehicleArrivesAtFacility: atFacility,
  VehicleDepartsAtFacility: atFacility,
  waitingForPt: [S_('person'), S_('agent'), S('atStop'), S('destinationStop')],
};

export const KNOWN_EVENT_TYPES = Object.keys(EVENT_FIELDS) as KnownEventType[];
const KNOWN = new Set<string>(KNOWN_EVENT_TYPES);

export function isKnownEventType(type: string): type is KnownEventType {
  return KNOWN.has(type);
}

/** Narrows an event to the shape of `type`. */
export function isEventType<K extends KnownEventType>(event: MatsimEvent, type: K): event is EventByType[K] {
  return event.type === type;
}
