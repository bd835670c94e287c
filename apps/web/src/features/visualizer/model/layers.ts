/**
 * The visualizer's view (spec 3 §2.20, §3 "Data source", "Layer", "Dynamic analysis control"): data sources (a run
 * each, named 'Data Source n' by position, so removing one renumbers the rest), layers on them, the active layer.
 * Plain JSON (it goes into the address); changed only through `reduceView`.
 */
import { VIS_TIME_WINDOWS, type VisAnalysisName, type VisFilter } from '@corridor/contract';
import { DEFAULT_LINE_COLOR, DEFAULT_VEHICLE_COLOR, STATIONARY_COLOR, TRAIL_LENGTH, TRAIL_WIDTH, VEHICLE_SIZE, fixedColor, fixedWidth } from '../style/presets.ts';
import type { ColorChoice, NumberChoice } from '../style/types.ts';
import { LINK_VOLUME_DIFFERENCE, type DifferenceMeasure } from './difference.ts';

export interface DataSource {
  id: string;
  runId: number;
}

export const LAYER_TYPES = ['network', 'vehicles'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

export const ANALYSIS_TIME_MODES = ['off', 'sync', 'custom'] as const;
export type AnalysisTimeMode = (typeof ANALYSIS_TIME_MODES)[number];

/** A Link Volumes or Flow Bundle section: its time filter, and for flow bundle the chosen link. */
export interface AnalysisControl {
  time: AnalysisTimeMode;
  /** 'Sync with global time' window (s). */
  window: number;
  from: number;
  to: number;
  /** Flow bundle only: the link id ('' until one is typed or picked). */
  linkId?: string;
  /** The section's filters (spec 3 §3 "activeFilters"), on the names the analysis options offer; missing in older addresses. */
  filters?: VisFilter[];
  /** Link volume difference only: the base data source's id ('' while there is none) and the measure. */
  base?: string;
  measure?: DifferenceMeasure;
}

/** The dynamic sections of a network layer: the server's analyses and the base-against-case difference. */
export type LayerAnalysisName = VisAnalysisName | typeof LINK_VOLUME_DIFFERENCE;
export const LAYER_ANALYSES: readonly LayerAnalysisName[] = ['link-volume', 'flow-bundle', LINK_VOLUME_DIFFERENCE];

export interface NetworkLayer {
  id: string;
  type: 'network';
  visible: boolean;
  dataSource: string;
  color: ColorChoice;
  width: NumberChoice;
  arrows: boolean;
  analyses: Partial<Record<LayerAnalysisName, AnalysisControl>>;
}

export const VEHICLE_TYPES = ['trail', 'box', 'disc', 'sphere', 'donut', 'pyramid'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const STATIONARY_TYPES = ['disc', 'sphere', 'donut'] as const;
export type StationaryType = (typeof STATIONARY_TYPES)[number];

export interface VehicleStyle {
  type: VehicleType;
  size: number;
  trailWidth: number;
  trailLength: number;
  showStationary: boolean;
  stationaryType: StationaryType;
  stationaryColor: string;
}

export interface VehicleLayer {
  id: string;
  type: 'vehicles';
  visible: boolean;
  dataSource: string;
  style: VehicleStyle;
  filters: VisFilter[];
  color: ColorChoice;
}

export type Layer = NetworkLayer | VehicleLayer;

export interface View {
  sources: DataSource[];
  layers: Layer[];
  active: string | null;
  /** The next id number for a source or layer (ids are never reused within a view). */
  next: number;
}

export const EMPTY_VIEW: View = { sources: [], layers: [], active: null, next: 1 };

/** The n of 'Data Source n': the source's position among the sources (1-based); the panels translate the name. */
export function sourceNumber(view: Pick<View, 'sources'>, id: string): number {
  return view.sources.findIndex((source) => source.id === id) + 1;
}

export const DEFAULT_VEHICLE_STYLE: VehicleStyle = {
  type: 'trail',
  size: VEHICLE_SIZE.default,
  trailWidth: TRAIL_WIDTH.default,
  trailLength: TRAIL_LENGTH.default,
  showStationary: true,
  stationaryType: 'donut',
  stationaryColor: STATIONARY_COLOR,
};

export function newLayer(type: LayerType, id: string, dataSource: string): Layer {
  if (type === 'network') {
    return { id, type, visible: true, dataSource, color: fixedColor(DEFAULT_LINE_COLOR), width: fixedWidth(), arrows: false, analyses: {} };
  }
  return { id, type, visible: true, dataSource, style: { ...DEFAULT_VEHICLE_STYLE }, filters: [], color: fixedColor(DEFAULT_VEHICLE_COLOR) };
}

export const newAnalysisControl = (name: LayerAnalysisName): AnalysisControl => ({
  time: 'off',
  window: VIS_TIME_WINDOWS[0],
  from: 0,
  to: 86_400,
  filters: [],
  ...(name === 'flow-bundle' ? { linkId: '' } : {}),
  ...(name === LINK_VOLUME_DIFFERENCE ? { base: '', measure: 'absolute' as const } : {}),
});

/** The base a difference compares against: the chosen one while it is another source of the view, else the first other source ('' without one). */
export function differenceBase(base: string | undefined, caseSource: string, sources: readonly DataSource[]): string {
  if (base && base !== caseSource && sources.some((source) => source.id === base)) return base;
  return sources.find((source) => source.id !== caseSource)?.id ?? '';
}

/**
 * The dynamic sections a network layer has: one per analysis its colour or width uses, kept while used. The
 * difference's base stays another source of the view (the first other one when it is not).
 */
export function syncAnalyses(layer: NetworkLayer, sources: readonly DataSource[] = []): NetworkLayer {
  const used = new Set([layer.color.attribute, layer.width.attribute]);
  const analyses: NetworkLayer['analyses'] = {};
  for (const name of LAYER_ANALYSES) {
    if (used.has(name)) analyses[name] = layer.analyses[name] ?? newAnalysisControl(name);
  }
  const difference = analyses[LINK_VOLUME_DIFFERENCE];
  if (difference) {
    const base = differenceBase(difference.base, layer.dataSource, sources);
    if (base !== difference.base) analyses[LINK_VOLUME_DIFFERENCE] = { ...difference, base };
  }
  return { ...layer, analyses };
}

export type ViewAction =
  | { type: 'addSource'; runId: number }
  | { type: 'removeSource'; id: string }
  | { type: 'addLayer'; layerType: LayerType }
  | { type: 'removeLayer'; id: string }
  | { type: 'toggleLayer'; id: string }
  | { type: 'activate'; id: string }
  | { type: 'updateLayer'; layer: Layer };

export function reduceView(view: View, action: ViewAction): View {
  switch (action.type) {
    case 'addSource': {
      const source = { id: `s${view.next}`, runId: action.runId };
      const next = { ...view, sources: [...view.sources, source], next: view.next + 1 };
      if (view.sources.length > 0) return next;
      const network = newLayer('network', `l${next.next}`, source.id);
      const vehicles = newLayer('vehicles', `l${next.next + 1}`, source.id);
      return { ...next, layers: [...view.layers, network, vehicles], active: network.id, next: next.next + 2 };
    }
    case 'removeSource': {
      const sources = view.sources.filter((source) => source.id !== action.id);
      const layers = view.layers.filter((layer) => layer.dataSource !== action.id).map((layer) => (layer.type === 'network' ? syncAnalyses(layer, sources) : layer));
      const active = layers.some((layer) => layer.id === view.active) ? view.active : (layers[0]?.id ?? null);
      return { ...view, sources, layers, active };
    }
    case 'addLayer': {
      const activeSource = view.layers.find((layer) => layer.id === view.active)?.dataSource;
      const source = activeSource ?? view.sources[0]?.id;
      if (!source) return view;
      const layer = newLayer(action.layerType, `l${view.next}`, source);
      return { ...view, layers: [...view.layers, layer], active: layer.id, next: view.next + 1 };
    }
    case 'removeLayer': {
      const layers = view.layers.filter((layer) => layer.id !== action.id);
      return { ...view, layers, active: view.active === action.id ? (layers[0]?.id ?? null) : view.active };
    }
    case 'toggleLayer':
      return { ...view, layers: view.layers.map((layer) => (layer.id === action.id ? { ...layer, visible: !layer.visible } : layer)) };
    case 'activate':
      return view.layers.some((layer) => layer.id === action.id) ? { ...view, active: action.id } : view;
    case 'updateLayer': {
      const updated = action.layer.type === 'network' ? syncAnalyses(action.layer, view.sources) : action.layer;
      return { ...view, layers: view.layers.map((layer) => (layer.id === updated.id ? updated : layer)) };
    }
  }
}
