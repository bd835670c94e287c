/**
 * POST /datasets/editor/dvrp_vehicles/generate and /dvrp_stops/generate (issue 29, spec 2 §7): DRT vehicles or
 * stops placed on links of a mode inside an area. The caller must be able to read the network file (404 otherwise,
 * FileAccess), and it must be a network (400). The work runs in the worker pool on the network's binary form
 * (`network.bin`, built by post-processing or on demand as for the editor's queries), seeded from a hash of the
 * request and the network file's blob, so the same request gives the same answer. Failures answer 400 with
 * "Failed to generate vehicles:" / "Failed to generate stops:" and the reason.
 */
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  FAILED_TO_GENERATE_STOPS,
  FAILED_TO_GENERATE_VEHICLES,
  NetworkInfo,
  type GenerateStopsAnswer,
  type GenerateStopsRequest,
  type GenerateVehiclesAnswer,
  type GenerateVehiclesRequest,
} from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { badRequest, conflict } from '../../shared/errors.ts';
import { userMessage } from '../../shared/user-message.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { tooLargeAnswer } from '../../workers/errors.ts';
import { askedBy, storedBlob, type Processing } from '../../workers/processing.ts';
import type { FileAccess } from '../files/access.ts';
import type { FilesRepository } from '../files/repository.ts';
import { isNetworkTag, NETWORK_INFO_FILENAME } from '../network-processing/processor.ts';
import { NETWORK_BINARY_FILENAME } from '../network-query/binary.ts';
import { NOT_PROCESSED } from '../network-query/service.ts';
import type { DrtGenerateArgs } from './build.ts';

export interface DrtGenerateDeps {
  files: FilesRepository;
  fileAccess: FileAccess;
  blobs: BlobStore;
  processing: Processing;
  /** Builds the map's derived files of a network processed before they existed (`NetworkProcessing.prepareBinary`). */
  prepare?: (fileId: number) => Promise<boolean>;
}

/** "00:00:00" for seconds of the day (past 24 h as 25:00:00). */
const clock = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), Math.floor(s % 60)].map((n) => String(n).padStart(2, '0')).join(':');

export class DrtGenerateService {
  constructor(private readonly deps: DrtGenerateDeps) {}

  async vehicles(actor: Actor | null, request: GenerateVehiclesRequest, signal?: AbortSignal): Promise<GenerateVehiclesAnswer> {
    const fail = (reason: string) => badRequest(`${FAILED_TO_GENERATE_VEHICLES} ${reason}`);
    if (request.endTime < request.startTime) {
      throw fail(`the operating hours end (${clock(request.endTime)}) before they start (${clock(request.startTime)}).`);
    }
    const { vehicleCount, seats, startTime, endTime } = request;
    const answer = await this.generate(actor, 'vehicles', request, vehicleCount, { seats, startTime, endTime }, fail, signal);
    if (!('vehicles' in answer)) throw new Error('vehicles expected');
    return { vehicles: answer.vehicles };
  }

  async stops(actor: Actor | null, request: GenerateStopsRequest, signal?: AbortSignal): Promise<GenerateStopsAnswer> {
    const fail = (reason: string) => badRequest(`${FAILED_TO_GENERATE_STOPS} ${reason}`);
    const answer = await this.generate(actor, 'stops', request, request.count, undefined, fail, signal);
    if (!('stops' in answer)) throw new Error('stops expected');
    return answer.stops;
  }

  private async generate(
    actor: Actor | null,
    what: 'vehicles' | 'stops',
    request: GenerateVehiclesRequest | GenerateStopsRequest,
    count: number,
    vehicle: DrtGenerateArgs['vehicle'],
    fail: (reason: string) => Error,
    signal?: AbortSignal,
  ) {
    const { file, user } = await this.deps.fileAccess.require(actor, request.networkFileId);
    if (!isNetworkTag(file.tag)) throw fail(`"${file.name}" is not a MATSim network.`);
    const binary = (await this.binaryOf(file.id)) ?? ((await this.prepared(file.id)) ? await this.binaryOf(file.id) : null);
    if (!binary) throw conflict(NOT_PROCESSED);
    const info = await this.infoOf(file.id);
    if (info?.problem) throw fail(`the network's coordinates cannot be placed on the map: ${info.problem.message}`);
    const existingIds = request.existingIds ?? [];
    const seed = seedOf(what, request, file.blobKey);
    let answer;
    try {
      answer = await this.deps.processing.drtGenerate(
        storedBlob(this.deps.blobs, binary),
        { what, area: request.area, mode: request.mode, count, seed, existingIds, crs: info?.crs ?? null, ...(vehicle ? { vehicle } : {}) },
        askedBy(user, signal),
      );
    } catch (err) {
      throw tooLargeAnswer(err);
    }
    if ('failure' in answer) throw fail(answer.failure);
    return answer;
  }

  private async binaryOf(fileId: number): Promise<string | null> {
    return (await this.deps.files.findDerived(fileId, NETWORK_BINARY_FILENAME))?.blobKey ?? null;
  }

  private async infoOf(fileId: number): Promise<NetworkInfo | null> {
    const derived = await this.deps.files.findDerived(fileId, NETWORK_INFO_FILENAME);
    if (!derived) return null;
    const parsed = NetworkInfo.safeParse(JSON.parse((await buffer(this.deps.blobs.read(derived.blobKey))).toString('utf8')));
    return parsed.success ? parsed.data : null;
  }

  private async prepared(fileId: number): Promise<boolean> {
    if (!this.deps.prepare) return false;
    try {
      return await this.deps.prepare(fileId);
    } catch (err) {
      throw conflict(`The network could not be prepared for the map: ${userMessage(err)}`);
    }
  }
}

/** Four 32-bit words from SHA-256 of what is generated, the request (as validated) and the network's content. */
export function seedOf(what: string, request: object, networkBlobKey: string): [number, number, number, number] {
  const hash = createHash('sha256').update(`${what}\n${networkBlobKey}\n${JSON.stringify(request)}`).digest();
  return [hash.readUInt32LE(0), hash.readUInt32LE(4), hash.readUInt32LE(8), hash.readUInt32LE(12)];
}
