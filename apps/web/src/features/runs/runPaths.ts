/** Addresses of the run pages (spec 1 §2.1): /{group}/runs and /{group}/runs/{id}/{page}. */
export function runsPath(groupName: string): string {
  return `/${encodeURIComponent(groupName)}/runs`;
}

export function runPath(groupName: string, id: number, page = ''): string {
  const base = `${runsPath(groupName)}/${id}`;
  return page ? `${base}/${page}` : base;
}

/** The page below /{group}/runs/{id}: '' (overview), edit, delete, files, file. */
export function runPageOf(pathname: string): string {
  const match = /\/runs\/\d+\/?([^/]*)/.exec(pathname);
  return match?.[1] ?? '';
}
