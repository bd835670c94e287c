/**
 * The transit data of a transit schedule file for the map editor (spec 2 §7: "Transit data is loaded by schedule
 * file id and gives stops and transitLines"; issue 28): `GET /datasets/files/{id}/transit`. Stops with WGS84
 * [lng, lat] and their stop group (MATSim's `stopAreaId` as `group`), lines with their routes keyed by route id,
 * each route with its route stops, its network route (`links`) and its departures — the entity types of spec 2 §3
 * (`changesets.ts`). Made once per file on the server and sent gzip-compressed.
 */
import { z } from 'zod';
import { TransitLine, TransitStop } from './changesets.ts';
import { NetworkCrsProblem } from './network-query.ts';

export const TransitData = z.object({
  /** The CRS the schedule's coordinates were read in (its own `coordinateReferenceSystem`, else the scenario's); null: none, taken as degrees. */
  crs: z.string().nullable(),
  /** Set when the coordinates cannot be shown on a map (an unknown CRS, coordinates off Earth), as for networks. */
  problem: NetworkCrsProblem.optional(),
  stops: z.array(TransitStop),
  transitLines: z.array(TransitLine),
});
export type TransitData = z.infer<typeof TransitData>;

export const NO_TRANSIT_DATA = 'Only transit schedule files have transit data.';
