/** SQL for the sampled meters, their values and the dashboard's presets. */
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { meterValues, metricCharts, metricMeters } from '../../db/schema.ts';
import type { SeriesSample } from './series.ts';

export type MeterRow = typeof metricMeters.$inferSelect;
export type PresetRow = typeof metricCharts.$inferSelect;
export type NewPreset = Pick<PresetRow, 'name' | 'timeRange' | 'settings' | 'createdBy'>;

/** Rows per INSERT statement (well below PostgreSQL's 65,535 parameters). */
const CHUNK = 1000;

export class MetricsRepository {
  constructor(private readonly db: Db) {}

  listMeters(): Promise<MeterRow[]> {
    return this.db.select().from(metricMeters).orderBy(asc(metricMeters.name), asc(metricMeters.identity));
  }

  async meterExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: metricMeters.id }).from(metricMeters).where(eq(metricMeters.id, id));
    return row !== undefined;
  }

  values(meterId: number, from: Date, to: Date): Promise<{ timestamp: Date; value: number }[]> {
    return this.db
      .select({ timestamp: meterValues.timestamp, value: meterValues.value })
      .from(meterValues)
      .where(and(eq(meterValues.meterId, meterId), gte(meterValues.timestamp, from), lte(meterValues.timestamp, to)))
      .orderBy(asc(meterValues.timestamp));
  }

  /** Stores the given series' values at `at`: meters created on first sight, then one value each. */
  async storeSample(series: readonly SeriesSample[], at: Date): Promise<void> {
    for (let start = 0; start < series.length; start += CHUNK) {
      const chunk = series.slice(start, start + CHUNK);
      const meters = await this.db
        .insert(metricMeters)
        .values(chunk.map(({ name, tags, identity }) => ({ name, tags, identity })))
        // A no-op update so that RETURNING answers the existing rows too.
        .onConflictDoUpdate({ target: metricMeters.identity, set: { name: sql`excluded.name` } })
        .returning({ id: metricMeters.id, identity: metricMeters.identity });
      const ids = new Map(meters.map((m) => [m.identity, m.id]));
      await this.db
        .insert(meterValues)
        .values(chunk.map((s) => ({ meterId: ids.get(s.identity)!, timestamp: at, value: s.value })))
        .onConflictDoNothing();
    }
  }

  /** Deletes values older than `before` (meter_values_timestamp_idx finds them; nothing is read back). */
  async deleteValuesBefore(before: Date): Promise<void> {
    await this.db.delete(meterValues).where(lt(meterValues.timestamp, before));
  }

  listPresets(): Promise<PresetRow[]> {
    return this.db.select().from(metricCharts).orderBy(asc(sql`lower(${metricCharts.name})`));
  }

  /** Inserts the preset, or replaces the one with the same name (case-insensitive); `overwritten` says which. */
  async savePreset(preset: NewPreset): Promise<{ row: PresetRow; overwritten: boolean }> {
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: metricCharts.id })
        .from(metricCharts)
        .where(sql`lower(${metricCharts.name}) = lower(${preset.name})`)
        .for('update');
      if (existing) {
        const [row] = await tx.update(metricCharts).set(preset).where(eq(metricCharts.id, existing.id)).returning();
        return { row: row!, overwritten: true };
      }
      const [row] = await tx.insert(metricCharts).values(preset).returning();
      return { row: row!, overwritten: false };
    });
  }

  async deletePreset(id: number): Promise<boolean> {
    const gone = await this.db.delete(metricCharts).where(eq(metricCharts.id, id)).returning({ id: metricCharts.id });
    return gone.length > 0;
  }
}
