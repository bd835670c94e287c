/**
 * The view in the address, so a reload or a sent link shows the same picture: `v` the data sources (run ids),
 * layers and their settings as compact JSON, `t` the time (s), `sp` the speed index, `th` the base map theme; the
 * camera is `c` (components/map/camera.ts). A `v` naming a missing data source or an unknown layer type throws
 * the spec's error (spec 3 §8); other damage falls back to the empty view.
 */
import { VIS_ANALYSES, VIS_MESSAGES, VisFilter } from '@corridor/contract';
import { z } from 'zod';
import { ColorChoice, NumberChoice } from '../style/types.ts';
import { DIFFERENCE_MEASURES, LINK_VOLUME_DIFFERENCE } from './difference.ts';
import { wrapTime } from './time.ts';
import { ANALYSIS_TIME_MODES, EMPTY_VIEW, LAYER_ANALYSES, LAYER_TYPES, STATIONARY_TYPES, VEHICLE_TYPES, syncAnalyses, type Layer, type View } from './layers.ts';

export const VIEW_PARAM = 'v';
export const TIME_PARAM = 't';
export const SPEED_PARAM = 'sp';
export const THEME_PARAM = 'th';

const Control = z.object({
  time: z.enum(ANALYSIS_TIME_MODES),
  window: z.number(),
  from: z.number(),
  to: z.number(),
  linkId: z.string().max(200).optional(),
  filters: z.array(VisFilter).max(20).optional(),
  base: z.string().max(20).optional(),
  measure: z.enum(DIFFERENCE_MEASURES).optional(),
});
const Base = { id: z.string().max(20), visible: z.boolean(), dataSource: z.string().max(20) };
const NetworkLayerSchema = z.object({
  ...Base,
  type: z.literal('network'),
  color: ColorChoice,
  width: NumberChoice,
  arrows: z.boolean(),
  analyses: z.object({ 'link-volume': Control.optional(), 'flow-bundle': Control.optional(), [LINK_VOLUME_DIFFERENCE]: Control.optional() }),
});
const VehicleLayerSchema = z.object({
  ...Base,
  type: z.literal('vehicles'),
  style: z.object({
    type: z.enum(VEHICLE_TYPES),
    size: z.number(),
    trailWidth: z.number(),
    trailLength: z.number(),
    showStationary: z.boolean(),
    stationaryType: z.enum(STATIONARY_TYPES),
    stationaryColor: z.string().max(9),
  }),
  filters: z.array(VisFilter).max(20),
  color: ColorChoice,
});
const Compact = z.object({
  s: z.array(z.tuple([z.string().max(20), z.number().int()])).max(20),
  l: z.array(z.object({ type: z.string() }).passthrough()).max(50),
  a: z.string().nullable(),
  n: z.number().int().min(1),
});

export function encodeView(view: View): string {
  const compact: z.infer<typeof Compact> = { s: view.sources.map((source) => [source.id, source.runId]), l: view.layers as unknown as z.infer<typeof Compact>['l'], a: view.active, n: view.next };
  return JSON.stringify(compact);
}

/** The view a `v` value names (empty without one or when damaged); throws the spec's errors for a missing source or layer type. */
export function decodeView(value: string | null): View {
  if (!value) return EMPTY_VIEW;
  let compact: z.infer<typeof Compact>;
  try {
    compact = Compact.parse(JSON.parse(value));
  } catch {
    return EMPTY_VIEW;
  }
  const sources = compact.s.map(([id, runId]) => ({ id, runId }));
  for (const raw of compact.l) {
    if (!(LAYER_TYPES as readonly string[]).includes(raw.type)) throw new Error(VIS_MESSAGES.layerType(raw.type));
    const source = String(raw.dataSource);
    if (!sources.some((entry) => entry.id === source)) throw new Error(VIS_MESSAGES.noDataSource(source));
  }
  const parsed = z.array(z.union([NetworkLayerSchema, VehicleLayerSchema])).safeParse(compact.l);
  if (!parsed.success) return EMPTY_VIEW;
  // A difference's base that is not (or no longer) another source of the view falls back to the first other one.
  const layers = (parsed.data as Layer[]).map((layer) => (layer.type === 'network' ? syncAnalyses(layer, sources) : layer));
  const active = layers.some((layer) => layer.id === compact.a) ? compact.a : (layers[0]?.id ?? null);
  return { sources, layers, active, next: compact.n };
}

/** The time in the address (0 when missing or not a number), wrapped into the day. */
export function decodeTime(value: string | null): number {
  const time = Number(value);
  return value !== null && Number.isFinite(time) ? wrapTime(time) : 0;
}

/**
 * The analysis names a `v` value's network layers carry that this page does not know (spec 3 §8: an unknown
 * analysis type gives an error or a warning). Decoding drops them; the page warns naming them.
 */
export function unknownAnalyses(value: string | null): string[] {
  if (!value) return [];
  let layers: unknown;
  try {
    layers = (JSON.parse(value) as { l?: unknown }).l;
  } catch {
    return [];
  }
  if (!Array.isArray(layers)) return [];
  const unknown = new Set<string>();
  for (const layer of layers as { type?: unknown; analyses?: unknown }[]) {
    if (layer?.type !== 'network' || typeof layer.analyses !== 'object' || layer.analyses === null) continue;
    for (const name of Object.keys(layer.analyses)) if (!(VIS_ANALYSES as readonly string[]).includes(name) && !(LAYER_ANALYSES as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}
