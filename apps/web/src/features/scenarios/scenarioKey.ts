import { RESERVED_SCENARIO_KEYS } from '@corridor/contract';

/** Longest key the contract accepts (DatasetKey). */
const KEY_MAX = 100;

/**
 * The key proposed for a scenario name (spec 1 §2.9): a slug without the word "the",
 * e.g. "The Berlin Scenario" → "berlin-scenario".
 */
export function scenarioKeyFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents: "Zürich" → "zurich"
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && word !== 'the');
  return words.join('-').slice(0, KEY_MAX).replace(/-+$/, '');
}

export function isReservedScenarioKey(key: string): boolean {
  return (RESERVED_SCENARIO_KEYS as readonly string[]).includes(key.trim());
}
