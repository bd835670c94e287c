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

/** `network-info/info.json`: where the editor's map starts. */
export const NetworkInfo = z.object({ centerLat: z.number(), centerLon: z.number(), zoom: z.number() });
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
