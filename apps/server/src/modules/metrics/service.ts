/** The metrics dashboard's calls (administrators): sampled meters, their values and the presets (spec 3 §2.17). */
import { DEFAULT_METRIC_TIME_RANGE, type Meter, type MeterValue, type MeterValuesQuery, type MetricPreset, type MetricPresetRequest, type SaveMetricPresetAnswer } from '@corridor/contract';
import { requireAdmin, type Actor } from '../../shared/access.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import type { MetricsRepository, PresetRow } from './repository.ts';

const toPreset = (row: PresetRow): MetricPreset => ({ id: row.id, name: row.name, timeRange: row.timeRange, settings: row.settings });

export class MetricsService {
  constructor(
    private readonly repository: MetricsRepository,
    private readonly now: () => Date,
  ) {}

  async meters(actor: Actor | null): Promise<Meter[]> {
    requireAdmin(actor);
    return (await this.repository.listMeters()).map(({ id, name, tags }) => ({ id, name, tags }));
  }

  /** Values between `from` and `to`; without them the last DEFAULT_METRIC_TIME_RANGE minutes. */
  async values(actor: Actor | null, meterId: number, query: MeterValuesQuery): Promise<MeterValue[]> {
    requireAdmin(actor);
    if (!(await this.repository.meterExists(meterId))) throw notFound('The meter could not be found.');
    const to = query.to ? new Date(query.to) : this.now();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_METRIC_TIME_RANGE * 60_000);
    if (from > to) throw badRequest('"from" must not be after "to".');
    const rows = await this.repository.values(meterId, from, to);
    return rows.map((r) => ({ timestamp: r.timestamp.toISOString(), value: r.value }));
  }

  async presets(actor: Actor | null): Promise<MetricPreset[]> {
    requireAdmin(actor);
    return (await this.repository.listPresets()).map(toPreset);
  }

  /** A preset with an existing name (any case) replaces it (spec 3 §5); the answer says so. */
  async savePreset(actor: Actor | null, request: MetricPresetRequest): Promise<SaveMetricPresetAnswer> {
    const user = requireAdmin(actor);
    const { row, overwritten } = await this.repository.savePreset({ ...request, createdBy: user.userId });
    return { preset: toPreset(row), overwritten };
  }

  async deletePreset(actor: Actor | null, id: number): Promise<void> {
    requireAdmin(actor);
    if (!(await this.repository.deletePreset(id))) throw notFound('The preset could not be found.');
  }
}
