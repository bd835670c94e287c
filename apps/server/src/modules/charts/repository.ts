/** SQL for saved charts; the list embeds the dataset visibility rule so a chart never shows an unreadable dataset. */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { charts, datasets } from '../../db/schema.ts';
import { datasetVisibleTo, type Viewer } from '../datasets/visibility.ts';

export interface ChartRow {
  id: number;
  groupId: number;
  datasetId: number | null;
  chart: Record<string, unknown>;
  previewKey: string | null;
  thumbnailKey: string | null;
  created: Date;
  modified: Date;
}

export interface ChartContent {
  groupId: number;
  datasetId: number;
  chart: Record<string, unknown>;
}

export interface ChartImageKeys {
  previewKey: string;
  thumbnailKey: string;
}

const columns = {
  id: charts.id,
  groupId: charts.groupId,
  datasetId: charts.datasetId,
  chart: charts.chart,
  previewKey: charts.previewKey,
  thumbnailKey: charts.thumbnailKey,
  created: charts.created,
  modified: charts.modified,
};

export class ChartsRepository {
  constructor(private readonly db: Db) {}

  /** The group's charts over datasets the viewer can read (and those whose dataset is gone), oldest first. */
  list(groupId: number, viewer: Viewer): Promise<ChartRow[]> {
    return this.db
      .select(columns)
      .from(charts)
      .leftJoin(datasets, eq(datasets.id, charts.datasetId))
      .where(and(eq(charts.groupId, groupId), or(isNull(charts.datasetId), datasetVisibleTo(viewer))))
      .orderBy(asc(charts.id));
  }

  async find(id: number): Promise<ChartRow | null> {
    const rows = await this.db.select(columns).from(charts).where(eq(charts.id, id));
    return rows[0] ?? null;
  }

  async insert(content: ChartContent, images: ChartImageKeys | null): Promise<number> {
    const [row] = await this.db
      .insert(charts)
      .values({ ...content, ...images })
      .returning({ id: charts.id });
    return row!.id;
  }

  /** Replaces the chart (and its images when new ones are given); false when the chart is gone. */
  async update(id: number, content: ChartContent, images: ChartImageKeys | null): Promise<boolean> {
    const rows = await this.db
      .update(charts)
      .set({ ...content, ...images, modified: sql`now()` })
      .where(eq(charts.id, id))
      .returning({ id: charts.id });
    return rows.length > 0;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(charts).where(eq(charts.id, id));
  }
}
