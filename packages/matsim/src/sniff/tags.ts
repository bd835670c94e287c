/**
 * The data-type tags the platform stores with every uploaded file (`dataset_files.tag`). A tag names a format and
 * its version, never a role: `network_v2` is any network in that format, input or output.
 */
export const TAGS = {
  // MATSim XML inputs and outputs, versioned by their DTD or XSD.
  config_v1: 'MATSim config, config_v1.dtd: modules with params only',
  config_v2: 'MATSim config, config_v2.dtd: modules with params and nested parametersets',
  network_v1: 'Network, network_v1.dtd (no attributes blocks)',
  network_v2: 'Network, network_v2.dtd (attributes on network, nodes and links)',
  plans_v4: 'Population in the old plans_v4.dtd format (<plans>, <act>)',
  population_v5: 'Population, population_v5.dtd (<population>, <activity>, no attributes)',
  population_v6: 'Population, population_v6.dtd (with attributes): plans, experienced plans',
  facilities_v1: 'Activity facilities, facilities_v1.dtd',
  facilities_v2: 'Activity facilities, facilities_v2.dtd (with attributes)',
  transitSchedule_v1: 'Transit schedule, transitSchedule_v1.dtd',
  transitSchedule_v2: 'Transit schedule, transitSchedule_v2.dtd (attributes, minimal transfer times)',
  vehicleDefinitions_v1: 'Vehicle types and vehicles, vehicleDefinitions_v1.0.xsd',
  vehicleDefinitions_v2: 'Vehicle types and vehicles, vehicleDefinitions_v2.0.xsd',
  dvrp_vehicles_v1: 'DVRP fleet (DRT/taxi vehicles), dvrp_vehicles_v1.dtd',
  drt_operation_facilities: 'DRT operation facilities (drt-extensions contrib): hubs and in-field break places with capacity and chargers, root <facilities>, no DTD',
  events_v1: 'Simulation events, <events version="1.0">',
  counts_v1: 'Traffic counts, counts_v1.xsd (<count loc_id cs_id> with hourly <volume>)',
  counts_v2: 'Multi-mode counts, counts_v2.xsd',
  households_v1: 'Households, households_v1.0.xsd',
  // Output statistics rewritten every iteration (`;` CSV since MATSim 2024, tab-separated .txt before).
  scorestats: 'Average executed/worst/average/best score per iteration (scorestats.csv/.txt)',
  modestats: 'Trip mode shares per iteration (modestats.csv/.txt)',
  ph_modestats: 'Passenger hours travelled and waited per mode and iteration (ph_modestats.csv/.txt)',
  pkm_modestats: 'Passenger kilometres per mode and iteration (pkm_modestats.csv/.txt)',
  modeChoiceCoverage: 'Share of persons who used each mode at least N times (modeChoiceCoverage<N>x.txt)',
  traveldistancestats: 'Average leg and trip distance per iteration (traveldistancestats.csv/.txt)',
  stopwatch: 'Wall-clock marks and durations of each iteration phase (stopwatch.csv/.txt)',
  // Per-person and per-link exports.
  trips: 'One row per trip (output_trips.csv, N.trips.csv)',
  legs: 'One row per leg (output_legs.csv, N.legs.csv)',
  persons: 'One row per person with the executed score and attributes (output_persons.csv)',
  activities: 'One row per activity (output_activities.csv, N.activities.csv)',
  links: 'Network links with volumes and WKT geometry (output_links.csv)',
  experienced_plans_scores: 'Per-person score history of the experienced plans, tab-separated, no header',
  // Per-iteration analysis texts.
  legHistogram: 'Departures, arrivals, stuck and en-route agents per time bin and mode (N.legHistogram.txt)',
  legdurations: 'Leg duration histogram per activity pair (N.legdurations.txt)',
  countscompare: 'Simulated vs counted volumes per link and hour (N.countscompare.txt)',
  countscompareAWTV: 'Simulated vs counted average weekday traffic volume per link (N.countscompareAWTV.txt)',
  log: 'MATSim log file (logfile.log, logfileWarningsErrors.log)',
  // Other files a scenario carries.
  shapefile: 'A part of an ESRI shapefile (.shp, .shx, .dbf, .prj, .cpg, .qpj)',
  geopackage: 'OGC GeoPackage (.gpkg, SQLite): vector features such as DRT service areas',
  image_png: 'PNG image (MATSim charts)',
  image_jpeg: 'JPEG image',
  image_gif: 'GIF image',
  image_webp: 'WebP image',
} as const;

export type DataTypeTag = keyof typeof TAGS;

/** Which file of a shapefile set a `shapefile` tag stands for. */
export type ShapefilePart = 'shp' | 'shx' | 'dbf' | 'prj' | 'cpg' | 'qpj';

export function isDataTypeTag(value: string): value is DataTypeTag {
  return Object.hasOwn(TAGS, value);
}
