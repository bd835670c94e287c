/**
 * A run's (or an export's) network AND transit schedule with the chosen changesets applied (issue 28): one scenario
 * graph whose base holds the network (`apply-changesets.ts`) and the schedule's stops, lines and routes
 * (`shared/transit-graph.ts`); each changeset's network and transit modifications are replayed in order through the
 * editor's edit kinds, so a deleted or split link also changes the routes and stops that use it. Only the files the
 * changesets changed are written. Runs in the worker pool (`workers/tasks.ts`).
 */
import { gzipSync } from 'node:zlib';
import { isNetworkModification, isTransitModification, LINK, NODE, TRANSIT_LINE, TRANSIT_ROUTE, TRANSIT_STOP, type GraphReader } from '@corridor/changesets';
import { lngLat, transformer, xy, type XY } from '@corridor/geo';
import { attributeValue, MatsimFormatError, readTransitSchedule, writeTransitSchedule, type Input, type TransitSchedule } from '@corridor/matsim';
import { scheduleOf, transitEntities, type FromWgs84, type ToWgs84 } from '../../shared/transit-graph.ts';
import { ChangesetNotApplicable, networkBytes, openNetwork, replayChangeset, type ApplyOptions } from './apply-changesets.ts';

/** The run's transit schedule file, read by the main thread as stored (compressed or not) and handed over. */
export interface ScheduleInput {
  bytes: Uint8Array;
  name: string;
  /** Write the result gzip-compressed (as the original was). */
  gzip: boolean;
}

export interface ScenarioApplyOptions extends ApplyOptions {
  /** Without a schedule, transit modifications are left out (the caller refuses them first: `NO_TRANSIT_SCHEDULE`). */
  schedule?: ScheduleInput;
}

/** The files a changeset can change, by their role in a run. */
export type ChangedFile = 'network' | 'transitschedule';

export interface ScenarioApplyResult {
  /** The network file's new bytes; undefined when the changesets left the network as it was. */
  network?: Uint8Array;
  /** The schedule file's new bytes; undefined when the changesets left the schedule as it was (or there is none). */
  schedule?: Uint8Array;
  /** Per changeset, in order: the files its modifications (and their effects) changed. */
  changed: ChangedFile[][];
}

export const NO_TRANSIT_SCHEDULE = (changeset: string) => `The changeset "${changeset}" has public transport changes but the run has no transit schedule.`;

export const SCHEDULE_UNREADABLE = (name: string, reason: string) => `The transit schedule ${name} could not be read: ${reason}`;

const GROUPS: Record<ChangedFile, readonly string[]> = { network: [NODE, LINK], transitschedule: [TRANSIT_STOP, TRANSIT_LINE, TRANSIT_ROUTE] };

/** The network and schedule with the changesets applied; throws ChangesetNotApplicable (nothing half-applied). */
export async function applyToScenario(network: Input, { crs, changesets, gzip, maxBytes, schedule }: ScenarioApplyOptions): Promise<ScenarioApplyResult> {
  const opened = await openNetwork(network, { crs, maxBytes });
  const transit = schedule ? await openSchedule(schedule, opened.crs, maxBytes) : undefined;
  if (transit) {
    const { stops, lines, routes } = transitEntities(transit.schedule, transit.toWgs84);
    opened.graph.base.add(TRANSIT_STOP, stops);
    opened.graph.base.add(TRANSIT_LINE, lines);
    opened.graph.base.add(TRANSIT_ROUTE, routes);
  }
  let edited = opened.graph;
  const changed: ChangedFile[][] = [];
  for (const changeset of changesets) {
    const mods = changeset.modifications.filter((mod) => isNetworkModification(mod) || (transit !== undefined && isTransitModification(mod)));
    const next = replayChangeset(edited, changeset, mods);
    changed.push(changedFiles(edited, next));
    edited = next;
  }
  const touched = new Set(changed.flat());
  const result: ScenarioApplyResult = { changed };
  if (touched.has('network')) result.network = networkBytes(opened, edited, gzip);
  if (transit && touched.has('transitschedule')) {
    const text = Buffer.from([...writeTransitSchedule(scheduleOf(transit.schedule, edited, transit.fromWgs84))].join(''));
    result.schedule = transit.gzip ? gzipSync(text) : text;
  }
  return result;
}

interface OpenedSchedule {
  schedule: TransitSchedule;
  toWgs84: ToWgs84;
  fromWgs84: FromWgs84;
  gzip: boolean;
}

/** The schedule and its coordinate transforms: its own CRS attribute, else the network's (or the scenario's). */
async function openSchedule({ bytes, name, gzip }: ScheduleInput, networkCrs: string | undefined, maxBytes: number | undefined): Promise<OpenedSchedule> {
  let schedule: TransitSchedule;
  try {
    schedule = await readTransitSchedule(bytes, { maxBytes });
  } catch (err) {
    // Past a bound it is "too large" as for the network; otherwise the answer names the file.
    if (err instanceof MatsimFormatError && err.code !== 'too-large') throw new ChangesetNotApplicable(SCHEDULE_UNREADABLE(name, err.message));
    throw err;
  }
  const own = schedule.attributes?.get('coordinateReferenceSystem');
  const code = (own ? String(attributeValue(own)) : undefined) || networkCrs;
  const there = code ? transformer(code) : undefined;
  const back = code ? transformer('EPSG:4326', code) : undefined;
  return {
    schedule,
    gzip,
    toWgs84: (point: XY) => (there ? there(point) : lngLat(point[0], point[1])),
    fromWgs84: (point) => {
      if (!back) return xy(point[0], point[1]);
      const [x, y] = back(xy(point[0], point[1]));
      return xy(x, y);
    },
  };
}

/** Which files' entities differ between the graphs (a step's `after` holds every change made so far). */
function changedFiles(before: GraphReader, after: GraphReader): ChangedFile[] {
  if (after === before) return [];
  const differs = (kind: string) => {
    for (const [id, now] of after.changedEntities(kind)) if (before.get(kind, id) !== (now ?? undefined)) return true;
    return false;
  };
  return (Object.keys(GROUPS) as ChangedFile[]).filter((file) => GROUPS[file].some(differs));
}
