import { DASHBOARD_TEMPLATES, type DashboardItem, type DashboardTemplateKey, type DashboardVariable, dashboardVariableName } from '@corridor/contract';

/** The datasets a board can use, as GET /datasets/groups/{groupId}/tables lists them. */
export interface DatasetChoice {
  id: number;
  name: string;
  /** 1 is a scenario, anything else a run (spec 3 §3 Dataset). */
  datasetType: number;
  tableCount: number;
}

export const isScenario = (dataset: Pick<DatasetChoice, 'datasetType'>) => dataset.datasetType === 1;

/** Templates refer to their one dataset by this name. */
export const TEMPLATE_VARIABLE = dashboardVariableName(1);

/** The next free name 'Dataset N', counting on from the number of variables. */
export function nextVariableName(variables: readonly DashboardVariable[]): string {
  const used = new Set(variables.map((variable) => variable.name));
  let n = variables.length + 1;
  while (used.has(dashboardVariableName(n))) n++;
  return dashboardVariableName(n);
}

export type VariableNameProblem = 'empty' | 'duplicate';

/** Spec 3 §5: variable names are non-empty and unique (`index` is the variable being renamed, if any). */
export function variableNameProblem(name: string, variables: readonly DashboardVariable[], index?: number): VariableNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if (variables.some((variable, position) => position !== index && variable.name === trimmed)) return 'duplicate';
  return null;
}

/** Spec 3 §2.2/§5: a variable can go only when more than one exists and no panel uses it. */
export function canDeleteVariable(name: string, variables: readonly DashboardVariable[], items: readonly DashboardItem[]): boolean {
  return variables.length > 1 && !items.some((item) => item.variables.includes(name));
}

/** A renamed variable: the panels that used the old name follow it. */
export function renameVariable(items: readonly DashboardItem[], from: string, to: string): DashboardItem[] {
  return items.map((item) => (item.variables.includes(from) ? { ...item, variables: item.variables.map((name) => (name === from ? to : name)) } : item));
}

/** `?datasets=1,2` → the positive ids, in order, without repeats. */
export function parseDatasetIds(param: string | null): number[] {
  if (!param) return [];
  const ids = param
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)];
}

/**
 * The variables a new board starts with: the datasets of `?datasets=` as 'Dataset 1', 'Dataset 2', …; without them
 * the group's latest run (highest id) that has tables, else none.
 */
export function initialVariables(preselected: readonly number[], datasets: readonly DatasetChoice[]): DashboardVariable[] {
  if (preselected.length > 0) return preselected.map((id, index) => ({ name: dashboardVariableName(index + 1), id }));
  const latestRun = datasets
    .filter((dataset) => !isScenario(dataset) && dataset.tableCount > 0)
    .reduce<DatasetChoice | undefined>((latest, dataset) => (!latest || dataset.id > latest.id ? dataset : latest), undefined);
  return latestRun ? [{ name: dashboardVariableName(1), id: latestRun.id }] : [];
}

/**
 * Template items use the variable 'Dataset 1': it is mapped to the board's first variable. A board with two or more
 * datasets is there to compare them (issue 25): its template charts compare across all of them at once.
 */
export function mapTemplateItems(items: readonly DashboardItem[], variables: readonly DashboardVariable[]): DashboardItem[] {
  const first = variables[0]?.name;
  const comparing = variables.length >= 2;
  return items.map((item) => {
    if (comparing && item.type === 'chart') {
      const data = { ...item.data, config: { ...item.data.config, options: { ...item.data.config.options, compare: true } } };
      return { ...item, variables: variables.map((variable) => variable.name), data };
    }
    const mapped = item.variables.flatMap((name) => (name === TEMPLATE_VARIABLE ? (first ? [first] : []) : [name]));
    const names = [...new Set(mapped.length > 0 || !first ? mapped : [first])];
    return { ...item, variables: names };
  });
}

/** `?template=` of a new board: a known template key, or null. */
export function parseTemplateKey(param: string | null): DashboardTemplateKey | null {
  return param !== null && (DASHBOARD_TEMPLATES as readonly string[]).includes(param) ? (param as DashboardTemplateKey) : null;
}

/**
 * The template a new board starts from: the one `?template=` names; a board opened on two or more datasets is there
 * to compare them and starts from the Overview (issue 25); otherwise none (an empty board).
 */
export function startTemplate(param: string | null, datasetIds: readonly number[]): DashboardTemplateKey | null {
  return parseTemplateKey(param) ?? (datasetIds.length >= 2 ? 'overview' : null);
}

/** The datasets a panel draws: its variables' datasets, or every variable's when the chart compares. */
export function panelDatasets(item: DashboardItem, variables: readonly DashboardVariable[]): DashboardVariable[] {
  if (item.type === 'chart' && item.data.config.options.compare) return [...variables];
  return variables.filter((variable) => item.variables.includes(variable.name));
}

/** The variables a saved chart uses: all when it compares, else the one on its dataset (or the first). */
export function chartVariables(chart: { dataset: number; config: { options: { compare?: boolean } } }, variables: readonly DashboardVariable[]): string[] {
  if (chart.config.options.compare) return variables.map((variable) => variable.name);
  const own = variables.find((variable) => variable.id === chart.dataset) ?? variables[0];
  return own ? [own.name] : [];
}

/** The group's datasets with their table counts, from GET /datasets/groups/{groupId}/tables. */
export function datasetChoices(answer: { datasets: { id: number; name: string; datasetType: number }[]; tables: Record<string, unknown[]> } | undefined): DatasetChoice[] {
  if (!answer) return [];
  return answer.datasets.map((dataset) => ({ ...dataset, tableCount: answer.tables[String(dataset.id)]?.length ?? 0 }));
}
