export function isRunId(id: string | undefined): id is string {
  return id !== undefined && /^\d+$/.test(id);
}
