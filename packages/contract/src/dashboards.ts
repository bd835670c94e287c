import { z } from 'zod';
import { Int32, RowId } from './integers.ts';
import { Chart } from './charts.ts';
import { MultilineText, NAME_MAX, PlainText } from './strings.ts';

/** Dashboards of spec 3 §3 ("Dashboard", item, variable) and the §9 dashboard constants. */
export const DASHBOARD_LIMITS = {
  autosaveDelayMs: 3000,
  columns: { normal: 12, large: 24 },
  rowHeight: 40,
  minPanel: { w: 2, h: 2 },
  newText: { w: 4, h: 2 },
  newChart: { w: 6, h: 4 },
  maxItems: 200,
  maxVariables: 20,
  textMax: 20_000,
} as const;
export const DEFAULT_DASHBOARD_NAME = 'Untitled';
export const DASHBOARD_TEMPLATES = ['overview', 'trips'] as const;
export type DashboardTemplateKey = (typeof DASHBOARD_TEMPLATES)[number];
export const TEXT_STYLES = ['h1', 'h2', 'h3', 'p'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

export const DashboardVariable = z.object({ name: PlainText().min(1).max(100), id: RowId }).strict();
export type DashboardVariable = z.infer<typeof DashboardVariable>;

const place = {
  x: z.number().int().min(0).max(1000),
  y: z.number().int().min(0).max(100_000),
  width: z.number().int().min(DASHBOARD_LIMITS.minPanel.w).max(48),
  height: z.number().int().min(DASHBOARD_LIMITS.minPanel.h).max(1000),
  /** Names of the dataset variables the item uses. */
  variables: z.array(PlainText().min(1).max(100)).max(DASHBOARD_LIMITS.maxVariables).default([]),
};
export const TextItem = z
  .object({
    type: z.literal('text'),
    ...place,
    data: z.object({ text: MultilineText(DASHBOARD_LIMITS.textMax), style: z.enum(TEXT_STYLES).default('p') }).strict(),
  })
  .strict();
/**
 * A chart panel (a table panel is a chart of type table). `data` is the chart configuration; its `dataset` and
 * `groupId` are those the chart was built on — the panel draws the datasets of its `variables`.
 */
export const ChartItem = z
  .object({
    type: z.literal('chart'),
    ...place,
    data: Chart.omit({ groupId: true, dataset: true }).extend({ groupId: RowId.optional(), dataset: RowId.optional() }),
  })
  .strict();
export const DashboardItem = z.discriminatedUnion('type', [TextItem, ChartItem]);
export type DashboardItem = z.infer<typeof DashboardItem>;
export type TextItem = z.infer<typeof TextItem>;
export type ChartItem = z.infer<typeof ChartItem>;

export const DashboardOptions = z.object({ size: z.enum(['normal', 'large']).default('normal') }).strict();
export type DashboardOptions = z.infer<typeof DashboardOptions>;

/** The editable body of a dashboard (POST and PUT; `id` and `locked` are read from the path and the lock calls). */
export const DashboardBody = z
  .object({
    id: Int32.optional(),
    groupId: RowId,
    name: PlainText().max(NAME_MAX).default(''),
    locked: z.boolean().optional(),
    items: z.array(DashboardItem).max(DASHBOARD_LIMITS.maxItems).default([]),
    variables: z.array(DashboardVariable).max(DASHBOARD_LIMITS.maxVariables).default([]),
    options: DashboardOptions.default({ size: 'normal' }),
  })
  .strict();
export type DashboardBody = z.infer<typeof DashboardBody>;
export const Dashboard = DashboardBody.extend({ id: z.number().int(), locked: z.boolean(), created: z.string(), modified: z.string() });
export type Dashboard = z.infer<typeof Dashboard>;
export const DashboardList = z.array(Dashboard);
export const DashboardCreated = z.object({ id: z.number().int() });
/** GET /static/dashboard/templates/{key}.json: a layout whose items use the variable "Dataset 1". */
export const DashboardTemplate = z.object({ name: z.string(), items: z.array(DashboardItem), options: DashboardOptions });
export type DashboardTemplate = z.infer<typeof DashboardTemplate>;
export const dashboardVariableName = (n: number) => `Dataset ${n}`;
