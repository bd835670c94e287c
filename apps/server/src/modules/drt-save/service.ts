/**
 * DRT groups of a changeset save written as files (spec 2 §4 Saving; issue 29). DRT modifications are never kept in
 * the changeset: each DRT group with modifications is applied to its base file's items (`baseFile`, read through
 * `@corridor/matsim` and converted as the editor loads them: `shared/drt-files.ts`) with the editor's rules
 * (`applyDrtModifications`), then written
 * - as a new file (`new_file`, the default): named by `newFileNames` or the default name, uploaded through the normal
 *   upload path (sniffed, tagged) and added to the scenario; a name the scenario already has is a 409;
 * - over its base file (`overwrite`): the config save's copy-on-write (`files/config-save.ts`) — a file a run used
 *   keeps its content for that run and the saved content becomes a new file in the scenario's place.
 * Vehicles as a dvrp fleet, stops as a transit schedule holding only stops (in the base file's CRS, else the
 * scenario's), a service area as GeoPackage. Everything is read, applied and checked before the first file is
 * written, so a refused save writes nothing.
 */
import {
  DRT_AREA_NAME_MESSAGE,
  DRT_FILE_KIND_OF_GROUP,
  DRT_GROUP_LABELS,
  DRT_SAVE_GROUP_LIST,
  defaultDrtFileName,
  FileName,
  NetworkInfo,
  type Changeset,
  type DrtFileKind,
  type DrtSaveGroup,
  type Modification,
  type SaveOptions,
} from '@corridor/contract';
import { applyDrtModifications, drtSaveGroupOf, ModificationError } from '@corridor/changesets';
import { crsName, crsWkt, normalizeCode } from '@corridor/geo';
import {
  collectText,
  MatsimFormatError,
  openInput,
  readDvrpFleet,
  readGeoPackage,
  readShapefile,
  readTransitSchedule,
  writeDvrpFleet,
  writeGeoPackage,
  writeTransitSchedule,
  type DvrpFleet,
  type GeoData,
  type TransitSchedule,
} from '@corridor/matsim';
import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import type { Actor } from '../../shared/access.ts';
import {
  drtAreasOfGeoData,
  drtStopsOfSchedule,
  drtVehiclesOfFleet,
  fleetOfDrtVehicles,
  geoFeaturesOfDrtAreas,
  scheduleOfDrtStops,
  shapefileSideParts,
} from '../../shared/drt-files.ts';
import { badRequest, conflict, notFound } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { askedBy, type Processing } from '../../workers/processing.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';
import { ANY_VERSION, type ConfigSaveRepository } from '../files/config-save.ts';
import type { FileRow, FilesRepository } from '../files/repository.ts';
import { duplicateName, type FilesService } from '../files/service.ts';
import { sniffBlob } from '../files/sniffing.ts';
import { NETWORK_INFO_FILENAME } from '../network-processing/processor.ts';
import type { DrtSaveRepository } from './repository.ts';

type BaseFiles = NonNullable<Changeset['baseFile']>;
type NewFileNames = NonNullable<Changeset['newFileNames']>;

/** Base files are read whole on the main thread: DRT files are small (a 10,000-vehicle fleet is ~1 MB). */
export const DRT_BASE_MAX_BYTES = 64 * 1024 * 1024;

export interface DrtSaveDeps {
  files: FilesRepository;
  filesService: FilesService;
  configSaves: ConfigSaveRepository;
  repository: DrtSaveRepository;
  datasets: Pick<DatasetsRepository, 'findById'>;
  blobs: BlobStore;
  processing: Processing;
  onBlobLeak: (key: string, err: unknown) => void;
}

/** What a save keeps after the DRT groups were written. */
export interface DrtSaveOutcome {
  /** The modifications to keep in the changeset: every non-DRT one, in order. */
  modifications: Modification[];
  /** `baseFile` with each written group's kind pointing at the file it now stands on. */
  baseFile: BaseFiles | undefined;
  /** Whether any DRT group was written. */
  wrote: boolean;
}

export interface DrtSaveInput {
  modifications: Modification[];
  saveOptions?: SaveOptions;
  newFileNames?: NewFileNames;
  baseFile?: BaseFiles;
}

/** One group, read, applied and serialized, ready to be written. */
interface PreparedGroup {
  group: DrtSaveGroup;
  kind: DrtFileKind;
  target: { overwrite: FileRow } | { newName: string };
  bytes: Uint8Array;
}

const KIND_WORDS: Record<DrtFileKind, string> = { vehicles: 'DVRP vehicles file', stops: 'DRT stop file (a transit schedule)', serviceArea: 'service area (shapefile or GeoPackage)' };
const UnwritableCompression = /\.(bz2|xz|zst|lz4|zip)$/i;

export class DrtSave {
  constructor(private readonly deps: DrtSaveDeps) {}

  /** Writes the DRT groups of a save (edit access to the scenario was checked by the caller). */
  async write(actor: Actor, datasetId: number, input: DrtSaveInput): Promise<DrtSaveOutcome> {
    const groups = DRT_SAVE_GROUP_LIST.filter((group) => input.modifications.some((mod) => drtSaveGroupOf(mod) === group));
    if (groups.length === 0) return { modifications: input.modifications, baseFile: input.baseFile, wrote: false };
    const admin = { userId: 0, admin: true };
    const scenarioFiles = await this.deps.files.listForDataset(datasetId, admin);
    let scenarioCrs: Promise<string | null> | undefined;
    const crsOfScenario = () => (scenarioCrs ??= this.scenarioCrs(datasetId, scenarioFiles));

    const prepared: PreparedGroup[] = [];
    for (const group of groups) prepared.push(await this.prepare(group, input, scenarioFiles, crsOfScenario));

    // Names: no clash with the scenario's files nor between two groups of this save (nothing is written yet).
    const names = new Set<string>();
    for (const { target } of prepared) {
      if (!('newName' in target)) continue;
      const taken = scenarioFiles.some((file) => file.name === target.newName) || names.has(target.newName);
      if (taken) throw conflict(duplicateName(target.newName, 'scenario'));
      names.add(target.newName);
    }

    const baseFile: BaseFiles = { ...(input.baseFile ?? {}) };
    const written: number[] = [];
    try {
      for (const entry of prepared) {
        const id = 'newName' in entry.target ? await this.addNewFile(actor, datasetId, entry.target.newName, entry.bytes) : await this.overwrite(actor, entry.target.overwrite, entry.bytes);
        if ('newName' in entry.target) written.push(id);
        baseFile[entry.kind] = id;
      }
    } catch (err) {
      // New files of this save are taken out again; an overwrite that happened stays (it is the user's save).
      for (const id of written) await this.removeNewFile(actor, datasetId, id);
      throw err;
    }
    return { modifications: input.modifications.filter((mod) => drtSaveGroupOf(mod) === undefined), baseFile, wrote: true };
  }

  private async prepare(group: DrtSaveGroup, input: DrtSaveInput, scenarioFiles: FileRow[], crsOfScenario: () => Promise<string | null>): Promise<PreparedGroup> {
    const kind = DRT_FILE_KIND_OF_GROUP[group];
    const label = DRT_GROUP_LABELS[group];
    const option = input.saveOptions?.[group] ?? 'new_file';
    const baseId = input.baseFile?.[kind] ?? null;
    const base = baseId === null ? null : scenarioFiles.find((file) => file.id === baseId);
    if (baseId !== null && !base) throw notFound(`The ${label} base file ${baseId} is not in this scenario.`);

    let newName: string | undefined;
    if (option === 'new_file') {
      const name = (input.newFileNames?.[group] ?? '').trim() || defaultDrtFileName(group, base?.name);
      const checked = FileName().safeParse(name);
      if (!checked.success) throw badRequest(`The new ${label} file name "${name}" is not valid: ${checked.error.issues[0]?.message}`);
      if (group === 'drtServiceArea' && !/\.gpkg$/i.test(name)) throw badRequest(DRT_AREA_NAME_MESSAGE);
      newName = name;
      if (UnwritableCompression.test(name)) throw badRequest(`The ${label} are written plain or gzip-compressed: choose a name ending .xml or .xml.gz (not "${name}").`);
    } else if (base) {
      if (group === 'drtServiceArea' && sourceOf(base) !== 'geopackage') {
        throw badRequest(`The service area "${base.name}" is a shapefile and is written as GeoPackage: save it as a new file instead of overwriting it.`);
      }
      if (base.attributes.compression !== undefined && base.attributes.compression !== 'gzip') {
        throw badRequest(`The file "${base.name}" is ${String(base.attributes.compression)}-compressed, which Corridor cannot write: save the ${label} as a new file.`);
      }
    }

    const where = base ? `the file "${base.name}"` : 'a new file';
    const mods = input.modifications.filter((mod) => drtSaveGroupOf(mod) === group);
    const fallbackCrs = kind === 'vehicles' ? null : await crsOfScenario();
    let bytes: Uint8Array;
    try {
      bytes = await this.serialize(group, base, mods, fallbackCrs, scenarioFiles, option === 'overwrite');
    } catch (err) {
      if (err instanceof ModificationError) throw badRequest(`The ${label} changes cannot be applied to ${where}: ${err.message}`);
      if (err instanceof MatsimFormatError) throw badRequest(`The file "${base?.name}" could not be read as a ${KIND_WORDS[kind]}: ${err.message}`);
      throw err;
    }
    const gzip = newName !== undefined ? /\.gz$/i.test(newName) : base?.attributes.compression === 'gzip';
    if (gzip) bytes = new Uint8Array(gzipSync(bytes));
    return { group, kind, target: newName !== undefined ? { newName } : { overwrite: base! }, bytes };
  }

  /** The group's items from its base file (none without one), the modifications applied, in the file's format. */
  private async serialize(
    group: DrtSaveGroup,
    base: FileRow | null | undefined,
    mods: Modification[],
    fallbackCrs: string | null,
    scenarioFiles: FileRow[],
    overwriting: boolean,
  ): Promise<Uint8Array> {
    const encode = (text: string) => new TextEncoder().encode(text);
    if (group === 'drtVehicles') {
      let fleet: DvrpFleet | undefined;
      if (base) {
        this.expectKind(base, 'vehicles');
        fleet = await readDvrpFleet(this.deps.blobs.read(base.blobKey), { maxBytes: DRT_BASE_MAX_BYTES });
      }
      const vehicles = applyDrtModifications('drtVehicles', fleet ? drtVehiclesOfFleet(fleet) : [], mods);
      return encode(await collectText(writeDvrpFleet(fleetOfDrtVehicles(vehicles, fleet))));
    }
    if (group === 'drtStops') {
      let schedule: TransitSchedule | undefined;
      if (base) {
        this.expectKind(base, 'stops');
        schedule = await readTransitSchedule(this.deps.blobs.read(base.blobKey), { maxBytes: DRT_BASE_MAX_BYTES });
        // A stop file holds only stops; writing one over a schedule with lines would drop them.
        if (overwriting && schedule.lines.size > 0) {
          throw badRequest(`The file "${base.name}" also holds ${schedule.lines.size} transit line(s), which a DRT stop file does not keep: save the DRT stops as a new file.`);
        }
      }
      const located = schedule ? drtStopsOfSchedule(schedule, fallbackCrs) : { items: [], crs: fallbackCrs };
      const stops = applyDrtModifications('drtStops', located.items, mods);
      return encode(await collectText(writeTransitSchedule(scheduleOfDrtStops(stops, located.crs, schedule))));
    }
    let geo: GeoData | undefined;
    let definition: string | undefined;
    if (base) {
      this.expectKind(base, 'serviceArea');
      const read = await this.readArea(base, scenarioFiles);
      geo = read.geo;
      definition = read.prj;
    }
    const located = geo ? drtAreasOfGeoData(geo, fallbackCrs) : { items: [], crs: fallbackCrs };
    const areas = applyDrtModifications('drtServiceArea', located.items, mods);
    // The CRS as text: the base shapefile's .prj, else EPSG's WKT (readers also resolve EPSG rows by their code).
    const crs = located.crs && (normalizeCode(located.crs) ?? located.crs);
    const wkt = definition ?? (crs ? crsWkt(crs) : undefined);
    // EPSG rows carry EPSG's name (readers go by the code); any other CRS is named by its id, which reads back as it.
    const name = crs && /^EPSG:\d+$/i.test(crs) ? crsName(crs) : undefined;
    return writeGeoPackage(geoFeaturesOfDrtAreas(areas, located.crs, geo), crs, { ...(wkt ? { definition: wkt } : {}), ...(name ? { name } : {}) });
  }

  private expectKind(file: FileRow, kind: DrtFileKind): void {
    const source = sourceOf(file);
    const fits = kind === 'vehicles' ? source === 'vehicles' : kind === 'stops' ? source === 'stops' : source === 'shapefile' || source === 'geopackage';
    if (!fits) throw badRequest(`The file "${file.name}" is not a ${KIND_WORDS[kind]}.`);
  }

  /** A GeoPackage, or a .shp with the .dbf and .prj of the same base name in the scenario. */
  private async readArea(file: FileRow, scenarioFiles: FileRow[]): Promise<{ geo: GeoData; prj?: string }> {
    const bytes = await this.bytes(file);
    if (sourceOf(file) === 'geopackage') return { geo: await readGeoPackage(bytes) };
    const parts = shapefileSideParts(file, scenarioFiles);
    const [dbf, prj, cpg] = await Promise.all([parts.dbf, parts.prj, parts.cpg].map((f) => (f ? this.bytes(f) : undefined)));
    const prjText = prj && new TextDecoder('utf-8').decode(prj);
    return { geo: await readShapefile({ shp: bytes, ...(dbf ? { dbf } : {}), ...(prj ? { prj } : {}), ...(cpg ? { cpg } : {}) }), ...(prjText ? { prj: prjText } : {}) };
  }

  private async bytes(file: FileRow): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    for await (const chunk of openInput(this.deps.blobs.read(file.blobKey), { maxBytes: DRT_BASE_MAX_BYTES })) parts.push(chunk);
    return new Uint8Array(Buffer.concat(parts));
  }

  /** The normal upload path: stored, sniffed and recorded, then added to the scenario (409 on a name clash). */
  private async addNewFile(actor: Actor, datasetId: number, name: string, bytes: Uint8Array): Promise<number> {
    const [entry] = await this.deps.filesService.upload(actor, oneFile(name, bytes));
    try {
      await this.deps.filesService.attach(actor, datasetId, entry!.id);
    } catch (err) {
      await this.deps.filesService.delete(actor, entry!.id).catch(() => undefined);
      throw err;
    }
    return entry!.id;
  }

  private async removeNewFile(actor: Actor, datasetId: number, fileId: number): Promise<void> {
    await this.deps.filesService.detach(actor, datasetId, fileId).catch(() => undefined);
    await this.deps.filesService.delete(actor, fileId).catch(() => undefined);
  }

  /**
   * The config save's copy-on-write: in place while no run uses the file (its derived files, made from the old
   * content, are dropped), else a new file takes its place in the scenarios. Answers the file now holding it.
   */
  private async overwrite(actor: Actor, file: FileRow, bytes: Uint8Array): Promise<number> {
    const user = actor;
    const blob = await this.deps.blobs.put([bytes]);
    const content = await sniffBlob(this.deps.processing, this.deps.blobs, blob.key, file.name, askedBy(user));
    const saved = await this.deps.configSaves.save(file.id, { blobKey: blob.key, size: blob.size, ...content }, user.userId, ANY_VERSION);
    if (!saved || 'stale' in saved) {
      await this.removeBlob(blob.key);
      throw notFound(`The file "${file.name}" could not be found.`);
    }
    if (saved.unusedBlobKey) await this.removeBlob(saved.unusedBlobKey);
    if (saved.id === file.id) for (const key of await this.deps.repository.dropDerived(file.id)) await this.removeBlob(key);
    return saved.id;
  }

  /** The CRS of the scenario's map: its newest network's processed CRS, else the scenario's `__crs`. */
  private async scenarioCrs(datasetId: number, scenarioFiles: FileRow[]): Promise<string | null> {
    const network = scenarioFiles.filter((file) => file.tag?.startsWith('network_v')).sort((a, b) => b.id - a.id)[0];
    if (network) {
      const info = await this.deps.files.findDerived(network.id, NETWORK_INFO_FILENAME);
      if (info) {
        try {
          const parsed = NetworkInfo.safeParse(JSON.parse((await buffer(this.deps.blobs.read(info.blobKey))).toString('utf8')));
          if (parsed.success && parsed.data.crs) return parsed.data.crs;
        } catch {
          // not processed (yet): the scenario's CRS below
        }
      }
    }
    const crs = (await this.deps.datasets.findById(datasetId))?.attributes.__crs;
    return typeof crs === 'string' && crs.trim() !== '' ? crs.trim() : null;
  }

  private async removeBlob(key: string): Promise<void> {
    await this.deps.blobs.delete(key).catch((err: unknown) => this.deps.onBlobLeak(key, err));
  }
}

/** What a file is read as for the DRT save (as the editor's loading reads it). */
function sourceOf(file: Pick<FileRow, 'tag' | 'name' | 'attributes'>): 'vehicles' | 'stops' | 'shapefile' | 'geopackage' | null {
  if (file.tag === 'dvrp_vehicles_v1') return 'vehicles';
  if (file.tag === 'transitSchedule_v1' || file.tag === 'transitSchedule_v2') return 'stops';
  if (file.tag === 'shapefile') return file.attributes.shapefilePart === 'shp' ? 'shapefile' : null;
  if (file.tag === 'geopackage') return 'geopackage';
  return null;
}

async function* oneFile(filename: string, bytes: Uint8Array) {
  yield { filename, content: (async function* () { yield bytes; })() };
}
