/** The chart editor's own route (spec 3 §2.3): /{group}/charts/new and /{group}/charts/{id}. */
export function chartPath(groupName: string, id: number | 'new'): string {
  return `/${encodeURIComponent(groupName)}/charts/${id}`;
}

/** The chart parameter: 'new' or a positive id; anything else is not found. */
export function chartParam(param: string | undefined): number | 'new' | null {
  if (param === 'new') return 'new';
  return param !== undefined && /^[1-9]\d*$/.test(param) ? Number(param) : null;
}
