/** Addresses the board links to. */
export const dashboardsPath = (groupName: string) => `/${encodeURIComponent(groupName)}/dashboards`;

/** The Manage Tables tab of the dashboards list with the dataset preselected (spec 3 §2.1 `?import=`). */
export const importPath = (groupName: string, datasetId: number) => `${dashboardsPath(groupName)}?import=${datasetId}`;

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The `{dashboard}` of /{group}/dashboards/{dashboard}: a positive numeric id or the word `new`. */
export const isDashboardParam = (param: string | undefined) => param === 'new' || (!!param && /^\d+$/.test(param) && Number(param) > 0);
