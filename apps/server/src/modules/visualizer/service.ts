/**
 * The visualizer's calls (spec 3 §7 "Visualizer"): a run's data source options, its vehicle trajectories by time
 * window (one byte-range read of the segments, `@corridor/trajectories` for the answer), the link analyses (link
 * volume, flow bundle) and the network in the binary forms the map draws. Access: readers of the run (others 404,
 * like the runs module); the network calls, whoever can read the file (like the map editor's network calls).
 */
import {
  VIS_ANALYSES,
  VIS_MESSAGES,
  VIS_VEHICLE_ATTRIBUTES,
  type AnalysisOptions,
  type DataSourceOptions,
  type FlowBundleAnswer,
  type FlowBundleRequest,
  type LinkVolumeAnswer,
  type LinkVolumeRequest,
  type TrajectoriesRequest,
  type VisAttributeType,
  type VisBoundingBox,
} from '@corridor/contract';
import { encodeTrajectories, flowBundle, linkVolumes, VehicleDataRequestError, windowRange } from '@corridor/trajectories';
import type { Actor } from '../../shared/access.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { Permitted } from '../datasets/access.ts';
import type { FileAccess } from '../files/access.ts';
import { isNetworkTag } from '../network-processing/processor.ts';
import { attributeValues } from '../network-query/query.ts';
import { NOT_A_NETWORK, NOT_PROCESSED } from '../network-query/service.ts';
import type { LoadedNetwork } from '../network-query/store.ts';
import { loadNetwork, type NetworkSource } from './network.ts';
import { VEHICLES_ATTRIBUTE, type VehicleDataPreparation, type VehicleStepState } from './prepare.ts';
import type { VisualizerRepository } from './repository.ts';
import { networkForms, type LoadedVehicleData, type VehicleDataStore } from './store.ts';

/**
 * A flow bundle follows whole stretches, so it reads the whole segments file (16 bytes per vehicle and link):
 * past this size (some 30 M link passages) it is refused rather than read into memory per call.
 */
export const FLOW_BUNDLE_MAX_SEGMENT_BYTES = 512 * 2 ** 20;
export const FLOW_BUNDLE_TOO_LARGE = 'This run has too many link passages for a flow bundle.';

export interface VisualizerDeps {
  repository: VisualizerRepository;
  requireRun(actor: Actor | null, runId: number): Promise<Permitted>;
  fileAccess: FileAccess;
  blobs: BlobStore;
  vehicles: VehicleDataStore;
  network: NetworkSource;
  preparation: VehicleDataPreparation;
}

/** The binary answer of a trajectories call and its headers' values. */
export interface TrajectoriesAnswer {
  bytes: Uint8Array;
  totalEvents: number;
  firstEventTime: number | null;
  lastEventTime: number | null;
  from: number;
  to: number;
}

type VehicleStatus = DataSourceOptions['vehicleData']['status'];
interface RunData {
  status: VehicleStatus;
  message: string | null;
  networkFileId: number | null;
  eventsFileId: number | null;
  data: LoadedVehicleData | null;
}

export class VisualizerService {
  constructor(private readonly deps: VisualizerDeps) {}

  async options(actor: Actor | null, runId: number): Promise<DataSourceOptions> {
    const run = await this.runData(actor, runId);
    const net = run.networkFileId === null ? null : await loadNetwork(this.deps.network, run.networkFileId).catch(() => null);
    const meta = run.data?.meta ?? null;
    // The analyses count vehicles: offered (as attributes too) only when the vehicle data is there.
    const analyses = run.data ? [...VIS_ANALYSES] : [];
    return {
      networkFileId: run.networkFileId,
      networkAttributes: net ? networkAttributes(net, analyses) : {},
      networkAnalyses: analyses,
      networkBoundingBox: net ? boundingBox(net) : null,
      vehicleAttributes: { ...VIS_VEHICLE_ATTRIBUTES },
      vehicleCategories: meta ? { mode: meta.modes } : {},
      transitModes: meta ? Object.fromEntries(meta.modes.map((mode, i) => [String(i), mode])) : {},
      vehicleData: {
        status: run.status,
        message: run.message,
        vehicles: meta?.vehicles ?? 0,
        totalEvents: meta?.totalEvents ?? 0,
        firstEventTime: meta?.firstEventTime ?? null,
        lastEventTime: meta?.lastEventTime ?? null,
      },
    };
  }

  async trajectories(actor: Actor | null, runId: number, request: TrajectoriesRequest): Promise<TrajectoriesAnswer> {
    if (request.attribute !== undefined && !Object.hasOwn(VIS_VEHICLE_ATTRIBUTES, request.attribute)) throw badRequest(VIS_MESSAGES.unknownAttribute(request.attribute));
    const { data, net } = await this.ready(actor, runId);
    const { from, to } = request.timeFilter;
    const range = windowRange(data.meta, from, to);
    const segments = await this.deps.blobs.readRange(data.segments.key, range.start, range.end);
    const forms = networkForms(net);
    const bytes = pure(() =>
      encodeTrajectories(segments, request, { meta: data.meta, vehicleModes: data.vehicleModes, links: { coords: net.linkCoords, length: forms.length, freespeed: forms.freespeed } }),
    );
    const { totalEvents, firstEventTime, lastEventTime } = data.meta;
    return { bytes, totalEvents, firstEventTime, lastEventTime, from, to };
  }

  async analysisOptions(actor: Actor | null, runId: number, name: string): Promise<AnalysisOptions> {
    const analysis = analysisName(name);
    const { data } = await this.ready(actor, runId);
    const hours = data.meta.hours;
    return { name: analysis, filterOptions: { mode: { type: 'string', values: data.meta.modes } }, timeRange: hours > 0 ? { from: 0, to: hours * 3600 } : null };
  }

  async linkVolume(actor: Actor | null, runId: number, request: LinkVolumeRequest): Promise<LinkVolumeAnswer> {
    const { data, net } = await this.ready(actor, runId);
    return pure(() => linkVolumes(data.volumes, data.meta, net.linkIds, request));
  }

  async flowBundle(actor: Actor | null, runId: number, request: FlowBundleRequest): Promise<FlowBundleAnswer> {
    const { data, net } = await this.ready(actor, runId);
    // Unknown link ids are skipped (spec 3 §7).
    const ids = request.ids.filter((id) => net.linkIndex.has(id));
    if (ids.length === 0) return {};
    if (data.segments.size > FLOW_BUNDLE_MAX_SEGMENT_BYTES) throw badRequest(FLOW_BUNDLE_TOO_LARGE);
    const segments = await this.deps.blobs.readRange(data.segments.key, 0, data.segments.size);
    return pure(() =>
      flowBundle(segments, { meta: data.meta, vehicleModes: data.vehicleModes, linkIds: net.linkIds, linkIndex: net.linkIndex }, { ...request, ids }),
    );
  }

  /** Float32 link coordinates (4 per link) and the link count. */
  async networkBinary(actor: Actor | null, fileId: number): Promise<{ bytes: Uint8Array; links: number }> {
    const net = await this.network(actor, fileId);
    return { bytes: networkForms(net).coords, links: net.linkIds.length };
  }

  async networkLookup(actor: Actor | null, fileId: number): Promise<string> {
    return networkForms(await this.network(actor, fileId)).lookup;
  }

  /** Float32 per link: the number, or a text value's index into the sorted distinct values (NaN: no value). */
  async networkAttribute(actor: Actor | null, fileId: number, name: string): Promise<Uint8Array> {
    const net = await this.network(actor, fileId);
    const out = new Float32Array(net.linkIds.length);
    const numeric = net.numeric.find((c) => c.meta.name === name);
    if (numeric) {
      out.set(numeric.values);
      return new Uint8Array(out.buffer);
    }
    const categorical = net.categorical.find((c) => c.meta.name === name);
    if (!categorical) throw notFound(VIS_MESSAGES.unknownAttribute(name));
    const values = attributeValues(net, name, Number.MAX_SAFE_INTEGER).values;
    const position = new Map(values.map((v, i) => [v, i]));
    // A link's value by dictionary code; a list of modes ("car,bus") counts as its first mode.
    const byCode = categorical.meta.dictionary.map((value) => position.get(name === 'modes' ? value.split(',')[0]! : value) ?? Number.NaN);
    const codes = categorical.codes;
    for (let i = 0; i < codes.length; i++) out[i] = byCode[codes[i]!] ?? Number.NaN;
    return new Uint8Array(out.buffer);
  }

  /** The run's vehicle data, ready to read, and its network; 409 while prepared, 404 without any. */
  private async ready(actor: Actor | null, runId: number): Promise<{ data: LoadedVehicleData; net: LoadedNetwork }> {
    const run = await this.runData(actor, runId);
    if (run.status === 'PROCESSING') throw conflict(VIS_MESSAGES.processing);
    if (!run.data || run.networkFileId === null) throw notFound(run.message ?? VIS_MESSAGES.noVehicleData);
    const net = await loadNetwork(this.deps.network, run.networkFileId);
    if (!net) throw conflict(NOT_PROCESSED);
    return { data: run.data, net };
  }

  /**
   * The run's vehicle data state: the post-processing step's, else (a run finished before the visualizer existed)
   * its preparation is started now when it has an events file.
   */
  private async runData(actor: Actor | null, runId: number): Promise<RunData> {
    const { dataset } = await this.deps.requireRun(actor, runId);
    const sources = await this.deps.repository.sources(runId);
    const base = { networkFileId: sources.network?.id ?? null, eventsFileId: sources.events?.id ?? null, data: null };
    const state = dataset.attributes[VEHICLES_ATTRIBUTE] as VehicleStepState | undefined;
    if (state?.status === 'STARTED' || (await this.deps.preparation.isPreparing(runId))) return { ...base, status: 'PROCESSING', message: VIS_MESSAGES.processing };
    if (!state) {
      if (!sources.events) return { ...base, status: 'NONE', message: VIS_MESSAGES.noVehicleData };
      await this.deps.preparation.prepareVehicleData(runId);
      return { ...base, status: 'PROCESSING', message: VIS_MESSAGES.processing };
    }
    if (state.status !== 'FINISHED') return { ...base, status: state.status === 'NONE' ? 'NONE' : 'FAILED', message: state.message ?? VIS_MESSAGES.noVehicleData };
    const data = sources.events ? await this.deps.vehicles.get(sources.events.id) : null;
    if (!data) return { ...base, status: 'NONE', message: VIS_MESSAGES.noVehicleData };
    return { ...base, status: 'READY', message: null, data };
  }

  private async network(actor: Actor | null, fileId: number): Promise<LoadedNetwork> {
    const { file } = await this.deps.fileAccess.require(actor, fileId);
    if (!isNetworkTag(file.tag)) throw badRequest(NOT_A_NETWORK);
    const net = await loadNetwork(this.deps.network, fileId);
    if (!net) throw conflict(NOT_PROCESSED);
    return net;
  }
}

function analysisName(name: string): (typeof VIS_ANALYSES)[number] {
  if (!(VIS_ANALYSES as readonly string[]).includes(name)) throw notFound(VIS_MESSAGES.unknownAnalysis(name));
  return name as (typeof VIS_ANALYSES)[number];
}

/** The pure package's answers: a request it cannot answer (a filter it cannot apply) is a 400; anything else a fault. */
function pure<T>(answer: () => T): T {
  try {
    return answer();
  } catch (err) {
    if (err instanceof VehicleDataRequestError) throw badRequest(err.message);
    throw err;
  }
}

function networkAttributes(net: LoadedNetwork, analyses: readonly string[]): Record<string, VisAttributeType> {
  const types: Record<string, VisAttributeType> = {};
  for (const { meta } of net.numeric) types[meta.name] = meta.type === 'decimal' ? 'decimal' : 'integer';
  for (const { meta } of net.categorical) types[meta.name] = 'string';
  for (const analysis of analyses) types[analysis] = 'analysis';
  return types;
}

function boundingBox(net: LoadedNetwork): VisBoundingBox | null {
  const c = net.nodeCoords;
  if (c.length === 0) return null;
  let xMin = Infinity, xMax = -Infinity, yMin = Infinity, yMax = -Infinity; // prettier-ignore
  for (let i = 0; i < c.length; i += 2) {
    const x = c[i]!, y = c[i + 1]!; // prettier-ignore
    if (x < xMin) xMin = x;
    if (x > xMax) xMax = x;
    if (y < yMin) yMin = y;
    if (y > yMax) yMax = y;
  }
  return { xMin, xMax, yMin, yMax };
}
