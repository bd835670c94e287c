/**
 * DRT data for the map editor (spec 2 §2 DRT tab, §7 generation calls; issue 29). A scenario's DRT files are read
 * per kind — a dvrp fleet (`dvrp_vehicles_v1`), a stop file (a transit schedule holding only stops) and a service
 * area (shapefile or GeoPackage, the geodata MATSim's DRT reads) — into the entity types of spec 2 §3
 * (`changesets.ts`), with coordinates in WGS84 [lng, lat].
 */
import { z } from 'zod';
import { AreaGeometry, DrtServiceArea, DrtStop, DrtVehicle } from './changesets.ts';
import { RowId } from './integers.ts';
import { NetworkCrsProblem } from './network-query.ts';
import { ExactText, PlainText } from './strings.ts';

/** The three DRT file kinds a changeset's `baseFile` names (spec 2 §3). */
export const DrtFileKind = z.enum(['vehicles', 'stops', 'serviceArea']);
export type DrtFileKind = z.infer<typeof DrtFileKind>;

const located = {
  /** The CRS the coordinates were read in (the file's own, else the scenario's); null: none, taken as degrees. */
  crs: z.string().nullable(),
  /** Set when the coordinates cannot be shown on a map (an unknown CRS, coordinates off Earth), as for networks. */
  problem: NetworkCrsProblem.optional(),
};

/** `GET /datasets/files/{id}/drt`: the file's DRT items, by the kind its data type says. */
export const DrtData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('vehicles'), vehicles: z.array(DrtVehicle) }),
  z.object({ kind: z.literal('stops'), ...located, stops: z.array(DrtStop) }),
  z.object({ kind: z.literal('serviceArea'), ...located, areas: z.array(DrtServiceArea) }),
]);
export type DrtData = z.infer<typeof DrtData>;
export const NO_DRT_DATA = 'Only DVRP vehicle files, transit schedules holding stops, shapefiles (.shp) and GeoPackages have DRT data.';

/** Generation bounds (issue 29 benchmark: 10,000 vehicles and 1,000 stops). */
export const DRT_GENERATE_MAX_VEHICLES = 100_000;
export const DRT_GENERATE_MAX_STOPS = 100_000;
export const DRT_GENERATE_MAX_SEATS = 1_000;
/** Operating hours end at most two days after midnight (MATSim fleets often run past 24:00). */
export const DRT_MAX_TIME = 48 * 3600;

/** The area to generate in: a WGS84 polygon drawn on the map. */
export const GenerationArea = AreaGeometry;

/**
 * Ids the generated vehicles or stops must not take: those the editor already holds (its file's and the changeset's).
 * Optional; generated ids are unique within the answer in any case (spec 2 §9: re-drawn until unique).
 */
export const DRT_EXISTING_IDS_MAX = 200_000;
const ExistingIds = z.array(ExactText().min(1).max(200)).max(DRT_EXISTING_IDS_MAX).optional();

/** `POST /datasets/editor/dvrp_vehicles/generate` (spec 2 §7). */
export const GenerateVehiclesRequest = z.object({
  networkFileId: RowId,
  area: GenerationArea,
  vehicleCount: z.number().int().min(1).max(DRT_GENERATE_MAX_VEHICLES),
  seats: z.number().int().min(1).max(DRT_GENERATE_MAX_SEATS),
  mode: PlainText().min(1).max(200),
  startTime: z.number().finite().min(0).max(DRT_MAX_TIME),
  endTime: z.number().finite().min(0).max(DRT_MAX_TIME),
  existingIds: ExistingIds,
});
export type GenerateVehiclesRequest = z.infer<typeof GenerateVehiclesRequest>;
export const GenerateVehiclesAnswer = z.object({ vehicles: z.array(DrtVehicle) });
export type GenerateVehiclesAnswer = z.infer<typeof GenerateVehiclesAnswer>;

/** `POST /datasets/editor/dvrp_stops/generate` (spec 2 §7). */
export const GenerateStopsRequest = z.object({
  networkFileId: RowId,
  area: GenerationArea,
  count: z.number().int().min(1).max(DRT_GENERATE_MAX_STOPS),
  mode: PlainText().min(1).max(200),
  existingIds: ExistingIds,
});
export type GenerateStopsRequest = z.infer<typeof GenerateStopsRequest>;
/**
 * A generated stop: its id, the link it serves, `coord` in the network's own CRS (MATSim's x, y) and `coordinates`
 * in WGS84 [lng, lat] for the map (the spec's "swap x and y into [lng, lat]" is done by the server).
 */
export const GeneratedStop = z.object({
  id: z.string().min(1),
  linkId: z.string().min(1),
  coord: z.object({ x: z.number().finite(), y: z.number().finite() }),
  coordinates: z.tuple([z.number().finite(), z.number().finite()]),
});
export type GeneratedStop = z.infer<typeof GeneratedStop>;
/** Spec 2 §7: a list of stops. */
export const GenerateStopsAnswer = z.array(GeneratedStop);
export type GenerateStopsAnswer = z.infer<typeof GenerateStopsAnswer>;

/** Spec 2 §8 prefixes of a failed generation (the reason follows). */
export const FAILED_TO_GENERATE_VEHICLES = 'Failed to generate vehicles:';
export const FAILED_TO_GENERATE_STOPS = 'Failed to generate stops:';

/** Default file names of DRT groups saved without a base file (spec 2 §4). */
export const DRT_DEFAULT_FILE_NAMES = { drtServiceArea: 'area.gpkg', drtVehicles: 'drt_vehicles.xml', drtStops: 'drt_stops.xml' } as const;
