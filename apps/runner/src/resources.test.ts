import { describe, expect, it } from 'vitest';
import { availableResources, detectCapabilities, javaCommand, totalResources } from './resources.ts';

describe('resources', () => {
  it('offers the given cores and RAM, else the machine\'s', () => {
    expect(totalResources({ cpus: 3, ramGb: 7.5 })).toEqual({ cpuCores: 3, ramInGb: 7.5 });
    const machine = totalResources({});
    expect(machine.cpuCores).toBeGreaterThanOrEqual(1);
    expect(machine.ramInGb).toBeGreaterThan(0);
  });

  it('subtracts what running jobs reserved, never below zero', () => {
    const total = { cpuCores: 4, ramInGb: 16 };
    expect(availableResources(total, [])).toEqual(total);
    expect(availableResources(total, [{ cpuCores: 1, ramInGb: 4 }, { cpuCores: 2, ramInGb: 1.5 }])).toEqual({ cpuCores: 1, ramInGb: 10.5 });
    expect(availableResources(total, [{ cpuCores: 8, ramInGb: 32 }])).toEqual({ cpuCores: 0, ramInGb: 0 });
  });

  it('always offers the built-in engine; java only when it runs', () => {
    expect(detectCapabilities('/no/such/java')).toEqual(['engine']);
    expect(detectCapabilities(process.execPath).slice(0, 1)).toEqual(['engine']);
    expect(javaCommand({ JAVA: '/opt/jdk/bin/java' })).toBe('/opt/jdk/bin/java');
    expect(javaCommand({})).toBe('java');
  });
});
