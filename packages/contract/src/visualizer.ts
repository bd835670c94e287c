/**
 * The visualizer's calls (spec 3 §2.20, §3, §7 "Visualizer", §9): a run's vehicle data prepared once by run
 * post-processing, read by time window as binary, and the link analyses (link volume, flow bundle).
 *
 * Binary answers (little-endian; "4-byte ints and 16-byte points (4 floats)", spec 3 §9):
 * - trajectories (`POST /datasets/analysis/{runId}/trajectories`): Int32 path count P, Int32[P] vehicle index,
 *   Int32[P] point count, then Float32 points, 4 per point: longitude, latitude (WGS 84), time (s), value of the
 *   requested attribute (NaN without one; a category's index into `vehicleCategories[attribute]`). One path is one
 *   vehicle's stretch in traffic between entering and leaving traffic, cut to the asked window; points in time order.
 *   Headers: TRAJECTORY_HEADERS.
 * - network (`GET /datasets/network/{fileId}/binary`): Float32 per link: start lon, start lat, end lon, end lat;
 *   header LINK_COUNT_HEADER. `…/binary/lookup`: the link ids in the same order (JSON string array).
 * - a link attribute (`GET /datasets/files/{fileId}/binary-network-attributes/{name}`): Float32 per link in the same
 *   order: the number (NaN: no value), or for a text attribute the index into the sorted distinct values that
 *   `GET /datasets/network/{fileId}/attributes/{name}/values` answers (NaN: no value).
 */
import { z } from 'zod';
import { ExactText, PlainText } from './strings.ts';

/** Seconds of vehicle data one trajectories call asks for (spec 3 §7: current time to current time + 300). */
export const VIS_FETCH_WINDOW_SECONDS = 300;
/** Reload when the clock comes this close (seconds) to the end of the loaded data (spec 3 §9). */
export const VIS_RELOAD_THRESHOLD_SECONDS = 30;
/** The time control's range (spec 3 §9). */
export const VIS_DAY_SECONDS = 86_400;
/** Playback speeds (× real time) and the default one's index (30×). */
export const VIS_SPEEDS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300] as const;
export const VIS_DEFAULT_SPEED_INDEX = 6;
/** Link-analysis time windows for 'Sync with global time' (seconds), default the first. */
export const VIS_TIME_WINDOWS = [900, 1800, 3600] as const;
/** The analyses a run's network offers, by name (`POST /datasets/analysis/{runId}/{name}`). */
export const VIS_ANALYSES = ['link-volume', 'flow-bundle'] as const;
export type VisAnalysisName = (typeof VIS_ANALYSES)[number];
/** Vehicle attributes every prepared run has. */
export const VIS_VEHICLE_ATTRIBUTES = { mode: 'string', 'relative-speed': 'decimal', 'absolute-speed': 'decimal' } as const;
/** Links a flow bundle call takes at most. */
export const VIS_FLOW_BUNDLE_MAX_IDS = 50;

export const TRAJECTORY_HEADERS = {
  /** Events the run's vehicle data was built from. */
  totalEvents: 'x-total-events',
  /** The first and last event time of the run (s): the playable range. */
  firstEvent: 'x-first-event-time',
  lastEvent: 'x-last-event-time',
  /** The window this answer covers (s): the buffer the client holds. */
  bufferStart: 'x-buffer-start',
  bufferEnd: 'x-buffer-end',
} as const;
export const LINK_COUNT_HEADER = 'x-link-count';

export const VisAttributeType = z.enum(['decimal', 'integer', 'string', 'analysis']);
export type VisAttributeType = z.infer<typeof VisAttributeType>;

export const VisBoundingBox = z.object({ xMin: z.number(), xMax: z.number(), yMin: z.number(), yMax: z.number() });
export type VisBoundingBox = z.infer<typeof VisBoundingBox>;

/** Whether a run has vehicle data to play: READY, still being prepared, none (no events, e.g. an imported run) or failed. */
export const VehicleDataStatus = z.enum(['READY', 'PROCESSING', 'NONE', 'FAILED']);
export type VehicleDataStatus = z.infer<typeof VehicleDataStatus>;

/** `GET /datasets/analysis/{runId}/options`: what a data source of this run can show (spec 3 §3 "Data source"). */
export const DataSourceOptions = z.object({
  /** The network the run's vehicles drove on (its output network, else its input network); null without one. */
  networkFileId: z.number().int().nullable(),
  networkAttributes: z.record(z.string(), VisAttributeType),
  networkAnalyses: z.array(z.enum(VIS_ANALYSES)),
  /** WGS 84 (x longitude, y latitude); null without a network. */
  networkBoundingBox: VisBoundingBox.nullable(),
  vehicleAttributes: z.record(z.string(), VisAttributeType),
  /** Categories of the text vehicle attributes (a point's value is an index into these). */
  vehicleCategories: z.record(z.string(), z.array(z.string())),
  /** Index → mode name of the modes vehicles drove (spec 3 §3 "transitModes"). */
  transitModes: z.record(z.string(), z.string()),
  vehicleData: z.object({
    status: VehicleDataStatus,
    /** Why there is none or why it failed, for people. */
    message: z.string().nullable(),
    vehicles: z.number().int(),
    totalEvents: z.number().int(),
    firstEventTime: z.number().nullable(),
    lastEventTime: z.number().nullable(),
  }),
});
export type DataSourceOptions = z.infer<typeof DataSourceOptions>;

export const VisFilterOperator = z.enum(['=', '!=', '<', '<=', '>', '>=', 'in', 'not in']);
export type VisFilterOperator = z.infer<typeof VisFilterOperator>;

/** A filter entry (spec 3 §3): text columns take a values list (the UI splits the typed text on commas). */
export const VisFilter = z.object({
  name: PlainText().min(1).max(200),
  operator: VisFilterOperator,
  value: z.union([z.number(), PlainText().max(200), z.array(PlainText().max(200)).max(1000)]),
});
export type VisFilter = z.infer<typeof VisFilter>;

export const VisTimeFilter = z
  .object({ from: z.number().min(0).max(10 * VIS_DAY_SECONDS), to: z.number().min(0).max(10 * VIS_DAY_SECONDS) })
  .refine((t) => t.from <= t.to, { message: 'from must not be after to' });
export type VisTimeFilter = z.infer<typeof VisTimeFilter>;

export const TrajectoriesRequest = z.object({
  timeFilter: VisTimeFilter,
  attribute: PlainText().min(1).max(200).optional(),
  filters: z.array(VisFilter).max(20).optional(),
});
export type TrajectoriesRequest = z.infer<typeof TrajectoriesRequest>;

/** `GET /datasets/analysis/{runId}/{name}/options`: the filters the analysis takes (attribute → values or type). */
export const AnalysisOptions = z.object({
  name: z.enum(VIS_ANALYSES),
  filterOptions: z.record(z.string(), z.object({ type: VisAttributeType, values: z.array(z.string()).optional() })),
  /** The hours (s) the data covers. */
  timeRange: z.object({ from: z.number(), to: z.number() }).nullable(),
});
export type AnalysisOptions = z.infer<typeof AnalysisOptions>;

export const LinkVolumeRequest = z.object({ timeFilter: VisTimeFilter.optional(), filters: z.array(VisFilter).max(20).optional() });
export type LinkVolumeRequest = z.infer<typeof LinkVolumeRequest>;
/** Link id → vehicles that entered it in the window. */
export const LinkVolumeAnswer = z.record(z.string(), z.number());
export type LinkVolumeAnswer = z.infer<typeof LinkVolumeAnswer>;

export const FlowBundleRequest = LinkVolumeRequest.extend({
  ids: z.array(ExactText().min(1).max(200)).min(1).max(VIS_FLOW_BUNDLE_MAX_IDS),
});
export type FlowBundleRequest = z.infer<typeof FlowBundleRequest>;
/** Selected link id → (link id → vehicles that drove over the selected link in the window and over this link in the same stretch). */
export const FlowBundleAnswer = z.record(z.string(), z.record(z.string(), z.number()));
export type FlowBundleAnswer = z.infer<typeof FlowBundleAnswer>;

export const VIS_MESSAGES = {
  noRun: 'Run not found.',
  noVehicleData: 'This run has no vehicle data: its output has no events file.',
  processing: 'The vehicle data of this run is still being prepared.',
  failed: (reason: string) => `The vehicle data of this run could not be prepared: ${reason}`,
  noNetwork: 'This run has no network to draw.',
  unknownAnalysis: (name: string) => `Unknown analysis ${name}.`,
  unknownAttribute: (name: string) => `Unknown attribute ${name}.`,
  /** Spec 3 §8. */
  noDataSource: (id: string) => `Cannot find data source with id: ${id}`,
  layerType: (type: string) => `Layer Type ${type} is not implemented`,
} as const;
