import { isUniqueViolation } from '../../db/errors.ts';
import { freeKey } from '../datasets/keys.ts';

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

/**
 * Creates a run under the first free key `base`, `base-2`, …; another run that takes the key between the lookup
 * and the insert (a unique violation) makes it look again, up to three times.
 */
export async function withFreeKey<T>(base: string, taken: () => Promise<Iterable<string>>, create: (key: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const key = freeKey(base, await taken());
    try {
      return await create(key);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}
