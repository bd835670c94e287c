import { describe, expect, it } from 'vitest';
import { watchCommand } from './howTo.ts';

describe('watchCommand', () => {
  const values = { url: 'https://corridor.example.org', apiKey: 'KEY', group: 'traffic team', name: 'My run', pid: 'MATSIM-PID' };
  it('names the server, key, team, run, MATSim process and an absolute output folder for Linux and macOS', () => {
    expect(watchCommand('unix', values)).toBe(
      'node corridor-runner/bin/corridor-runner.mjs watch --server https://corridor.example.org --api-key KEY --group "traffic team" --name "My run" --pid MATSIM-PID /path/to/output',
    );
  });
  it('uses an absolute Windows path on Windows', () => {
    expect(watchCommand('windows', values)).toBe(
      'node corridor-runner\\bin\\corridor-runner.mjs watch --server https://corridor.example.org --api-key KEY --group "traffic team" --name "My run" --pid MATSIM-PID C:\\path\\to\\output',
    );
  });
  it('keeps a quote in the name from ending the argument', () => {
    expect(watchCommand('unix', { ...values, name: 'Mein "Lauf"' })).toContain('--name "Mein Lauf" ');
  });
});
