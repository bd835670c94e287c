import { z } from 'zod';
import { Int32, RowId } from './integers.ts';
import { AGGREGATIONS, FILTER_OPERATORS } from './tables.ts';
import { ExactText, MultilineText, NAME_MAX, PlainText } from './strings.ts';

/** Charts of spec 3 §3 ("Chart", measure, dimension, binning, axis styles, filter) and §9 chart constants. */
export const CHART_TYPES = ['bar', 'line', 'area', 'radial', 'radar', 'pie', 'boxplot', 'scatter', 'table'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const AXIS_TYPES = ['value', 'log', 'time'] as const;
export type AxisType = (typeof AXIS_TYPES)[number];

export const CHART_LIMITS = {
  defaultBinInterval: 1000,
  defaultCustomBins: [10, 20, 30, 40],
  pieMaxClasses: 1000,
  scatterMaxColorClasses: 50,
  preview: { width: 500, height: 350 },
  thumbnail: { width: 200, height: 150 },
  /** The preview image is taken this long after the chart rendered. */
  previewDelayMs: 1000,
  /** The chart area is this much lower than its panel. */
  chartAreaHeightReduction: 20,
  /** Largest preview image accepted (base64 data URL, jpeg). */
  previewMaxBytes: 2_000_000,
} as const;

const finite = z.number().finite();
export const AxisStyle = z
  .object({
    axisType: z.enum(AXIS_TYPES).optional(),
    label: PlainText().max(NAME_MAX).optional(),
    valueDivisor: finite.refine((n) => n !== 0, 'must not be 0').optional(),
    prefix: ExactText().max(50).optional(),
    postfix: ExactText().max(50).optional(),
    min: finite.nullable().optional(),
    max: finite.nullable().optional(),
  })
  .strict();
export type AxisStyle = z.infer<typeof AxisStyle>;
export const BinnedAxisStyle = z
  .object({
    label: PlainText().max(NAME_MAX).optional(),
    divisor: finite.refine((n) => n !== 0, 'must not be 0').optional(),
    minBin: finite.nullable().optional(),
    maxBin: finite.nullable().optional(),
    shortenBinNames: z.boolean().optional(),
  })
  .strict();
export type BinnedAxisStyle = z.infer<typeof BinnedAxisStyle>;

/** Binning of a dimension: a fixed interval, or custom bin edges (each larger than the one before). */
export const ChartBinning = z.discriminatedUnion('type', [
  z.object({ type: z.literal('interval'), binSize: z.number().positive().finite() }).strict(),
  z.object({ type: z.literal('custom'), bins: z.array(finite).min(1).max(1000) }).strict(),
]);
export type ChartBinning = z.infer<typeof ChartBinning>;

export const ChartMeasure = z
  .object({ name: ExactText().min(1).max(100), aggregation: z.enum(AGGREGATIONS).default('COUNT'), axisStyle: AxisStyle.optional() })
  .strict();
export type ChartMeasure = z.infer<typeof ChartMeasure>;
export const ChartDimension = z
  .object({ name: ExactText().min(1).max(100), binning: ChartBinning.nullable().optional(), binnedAxisStyle: BinnedAxisStyle.optional() })
  .strict();
export type ChartDimension = z.infer<typeof ChartDimension>;
export const ChartFilter = z.object({ column: ExactText().max(100), is: z.enum(FILTER_OPERATORS), value: z.union([ExactText().max(1000), z.number()]) }).strict();
export type ChartFilter = z.infer<typeof ChartFilter>;

/** Styling Options of the chart editor; every field optional so older charts stay readable. */
export const ChartOptions = z
  .object({
    /** bar/line/area: x axis discrete (categories) or numeric. */
    xAxis: z.enum(['discrete', 'numeric']).optional(),
    stacked: z.boolean().optional(),
    horizontal: z.boolean().optional(),
    showLegend: z.boolean().optional(),
    showLabels: z.boolean().optional(),
    smooth: z.boolean().optional(),
    /** Restricted mode hides the filter operators !=, not in and last k (spec 3 §5). */
    restricted: z.boolean().optional(),
    /** Draw the measure once per dataset variable of the dashboard panel (comparison). */
    compare: z.boolean().optional(),
  })
  .strict();
export type ChartOptions = z.infer<typeof ChartOptions>;

export const ChartConfig = z
  .object({ measures: z.array(ChartMeasure).max(20), dimensions: z.array(ChartDimension).max(5), options: ChartOptions.default({}) })
  .strict();
export type ChartConfig = z.infer<typeof ChartConfig>;

export const Chart = z
  .object({
    id: Int32.optional(),
    type: z.enum(CHART_TYPES),
    name: PlainText().max(NAME_MAX),
    dataset: RowId,
    groupId: RowId,
    table: ExactText().min(1).max(200),
    filters: z.array(ChartFilter).max(50).default([]),
    config: ChartConfig,
    description: MultilineText(2000).optional(),
  })
  .strict();
export type Chart = z.infer<typeof Chart>;

/** POST /datasets/charts and PUT /datasets/charts/{id}: the chart and a jpeg data URL of its preview (500×350). */
export const SaveChartBody = z.object({
  chart: Chart,
  previewImg: z
    .string()
    .max(CHART_LIMITS.previewMaxBytes)
    .regex(/^data:image\/(jpeg|png);base64,[A-Za-z0-9+/=]+$/, 'must be a base64 jpeg or png data URL')
    .nullable()
    .optional(),
});
export type SaveChartBody = z.infer<typeof SaveChartBody>;
export const ChartCreated = z.object({ id: z.number().int() });
/** A stored chart with the addresses of its preview and thumbnail (null without an image). */
export const ChartAnswer = Chart.extend({
  id: z.number().int(),
  created: z.string(),
  modified: z.string(),
  previewUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type ChartAnswer = z.infer<typeof ChartAnswer>;
export const ChartList = z.array(ChartAnswer);
