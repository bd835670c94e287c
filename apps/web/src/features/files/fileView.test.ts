import { describe, expect, it } from 'vitest';
import { fileViewOf } from './fileView.ts';

describe('fileViewOf', () => {
  it('chooses by the data-type tag', () => {
    expect(fileViewOf({ name: 'config.xml', tag: 'config_v2' })).toBe('config');
    expect(fileViewOf({ name: 'network.xml.gz', tag: 'network_v2' })).toBe('network');
    expect(fileViewOf({ name: 'plans.xml', tag: 'plans_v4' })).toBe('population');
    expect(fileViewOf({ name: 'population.xml', tag: 'population_v6' })).toBe('population');
    expect(fileViewOf({ name: 'schedule.xml', tag: 'transitSchedule_v2' })).toBe('transit');
  });

  it('shows images by their name and anything else as other', () => {
    expect(fileViewOf({ name: 'map.WEBP', tag: null })).toBe('image');
    expect(fileViewOf({ name: 'notes.txt', tag: null })).toBe('other');
    expect(fileViewOf({ name: 'vehicles.xml', tag: 'vehicleDefinitions_v2' })).toBe('other');
  });
});
