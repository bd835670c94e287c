/**
 * The map editor's network calls (spec 2 §3, §7): `POST /datasets/network/{fileId}/query` and the network info
 * `GET /datasets/files/{fileId}/d/network-info/info.json`.
 */
import { z } from 'zod';
import { ExactText, PlainText } from './strings.ts';

/** Links in one query answer at most; past it the answer holds this many and says `query_exceeds_limit`. */
export const NETWORK_QUERY_MAX_LINKS = 50_000;
/** Ids in one id selector at most. */
export const NETWORK_QUERY_MAX_IDS = 10_000;
/** The default bbox: the whole world (spec 2 §7). */
export const WORLD_BBOX = [-180, -90, 180, 90] as const;

export const NetworkFilterOperator = z.enum(['<', '<=', '>=', '>', 'in']);
export type NetworkFilterOperator = z.infer<typeof NetworkFilterOperator>;

const AttributeValue = z.union([z.number(), PlainText().max(200)]);

/** One network filter condition: attribute name, operator, a value (comparisons) or values (`in`). */
export const NetworkCondition = z
  .object({
    attribute: PlainText().min(1).max(200),
    operator: NetworkFilterOperator,
    value: z.number().optional(),
    values: z.array(AttributeValue).max(1000).optional(),
  })
  .refine((c) => (c.operator === 'in' ? c.values !== undefined : c.value !== undefined), {
    message: "'in' takes values, the comparisons take a numeric value",
  });
export type NetworkCondition = z.infer<typeof NetworkCondition>;

const Ids = z.array(ExactText().min(1).max(200)).max(NETWORK_QUERY_MAX_IDS);

export const NetworkIdSelector = z.object({
  links: Ids.optional(),
  nodes: Ids.optional(),
  /** Adds every link touching a node of the selection (selected nodes and the ends of selected links). */
  one_hop_neighborhood: z.boolean().optional(),
  /** Adds the links that start or end at the selected nodes. */
  include_links_for_nodes: z.boolean().optional(),
});
export type NetworkIdSelector = z.infer<typeof NetworkIdSelector>;

const Lon = z.number().min(-180).max(180);
const Lat = z.number().min(-90).max(90);

export const NetworkQueryRequest = z.object({
  type: z.literal('Data'),
  filters: z
    .object({
      /** [minLon, minLat, maxLon, maxLat] in WGS 84; default the whole world. */
      bbox: z.tuple([Lon, Lat, Lon, Lat]).optional(),
      conditions: z.array(NetworkCondition).max(50).optional(),
      ids: NetworkIdSelector.optional(),
    })
    .default({}),
});
export type NetworkQueryRequest = z.infer<typeof NetworkQueryRequest>;

export const LinkAttributeType = z.enum(['numeric', 'decimal', 'categorical']);
export type LinkAttributeType = z.infer<typeof LinkAttributeType>;

export const LinkAttribute = z.object({ name: z.string(), type: LinkAttributeType });
export type LinkAttribute = z.infer<typeof LinkAttribute>;

/** One link between a node pair: its id, ends, and attributes (length, capacity, lanes, freespeed, modes, …). */
export const LinkEntry = z.object({ id: z.string(), fromId: z.string(), toId: z.string() }).catchall(z.unknown());
export type LinkEntry = z.infer<typeof LinkEntry>;

export const NodeFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({ kind: z.literal('node'), id: z.string() }),
});

/** A node pair (either direction) as one LineString with one entry per link between the two nodes. */
export const LinkFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(z.tuple([z.number(), z.number()])) }),
  properties: z.object({ kind: z.literal('link'), links: z.array(LinkEntry) }),
});

export const NetworkQueryAnswer = z.object({
  features: z.array(z.union([NodeFeature, LinkFeature])),
  link_attributes: z.array(LinkAttribute),
  query_exceeds_limit: z.boolean(),
});
export type NetworkQueryAnswer = z.infer<typeof NetworkQueryAnswer>;

/**
 * Why a processed network cannot be shown on a map (issue 24): its coordinates, taken in the CRS it was processed
 * with, are not on Earth (`outside`: metres read in a geographic CRS, the wrong zone…), the scenario has no CRS and
 * they are clearly not degrees (`no-crs`), or the CRS is not one the catalogue knows (`unknown`). `crs` is the CRS
 * used (null without one); `message` is for users.
 */
export const NetworkCrsProblem = z.object({
  kind: z.enum(['outside', 'no-crs', 'unknown']),
  crs: z.string().nullable(),
  message: z.string(),
});
export type NetworkCrsProblem = z.infer<typeof NetworkCrsProblem>;

/**
 * `network-info/info.json`: where the editor's map starts; the CRS the network was processed with (null: none,
 * coordinates taken as degrees), whether it is a plane with no place on Earth (Atlantis: a plain background), and
 * a problem when the coordinates cannot be shown.
 */
export const NetworkInfo = z.object({
  centerLat: z.number(),
  centerLon: z.number(),
  zoom: z.number(),
  crs: z.string().nullable().optional(),
  plane: z.boolean().optional(),
  problem: NetworkCrsProblem.optional(),
});
export type NetworkInfo = z.infer<typeof NetworkInfo>;

/** Distinct values answered at most by the attribute values call; past it the answer says `truncated`. */
export const NETWORK_ATTRIBUTE_VALUES_MAX = 1000;

/**
 * `GET /datasets/network/{fileId}/attributes/{name}/values`: the sorted distinct values of a categorical link
 * attribute (for `modes` the single modes), for the categorical filter (spec 2 §2 Filters).
 */
export const NetworkAttributeValues = z.object({ values: z.array(z.string()), truncated: z.boolean() });
export type NetworkAttributeValues = z.infer<typeof NetworkAttributeValues>;

/** `GET /editor/map-style`: the map tile style URLs by theme; null: the map shows a plain background (offline). */
export const MapStyle = z.object({ light: z.string().nullable(), dark: z.string().nullable() });
export type MapStyle = z.infer<typeof MapStyle>;
