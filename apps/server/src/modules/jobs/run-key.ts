/** The run dataset's key from the MATSim run id: a DatasetKey slug ("Berlin_v6.4_1" → "berlin-v6-4-1"). */
const MAX_BASE = 90; // room for a "-n" suffix within the 100 characters of a key

export function runKeyBase(matsimRunId: string): string {
  const slug = matsimRunId
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_BASE)
    .replace(/^-+|-+$/g, '');
  return slug || 'run';
}
