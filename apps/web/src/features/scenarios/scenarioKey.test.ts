import { describe, expect, it } from 'vitest';
import { isReservedScenarioKey, scenarioKeyFromName } from './scenarioKey.ts';

describe('scenarioKeyFromName', () => {
  it('slugifies the default name', () => {
    expect(scenarioKeyFromName('New Scenario')).toBe('new-scenario');
  });

  it('drops the word "the" wherever it stands, but not inside words', () => {
    expect(scenarioKeyFromName('The Berlin Scenario')).toBe('berlin-scenario');
    expect(scenarioKeyFromName('Around the Lake')).toBe('around-lake');
    expect(scenarioKeyFromName('Theatre district')).toBe('theatre-district');
  });

  it('folds accents and punctuation into dashes', () => {
    expect(scenarioKeyFromName('  Zürich: Straße 2030!  ')).toBe('zurich-strasse-2030');
  });

  it('is empty for a name without letters or digits', () => {
    expect(scenarioKeyFromName('The --- ')).toBe('');
  });

  it('stays within the key length', () => {
    expect(scenarioKeyFromName('a '.repeat(120)).length).toBeLessThanOrEqual(100);
    expect(scenarioKeyFromName('a '.repeat(120))).not.toMatch(/-$/);
  });
});

describe('isReservedScenarioKey', () => {
  it('knows the group pages', () => {
    expect(isReservedScenarioKey('runs')).toBe(true);
    expect(isReservedScenarioKey('settings')).toBe(true);
    expect(isReservedScenarioKey('runs-2')).toBe(false);
  });
});
