/**
 * Saved charts (spec 3 §2.3, §3 "Chart", §7 "Charts"): create, update, read, list per group, delete, and the
 * preview and thumbnail pictures. A chart belongs to a group: its members and administrators use it, everyone
 * else gets 404. The chart's dataset must be readable by the caller too — the preview shows its data.
 */
import { API_PREFIX, type ChartAnswer, type Chart, type SaveChartBody } from '@corridor/contract';
import type { Readable } from 'node:stream';
import { requireUser, type Actor } from '../../shared/access.ts';
import { HttpError, notFound } from '../../shared/errors.ts';
import { removeBlobs, type BlobStore } from '../../storage/blob-store.ts';
import { viewerOf, type DatasetAccess } from '../datasets/access.ts';
import type { GroupAccess } from '../dashboards/group-access.ts';
import { chartImages } from './preview-image.ts';
import type { ChartImageKeys, ChartRow, ChartsRepository } from './repository.ts';

export const CHART_NOT_FOUND = 'The chart could not be found.';
export const NO_PREVIEW = 'The chart has no preview image.';
export type ChartPicture = 'preview' | 'thumbnail';

export interface ChartsDeps {
  charts: ChartsRepository;
  groups: GroupAccess;
  datasets: DatasetAccess;
  blobs: BlobStore;
  onBlobLeak: (key: string, err: unknown) => void;
}

export class ChartsService {
  constructor(private readonly deps: ChartsDeps) {}

  async list(actor: Actor | null, groupId: number): Promise<ChartAnswer[]> {
    const user = await this.deps.groups.require(actor, groupId);
    return (await this.deps.charts.list(groupId, viewerOf(user))).map(present);
  }

  async get(actor: Actor | null, id: number): Promise<ChartAnswer> {
    return present(await this.readable(actor, id));
  }

  async create(actor: Actor | null, body: SaveChartBody): Promise<{ id: number }> {
    await this.requireTarget(actor, body.chart);
    const images = await this.storeImages(body.previewImg);
    try {
      return { id: await this.deps.charts.insert(contentOf(body.chart), images) };
    } catch (err) {
      await this.removeImages(images);
      throw err;
    }
  }

  /** Without a new picture the old one stays. Moving a chart to another group needs membership of both. */
  async update(actor: Actor | null, id: number, body: SaveChartBody): Promise<ChartAnswer> {
    const current = await this.readable(actor, id);
    await this.requireTarget(actor, body.chart);
    const images = await this.storeImages(body.previewImg);
    let updated: boolean;
    try {
      updated = await this.deps.charts.update(id, contentOf(body.chart), images);
    } catch (err) {
      await this.removeImages(images);
      throw err;
    }
    if (!updated) {
      await this.removeImages(images);
      throw notFound(CHART_NOT_FOUND);
    }
    if (images) await this.removeImages(keysOf(current));
    return present((await this.deps.charts.find(id))!);
  }

  async delete(actor: Actor | null, id: number): Promise<void> {
    const current = await this.readable(actor, id);
    await this.deps.charts.delete(id);
    await this.removeImages(keysOf(current));
  }

  async picture(actor: Actor | null, id: number, which: ChartPicture): Promise<Readable> {
    const row = await this.readable(actor, id);
    const key = which === 'preview' ? row.previewKey : row.thumbnailKey;
    if (!key) throw notFound(NO_PREVIEW);
    return this.deps.blobs.read(key);
  }

  /** The chart, when the caller is in its group and can read its dataset; 404 otherwise. */
  private async readable(actor: Actor | null, id: number): Promise<ChartRow> {
    const user = requireUser(actor);
    const row = await this.deps.charts.find(id);
    if (!row) throw notFound(CHART_NOT_FOUND);
    await this.deps.groups.require(user, row.groupId, CHART_NOT_FOUND);
    if (row.datasetId !== null) {
      await this.deps.datasets.require(user, row.datasetId, 'read').catch((err: unknown) => {
        throw err instanceof HttpError && err.statusCode === 404 ? notFound(CHART_NOT_FOUND) : err;
      });
    }
    return row;
  }

  /** The group the chart is saved in and the dataset it draws: both must be the caller's to use. */
  private async requireTarget(actor: Actor | null, chart: Chart): Promise<void> {
    await this.deps.groups.require(actor, chart.groupId);
    await this.deps.datasets.require(actor, chart.dataset, 'read');
  }

  /** Checks and re-encodes the picture first (a broken one stores nothing), then keeps both in the blob store. */
  private async storeImages(previewImg: string | null | undefined): Promise<ChartImageKeys | null> {
    if (!previewImg) return null;
    const { preview, thumbnail } = await chartImages(previewImg);
    const previewKey = (await this.deps.blobs.put([preview])).key;
    try {
      return { previewKey, thumbnailKey: (await this.deps.blobs.put([thumbnail])).key };
    } catch (err) {
      await this.removeImages({ previewKey, thumbnailKey: null });
      throw err;
    }
  }

  private async removeImages(keys: { previewKey: string | null; thumbnailKey: string | null } | null): Promise<void> {
    const list = [keys?.previewKey, keys?.thumbnailKey].filter((k): k is string => Boolean(k));
    await removeBlobs(this.deps.blobs, list, this.deps.onBlobLeak);
  }
}

function keysOf(row: ChartRow) {
  return { previewKey: row.previewKey, thumbnailKey: row.thumbnailKey };
}

function contentOf(chart: Chart) {
  // The id lives in the row; the stored configuration is the rest, as the client sent it.
  const { id: _id, ...rest } = chart;
  return { groupId: chart.groupId, datasetId: chart.dataset, chart: rest as Record<string, unknown> };
}

function present(row: ChartRow): ChartAnswer {
  const stored = row.chart as Omit<Chart, 'id'>;
  const base = `${API_PREFIX}/datasets/charts/${row.id}`;
  return {
    ...stored,
    id: row.id,
    groupId: row.groupId,
    dataset: row.datasetId ?? stored.dataset,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
    previewUrl: row.previewKey ? `${base}/preview.jpg` : null,
    thumbnailUrl: row.thumbnailKey ? `${base}/thumbnail.jpg` : null,
  };
}
