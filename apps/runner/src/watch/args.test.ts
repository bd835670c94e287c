import { describe, expect, it } from 'vitest';
import { UsageError } from '../args.ts';
import { API_KEY_ENV, DEFAULT_IDLE_TIMEOUT_S, parseWatchArgs } from './args.ts';

describe('parseWatchArgs', () => {
  it('takes the key from the environment, names the run after the folder and waits 600 s of silence by default', () => {
    const options = parseWatchArgs(['--server', 'https://corridor.example.org/api/v1/', 'output'], { [API_KEY_ENV]: ' abc.def ' }, '/home/me/runs');
    expect(options).toEqual({
      serverUrl: 'https://corridor.example.org',
      apiKey: 'abc.def',
      outputDir: '/home/me/runs/output',
      name: 'output',
      description: '',
      scenarioId: undefined,
      group: undefined,
      pid: undefined,
      idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_S * 1000,
    });
  });

  it('reads every option', () => {
    const argv = ['--server', 'http://localhost:3000', '--api-key', 'k.s', '--name', 'Berlin 10pct', '--scenario', '12', '--group', 'Modelling', '--pid', '4242', '--idle-timeout', '30', '/data/out'];
    expect(parseWatchArgs(argv, {})).toMatchObject({ name: 'Berlin 10pct', scenarioId: 12, group: 'Modelling', pid: 4242, idleTimeoutMs: 30_000, outputDir: '/data/out' });
  });

  it('refuses a missing key, folder or server and malformed numbers', () => {
    for (const argv of [['--server', 'http://x', 'out'], ['--server', 'http://x', '--api-key', 'k'], ['--api-key', 'k', 'out'], ['--server', 'http://x', '--api-key', 'k', '--pid', 'abc', 'out'], ['--server', 'http://x', '--api-key', 'k', '--idle-timeout', '0', 'out'], ['--server', 'http://x', '--api-key', 'k', 'a', 'b']]) {
      expect(() => parseWatchArgs(argv, {}), argv.join(' ')).toThrow(UsageError);
    }
  });
});
