/**
 * GET /datasets/files/{id}/drt (issue 29): the DRT data of a file for the map editor — a dvrp fleet's vehicles, a
 * stop file's stops, a service area's polygons. Read access is the file's (FileAccess: 404 for files the caller
 * cannot see). The data is made once per file in the worker pool (`build.ts`) and kept as the derived file
 * `drt-data.json.gz` — the answer's bytes, gzip — as the transit data is (`transit-data/service.ts`).
 *
 * Which kind a file is comes from its data-type tag: `dvrp_vehicles_v1` → vehicles, `transitSchedule_*` → stops
 * (a schedule with lines too is read for its stops only), the `.shp` part of a shapefile (with the `.dbf` and `.prj`
 * of the same base name in a scenario using it) or a GeoPackage → service area. The stored form records the CRS it
 * was made with (and a shapefile's sibling parts): when these change, the next call makes it again.
 */
import { gzipJsonBody, type GzipJsonBody } from '../../plugins/gzip-json.ts';
import { storeDerived } from '../network-processing/derived.ts';
import { formatBytes, NO_DRT_DATA } from '@corridor/contract';
import { MatsimFormatError } from '@corridor/matsim';
import { buffer } from 'node:stream/consumers';
import type { Actor } from '../../shared/access.ts';
import { shapefileSideParts, type ShapefileSideParts } from '../../shared/drt-files.ts';
import { badRequest } from '../../shared/errors.ts';
import type { FileRow } from '../files/repository.ts';
import { summaryKindOf } from '../file-summary/summarize.ts';
import { fallbackCrsOf, type TransitDataDeps } from '../transit-data/service.ts';
import { tooLargeAnswer, TooLargeToProcessError } from '../../workers/errors.ts';
import { askedBy, storedBlob } from '../../workers/processing.ts';
import type { DrtSource } from './build.ts';

export const DRT_DATA_FILENAME = 'drt-data.json.gz';
/** The stored form's version: a change of the answer's shape makes older ones stale. */
const VERSION = 1;

/** What the derived file's type records: the version, the CRS it was made with and a shapefile's parts. */
interface Made {
  v: number;
  fileCrs?: string;
  fallback?: string | null;
  parts?: string[];
}
const typeOf = (made: Made) => `drt-data ${JSON.stringify(made)}`;

type Kind = 'vehicles' | 'stops' | 'shapefile' | 'geopackage';

/** Which DRT data a file holds, by its data-type tag. */
export function drtKindOf(file: Pick<FileRow, 'tag' | 'name' | 'attributes'>): Kind | null {
  if (file.tag === 'dvrp_vehicles_v1') return 'vehicles';
  if (summaryKindOf(file.tag) === 'transit') return 'stops';
  if (file.tag === 'shapefile') return file.attributes.shapefilePart === 'shp' ? 'shapefile' : null;
  if (file.tag === 'geopackage') return 'geopackage';
  return null;
}

/** What the loading needs: the same as the transit data's. */
export type DrtDataDeps = TransitDataDeps;

export class DrtDataService {
  constructor(private readonly deps: DrtDataDeps) {}

  /** `signal`: the client has gone; the build is dropped unless someone else waits for it too. */
  async get(actor: Actor | null, fileId: number, signal?: AbortSignal): Promise<GzipJsonBody> {
    const { file, user } = await this.deps.fileAccess.require(actor, fileId);
    const kind = drtKindOf(file);
    if (!kind) throw badRequest(NO_DRT_DATA);
    const fallback = kind === 'vehicles' ? null : await fallbackCrsOf(this.deps, file);
    const siblings = kind === 'shapefile' ? await this.shapefileParts(file) : {};
    const parts = [siblings.dbf?.blobKey ?? '', siblings.prj?.blobKey ?? '', siblings.cpg?.blobKey ?? ''];
    const stored = await this.deps.files.findDerived(fileId, DRT_DATA_FILENAME);
    if (stored && this.current(stored.type, fallback, kind === 'shapefile' ? parts : undefined)) {
      return { gzip: this.deps.blobs.read(stored.blobKey), size: stored.size };
    }

    let source: DrtSource;
    if (kind === 'shapefile') {
      const [dbf, prj, cpg] = await Promise.all([this.bytesOf(siblings.dbf), this.bytesOf(siblings.prj), this.bytesOf(siblings.cpg)]);
      source = { kind, ...(dbf ? { dbf } : {}), ...(prj ? { prj } : {}), ...(cpg ? { cpg } : {}) };
    } else {
      source = { kind };
    }
    let built;
    try {
      built = await this.deps.processing.drtData(storedBlob(this.deps.blobs, file.blobKey), source, fallback, askedBy(user, signal));
    } catch (err) {
      if (err instanceof MatsimFormatError) throw badRequest(`The file "${file.name}" could not be read as DRT data: ${err.message}`);
      throw tooLargeAnswer(err);
    }
    const made: Made = built.fileCrs !== null ? { v: VERSION, fileCrs: built.fileCrs } : { v: VERSION, fallback };
    if (kind === 'shapefile') made.parts = parts;
    await storeDerived(this.deps, fileId, DRT_DATA_FILENAME, built.gzip, typeOf(made));
    return gzipJsonBody(built.gzip);
  }

  /** Whether the stored form is of this version, made with the CRS that holds now (and the same shapefile parts). */
  private current(type: string, fallback: string | null, parts: string[] | undefined): boolean {
    if (!type.startsWith('drt-data ')) return false;
    try {
      const made = JSON.parse(type.slice('drt-data '.length)) as Made;
      if (made.v !== VERSION) return false;
      if (parts && JSON.stringify(made.parts) !== JSON.stringify(parts)) return false;
      return made.fileCrs !== undefined || made.fallback === fallback;
    } catch {
      return false;
    }
  }

  /**
   * The .dbf, .prj and .cpg of a .shp: the files of the same base name (case aside) in the first scenario using it
   * that has any. Without a .dbf the features have no attributes; without a .prj the scenario's CRS holds; without
   * a .cpg the .dbf is read as windows-1252.
   */
  private async shapefileParts(shp: FileRow): Promise<ShapefileSideParts<FileRow>> {
    const admin = { userId: 0, admin: true };
    const { usages } = await this.deps.files.withUsages(shp, admin);
    for (const { id } of usages) {
      const parts = shapefileSideParts(shp, await this.deps.files.listForDataset(id, admin));
      if (parts.dbf || parts.prj || parts.cpg) return parts;
    }
    return {};
  }

  private async bytesOf(file: FileRow | undefined): Promise<Uint8Array | undefined> {
    if (!file) return undefined;
    const max = this.deps.processing.limits.geodataMaxBytes;
    if (file.size > max) throw tooLargeAnswer(new TooLargeToProcessError(`its part "${file.name}" is larger than ${formatBytes(max)}`));
    const bytes = await buffer(this.deps.blobs.read(file.blobKey));
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
