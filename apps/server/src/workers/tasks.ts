/**
 * What the worker threads do: each task reads one input under the bounds the caller passes (`processing.ts`
 * chooses them from `limits.ts`). Runs in a worker only; nothing here touches the database or the blob store.
 */
import { openInput, readConfig, readHead, readModeStats, readScoreStats, summarizeLog, type Input } from '@corridor/matsim';
import { summarizePopulation, summarizeTransit, type SummaryKind } from '../modules/file-summary/summarize.ts';
import { networkAsGeoJson, networkAsJson } from '../modules/files/network-json.ts';
import { contentInfo } from '../modules/files/sniffing.ts';
import { buildNetworkBinary } from '../modules/network-query/build.ts';
import { buildLinkUse, type LinkUseArgs } from '../modules/link-use/build.ts';
import { lookUpStored } from '../modules/link-use/lookup.ts';
import { buildTransitData, type TransitDataArgs } from '../modules/transit-data/build.ts';
import { buildDrtData, type DrtDataArgs } from '../modules/drt-data/build.ts';
import { generateDrt, type DrtGenerateArgs } from '../modules/drt-generate/build.ts';
import { applyToScenario, type ScenarioApplyOptions } from '../modules/jobs/apply-transit.ts';
import { readZipContent } from '../modules/server-files/zip-content.ts';
import { extractZip, type ZipExtractArgs } from '../modules/run-import/zip-extract.ts';
import { buildVehicleData, type VehicleDataArgs } from '../modules/visualizer/build.ts';
import { renderNetworkPreview, type ColorBy } from '../previews/index.ts';

interface Bounded {
  maxBytes: number;
}

export const tasks = {
  sniff: (input: Input, args: { name: string }) => contentInfo(input, args.name),
  summary: (input: Input, args: Bounded & { kind: SummaryKind }) =>
    args.kind === 'population' ? summarizePopulation(input, args) : summarizeTransit(input, args),
  /** A population/plans file's index of link use (issue 24), as JSON bytes. */
  linkUse: (input: Input, args: LinkUseArgs) => buildLinkUse(input, args),
  /** A large stored index of link use read and asked about some links (null: not an index of this version). */
  linkUseLookup: (input: Input, args: Parameters<typeof lookUpStored>[1]) => lookUpStored(input, args),
  /** A transit schedule's data for the map editor (issue 28), as gzip JSON. */
  transitData: (input: Input, args: TransitDataArgs) => buildTransitData(input, args),
  /** A DRT file's vehicles, stops or service areas for the map editor (issue 29), as gzip JSON. */
  drtData: (input: Input, args: DrtDataArgs) => buildDrtData(input, args),
  /** DRT vehicles or stops generated inside an area, on a network's binary form (issue 29). */
  drtGenerate: (input: Input, args: DrtGenerateArgs) => generateDrt(input, args),
  networkJson: (input: Input, args: Bounded & { format: 'json' | 'geojson'; maxLinks: number }) =>
    (args.format === 'json' ? networkAsJson : networkAsGeoJson)(input, args),
  preview: (input: Input, args: Bounded & { width: number; height: number; colorBy: ColorBy }) => renderNetworkPreview(input, args),
  networkBinary: (input: Input, args: Bounded & { crs: string | null }) => buildNetworkBinary(input, args),
  /** A run's (an export's) network and transit schedule with changesets applied; the schedule's bytes come in `args`. */
  applyChangesets: (input: Input, args: Bounded & ScenarioApplyOptions) => applyToScenario(input, args),
  /** A run's vehicle data from its events; the segments are written to `args.segmentsPath` as they come. */
  vehicleData: (input: Input, args: VehicleDataArgs) => buildVehicleData(input, args),
  /** An imported run's zip, read from its path, checked and extracted entry by entry into `args.outDir`. */
  zipExtract: (_input: Input, args: ZipExtractArgs) => extractZip(args),
  config: (input: Input, args: Bounded) => readConfig(input, args),
  scoreStats: (input: Input, args: Bounded) => readScoreStats(input, args),
  modeStats: (input: Input, args: Bounded) => readModeStats(input, args),
  /** An imported run's logfile.log in one pass: first/last time stamps, last iteration, memory readings. */
  logSummary: (input: Input, args: Bounded) => summarizeLog(input, args),
  /** A zip's entry names and sizes from its central directory (the file at `path`; the input is not used). */
  zipContent: (_input: Input, args: { path: string; maxEntries: number }) => readZipContent(args.path, args.maxEntries),
  /** A CSV's first line (its header), for importing it as a table (sniffs 64 KiB at most). */
  csvHead: async (input: Input, _args: Record<string, never>) => {
    const head = await readHead(input, 64 * 1024);
    const firstLine = new TextDecoder('utf-8').decode(head).split(/\r?\n/, 1)[0] ?? '';
    return { firstLine, empty: head.length === 0 };
  },
  /**
   * The first `maxBytes` of the decompressed content and whether more follows: views of large or compressed files
   * (a run's output_events.xml.gz) show their beginning; the rest is never decompressed.
   */
  textHead: async (input: Input, args: Bounded) => {
    const head = await readHead(input, args.maxBytes + 1);
    return { bytes: head.subarray(0, args.maxBytes), more: head.length > args.maxBytes };
  },
  /** The whole decompressed content, checked to the end (truncated or damaged data fails here). */
  inflate: async (input: Input, args: Bounded) => {
    const parts: Uint8Array[] = [];
    for await (const chunk of openInput(input, args)) parts.push(chunk);
    return new Uint8Array(Buffer.concat(parts));
  },
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskArgs<K extends TaskName> = Parameters<Tasks[K]>[1];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;
