/**
 * What the visualizer's calls read, kept loaded: a run's vehicle data (the small files: meta, vehicle modes, hourly
 * volumes; the segments stay on disk and are read by byte range) in a small LRU keyed by the meta blob, so
 * prepared-again data is never served stale; and per loaded network (`network-query/store.ts`, its own LRU) the
 * forms the visualizer sends, built once.
 */
import { buffer } from 'node:stream/consumers';
import type { VehicleDataMeta } from '@corridor/trajectories';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { FilesRepository } from '../files/repository.ts';
import type { LoadedNetwork } from '../network-query/store.ts';

/** The derived files of a run's events file. */
export const VEHICLE_FILES = {
  segments: 'vehicles/segments.bin',
  meta: 'vehicles/meta.json',
  vehicles: 'vehicles/vehicles.bin',
  vehicleIds: 'vehicles/vehicle-ids.json',
  volumes: 'vehicles/volumes.bin',
} as const;

/** Runs whose vehicle data is kept loaded at most (meta, modes and volumes: a few MB for a large run). */
export const LOADED_VEHICLE_DATA_MAX = 8;

export interface LoadedVehicleData {
  meta: VehicleDataMeta;
  vehicleModes: Uint8Array;
  volumes: Uint8Array;
  segments: { key: string; size: number };
}

export class VehicleDataStore {
  private readonly loaded = new Map<string, Promise<LoadedVehicleData>>();

  constructor(
    private readonly files: FilesRepository,
    private readonly blobs: BlobStore,
    private readonly max = LOADED_VEHICLE_DATA_MAX,
  ) {}

  /** The events file's vehicle data, or null when it has not been (completely) prepared. */
  async get(eventsFileId: number): Promise<LoadedVehicleData | null> {
    const derived = new Map((await this.files.listDerived(eventsFileId)).map((d) => [d.filename, d]));
    const [meta, segments, vehicles, volumes] = [VEHICLE_FILES.meta, VEHICLE_FILES.segments, VEHICLE_FILES.vehicles, VEHICLE_FILES.volumes].map((name) => derived.get(name));
    if (!meta || !segments || !vehicles || !volumes) return null;
    let entry = this.loaded.get(meta.blobKey);
    if (entry) {
      this.loaded.delete(meta.blobKey); // re-inserted below: Map order is the recency order
    } else {
      entry = (async () => ({
        meta: JSON.parse((await this.bytes(meta.blobKey)).toString('utf8')) as VehicleDataMeta,
        vehicleModes: new Uint8Array(await this.bytes(vehicles.blobKey)),
        volumes: new Uint8Array(await this.bytes(volumes.blobKey)),
        segments: { key: segments.blobKey, size: segments.size },
      }))();
      entry.catch(() => this.loaded.delete(meta.blobKey));
    }
    this.loaded.set(meta.blobKey, entry);
    while (this.loaded.size > this.max) this.loaded.delete(this.loaded.keys().next().value!);
    return entry;
  }

  private bytes(key: string): Promise<Buffer> {
    return buffer(this.blobs.read(key));
  }
}

/** The visualizer's forms of a loaded network, built on first use and gone with the network's LRU entry. */
export interface NetworkForms {
  /** Float32 per link: from lon, from lat, to lon, to lat. */
  coords: Uint8Array;
  /** The link ids as a JSON array. */
  lookup: string;
  /** Metres and m/s by link index (NaN: unknown). */
  length: Float64Array;
  freespeed: Float64Array;
}

const forms = new WeakMap<LoadedNetwork, NetworkForms>();

export function networkForms(net: LoadedNetwork): NetworkForms {
  let found = forms.get(net);
  if (!found) {
    const column = (name: string) => net.numeric.find((c) => c.meta.name === name)?.values ?? new Float64Array(net.linkIds.length).fill(Number.NaN);
    const coords = Float32Array.from(net.linkCoords);
    found = { coords: new Uint8Array(coords.buffer), lookup: JSON.stringify(net.linkIds), length: column('length'), freespeed: column('freespeed') };
    forms.set(net, found);
  }
  return found;
}
