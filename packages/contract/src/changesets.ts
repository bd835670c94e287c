/**
 * Map editor modifications (spec 2 §3): plain serialisable data, so a changeset's list of modifications is the
 * changeset format. Network kinds are applied by `@corridor/changesets`; transit and DRT kinds are validated now
 * and applied with the transit and DRT editing.
 */
import { z } from 'zod';
import { Count, Int32, RowId } from './integers.ts';

export const UNKNOWN_MODIFICATION_TYPE = 'Unknown Modification Type';
export const INVALID_CHANGESET_JSON = 'Invalid JSON format for changeset';

const Id = z.string().min(1);
const LngLat = z.tuple([z.number().finite(), z.number().finite()]);

/** A custom link attribute keeps its type (spec 2 §5: string, integer, decimal, bool). */
export const CustomAttribute = z.discriminatedUnion('type', [
  z.object({ type: z.literal('string'), value: z.string() }),
  z.object({ type: z.literal('integer'), value: Int32 }),
  z.object({ type: z.literal('decimal'), value: z.number().finite() }),
  z.object({ type: z.literal('bool'), value: z.boolean() }),
]);
export type CustomAttribute = z.infer<typeof CustomAttribute>;

export const NetworkNode = z.object({ id: Id, lng: z.number().finite(), lat: z.number().finite() });
export type NetworkNode = z.infer<typeof NetworkNode>;

/** The link properties an edit may change (MATSim: length m, freespeed m/s, capacity veh/capperiod, permlanes). */
export const LinkProperties = z.object({
  length: z.number().finite().nonnegative(),
  capacity: z.number().finite().nonnegative(),
  lanes: z.number().finite().nonnegative(),
  freespeed: z.number().finite().nonnegative(),
  modes: z.array(z.string().min(1)),
  attributes: z.record(z.string(), CustomAttribute).optional(),
});
export type LinkProperties = z.infer<typeof LinkProperties>;

export const NetworkLink = LinkProperties.extend({ id: Id, fromId: Id, toId: Id });
export type NetworkLink = z.infer<typeof NetworkLink>;

/** A link update: only the named fields change; an attribute set to null is removed. fromId/toId reverse or re-attach. */
export const LinkChanges = LinkProperties.omit({ attributes: true })
  .extend({ fromId: Id, toId: Id, attributes: z.record(z.string(), CustomAttribute.nullable()) })
  .partial();
export type LinkChanges = z.infer<typeof LinkChanges>;

const AddNode = z.object({ type: z.literal('network/addNode'), node: NetworkNode });
/** Moves a node; attached links follow because links refer to their nodes. */
const UpdateNode = z.object({ type: z.literal('network/updateNode'), id: Id, lng: z.number().finite(), lat: z.number().finite() });
const DeleteNode = z.object({ type: z.literal('network/deleteNode'), id: Id });
const AddLink = z.object({ type: z.literal('network/addLink'), link: NetworkLink });
const UpdateLink = z.object({ type: z.literal('network/updateLink'), id: Id, changes: LinkChanges });
const DeleteLink = z.object({ type: z.literal('network/deleteLink'), id: Id });

export const NetworkLeafModification = z.discriminatedUnion('type', [AddNode, UpdateNode, DeleteNode, AddLink, UpdateLink, DeleteLink]);
export type NetworkLeafModification = z.infer<typeof NetworkLeafModification>;
/** Several network edits that undo and redo as one (bulk table edits, a split). */
const NetworkGroup = z.object({ type: z.literal('network/group'), modifications: z.array(NetworkLeafModification).min(1) });
export type NetworkGroupModification = z.infer<typeof NetworkGroup>;

// Transit (spec 2 §3): validated now, applied with the transit editing.
export const TransitStop = z.object({
  id: Id,
  name: z.string(),
  coordinates: LngLat,
  linkId: z.string().optional(),
  isBlocking: z.boolean(),
  group: z.string().optional(),
});
export const RouteStop = z.object({
  id: Id,
  departureOffset: z.number().finite(),
  arrivalOffset: z.number().finite(),
  awaitDeparture: z.boolean(),
  linkId: z.string().optional(),
});
export const Departure = z.object({
  id: Id,
  departureTime: z.number().finite(),
  vehicleRefId: z.string(),
  vehicleType: z.string().optional(),
});
export const TransitRoute = z.object({
  id: Id,
  name: z.string().optional(),
  mode: z.string(),
  transitLineId: Id,
  stops: z.array(RouteStop),
  links: z.array(z.string()),
  departures: z.array(Departure),
  vehicles: z.array(z.unknown()).optional(),
});
export const TransitLine = z.object({ id: Id, name: z.string().optional(), transitRoutes: z.record(z.string(), TransitRoute) });
export type TransitStop = z.infer<typeof TransitStop>;
export type RouteStop = z.infer<typeof RouteStop>;
export type Departure = z.infer<typeof Departure>;
export type TransitRoute = z.infer<typeof TransitRoute>;
export type TransitLine = z.infer<typeof TransitLine>;

const lineRoute = { lineId: Id, routeId: Id };
const TransitStopLeaf = z.discriminatedUnion('type', [
  z.object({ type: z.literal('transitStop/add'), stop: TransitStop }),
  z.object({ type: z.literal('transitStop/update'), id: Id, stop: TransitStop }),
  z.object({ type: z.literal('transitStop/delete'), id: Id }),
]);
const TransitLineLeaf = z.discriminatedUnion('type', [
  z.object({ type: z.literal('transitLine/add'), line: TransitLine }),
  z.object({ type: z.literal('transitLine/update'), id: Id, line: TransitLine }),
  z.object({ type: z.literal('transitLine/delete'), id: Id }),
]);
const RouteKinds = [
  z.object({ type: z.literal('route/add'), route: TransitRoute }),
  z.object({ type: z.literal('route/update'), ...lineRoute, route: TransitRoute }),
  z.object({ type: z.literal('route/delete'), ...lineRoute }),
  z.object({ type: z.literal('route/updateDepartures'), ...lineRoute, departures: z.array(Departure) }),
  /** Placed after the given occurrence of another stop, or first when afterIndex is -1 (spec 2 §4). */
  z.object({ type: z.literal('route/addStop'), ...lineRoute, stopId: Id, afterIndex: Int32.min(-1) }),
  z.object({ type: z.literal('route/updateStop'), ...lineRoute, index: Count, stop: RouteStop }),
  z.object({ type: z.literal('route/deleteStop'), ...lineRoute, index: Count }),
  z.object({ type: z.literal('networkRoute/addLink'), ...lineRoute, linkId: Id, index: Count }),
  z.object({ type: z.literal('networkRoute/deleteLink'), ...lineRoute, index: Count }),
] as const;

// DRT (spec 2 §3): saved as new files, validated now, applied with the DRT editing.
export const DrtVehicle = z.object({
  id: Id,
  startLinkId: Id,
  capacity: z.string().default('1'),
  t0: z.number().finite(),
  t1: z.number().finite(),
});
export type DrtVehicle = z.infer<typeof DrtVehicle>;
export const DrtStop = z.object({ id: Id, name: z.string(), coordinates: LngLat, linkId: z.string().optional(), isBlocking: z.boolean() });
export type DrtStop = z.infer<typeof DrtStop>;
/** A closed ring: at least 4 positions, the last equal to the first (GeoJSON). */
const Ring = z.array(LngLat).min(4);
/** A service area's shape in WGS84 (GeoJSON): a polygon, or a multipolygon as shapefiles and GeoPackages carry. */
export const AreaGeometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring).min(1) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(Ring).min(1)).min(1) }),
]);
export type AreaGeometry = z.infer<typeof AreaGeometry>;
/** A DRT service area feature (spec 2 §3): its id and properties (a file's attributes are kept and written back). */
export const DrtServiceArea = z.object({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]),
  geometry: AreaGeometry,
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
});
export type DrtServiceArea = z.infer<typeof DrtServiceArea>;
const Polygon = DrtServiceArea;
const DrtKinds = [
  z.object({ type: z.literal('drt/addStops'), stops: z.array(DrtStop) }),
  z.object({ type: z.literal('drt/deleteStops'), ids: z.array(Id) }),
  z.object({ type: z.literal('drt/addVehicles'), vehicles: z.array(DrtVehicle) }),
  z.object({ type: z.literal('drt/deleteVehicles'), ids: z.array(Id) }),
  z.object({ type: z.literal('drt/updateVehicles'), vehicles: z.array(DrtVehicle) }),
  z.object({ type: z.literal('drt/addServiceArea'), area: Polygon }),
  z.object({ type: z.literal('drt/deleteServiceArea'), id: z.union([z.string(), z.number()]) }),
  z.object({ type: z.literal('drt/addServiceAreaPosition'), areaId: z.union([z.string(), z.number()]), index: Count, position: LngLat }),
  z.object({ type: z.literal('drt/moveServiceAreaPosition'), areaId: z.union([z.string(), z.number()]), index: Count, position: LngLat }),
] as const;

const unknownType = { error: (issue: { code?: string; note?: string }) => (issue.code === 'invalid_union' && issue.note === 'No matching discriminator' ? UNKNOWN_MODIFICATION_TYPE : undefined) };

export const Modification = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('none') }),
    AddNode, UpdateNode, DeleteNode, AddLink, UpdateLink, DeleteLink, NetworkGroup,
    ...TransitStopLeaf.options,
    z.object({ type: z.literal('transitStop/group'), modifications: z.array(TransitStopLeaf).min(1) }),
    ...TransitLineLeaf.options,
    z.object({ type: z.literal('transitLine/group'), modifications: z.array(TransitLineLeaf).min(1) }),
    ...RouteKinds,
    ...DrtKinds,
  ],
  unknownType,
);
export type Modification = z.infer<typeof Modification>;
export type ModificationType = Modification['type'];
export type NetworkModification = Extract<Modification, { type: `network/${string}` }>;
/** The public transport kinds (spec 2 §3): stops, lines, routes and network routes. */
/** The DRT kinds (spec 2 §3): vehicles, stops and service areas, saved as files. */
export type DrtModification = Extract<Modification, { type: `drt/${string}` }>;
export type TransitModification = Extract<Modification, { type: `transitStop/${string}` | `transitLine/${string}` | `route/${string}` | `networkRoute/${string}` }>;

export const SaveOption = z.enum(['changeset', 'new_file', 'overwrite']);
export const SaveGroup = z.enum(['network', 'transit', 'drtVehicles', 'drtStops', 'drtServiceArea']);
export type SaveGroup = z.infer<typeof SaveGroup>;

/** How each group of a save is written (spec 2 §4 Saving). */
export const SaveOptions = z.partialRecord(SaveGroup, SaveOption);
export type SaveOptions = z.infer<typeof SaveOptions>;
export const NewFileNames = z.partialRecord(SaveGroup, z.string().max(255));
/** The DRT files a changeset's DRT groups started from (spec 2 §4: loading or clearing such a file updates it). */
export const BaseFiles = z.partialRecord(z.enum(['vehicles', 'stops', 'serviceArea']), RowId.nullable());

/** Network and transit groups can only be saved into the changeset (spec 2 §4). */
export const CHANGESET_ONLY_GROUPS: readonly SaveGroup[] = ['network', 'transit'];
export const changesetOnlyMessage = (group: SaveGroup) => `The ${group} changes can only be saved into the changeset, not as a file.`;

/** POST/PUT bodies of spec 2 §7 (id -1: not saved yet). */
export const ChangesetBody = z.object({
  id: Int32,
  name: z.string().default('Untitled'),
  modifications: z.array(Modification),
  saveOptions: SaveOptions.optional(),
  newFileNames: NewFileNames.optional(),
  baseFile: BaseFiles.optional(),
});
export type ChangesetBody = z.infer<typeof ChangesetBody>;

/** JSON import (spec 2 §5): unparsable text or no modifications list → INVALID_CHANGESET_JSON; unknown type → UNKNOWN_MODIFICATION_TYPE. */
export function parseChangesetJson(text: string): { ok: true; modifications: Modification[] } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: INVALID_CHANGESET_JSON };
  }
  const list = (value as { modifications?: unknown } | null)?.modifications;
  if (!Array.isArray(list)) return { ok: false, error: INVALID_CHANGESET_JSON };
  const parsed = z.array(Modification).safeParse(list);
  if (parsed.success) return { ok: true, modifications: parsed.data };
  const unknown = parsed.error.issues.some((issue) => issue.message === UNKNOWN_MODIFICATION_TYPE);
  return { ok: false, error: unknown ? UNKNOWN_MODIFICATION_TYPE : INVALID_CHANGESET_JSON };
}
