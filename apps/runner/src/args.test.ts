import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.ts';

describe('corridor-runner arguments', () => {
  it('reads every option', () => {
    const options = parseArgs(
      ['--server', 'https://corridor.example.org/api/v1/', '--token', 't0ken', '--name', 'big box', '--work', 'w', '--cpus', '8', '--ram', '31.5'],
      {},
      '/home/ada',
    );
    expect(options).toEqual({
      serverUrl: 'https://corridor.example.org',
      token: 't0ken',
      name: 'big box',
      workDir: '/home/ada/w',
      cpus: 8,
      ramGb: 31.5,
      unsandboxed: false,
      enginesDir: undefined,
      serverGoneMs: 600_000,
      slurm: undefined,
    });
    expect(parseArgs(['--server', 'http://x', '--token', 't', '--engines', 'data/engines'], {}, '/srv').enginesDir).toBe('/srv/data/engines');
    expect(parseArgs(['--server', 'http://x', '--token', 't', '--server-gone-timeout', '2.5'], {}).serverGoneMs).toBe(2_500);
    expect(parseArgs(['--server', 'http://x', '--token', 't'], { CORRIDOR_SERVER_GONE_TIMEOUT: '0' }).serverGoneMs).toBe(0);
    expect(parseArgs(['--server', 'http://x', '--token', 't'], { CORRIDOR_SERVER_GONE_TIMEOUT: '30' }).serverGoneMs).toBe(30_000);
    expect(parseArgs(['--server', 'http://x', '--token', 't', '--unsandboxed'], {}).unsandboxed).toBe(true);
  });

  it('reads the Slurm options', () => {
    const argv = ['--server', 'http://x', '--token', 't', '--slurm', '--partition', 'standard', '--account', 'matsim-1', '--time', '2-00:00:00'];
    expect(parseArgs([...argv, '--sbatch-arg=--qos=long', '--sbatch-arg=--constraint=ib'], {}).slurm).toEqual({
      partition: 'standard',
      account: 'matsim-1',
      time: '2-00:00:00',
      extraArgs: ['--qos=long', '--constraint=ib'],
    });
    expect(parseArgs(['--server', 'http://x', '--token', 't', '--slurm'], {}).slurm).toEqual({ partition: undefined, account: undefined, time: undefined, extraArgs: [] });
  });

  it('takes the token from CORRIDOR_RUNNER_TOKEN and defaults the rest', () => {
    const options = parseArgs(['--server', 'http://127.0.0.1:8080'], { CORRIDOR_RUNNER_TOKEN: 'from-env' }, '/srv');
    expect(options.token).toBe('from-env');
    expect(options.serverUrl).toBe('http://127.0.0.1:8080');
    expect(options.workDir).toBe('/srv/runner-work');
    expect(options.name.length).toBeGreaterThan(0);
    expect(options.cpus).toBeUndefined();
  });

  it.each([
    [[], '--server is required.'],
    [['--server', 'http://x'], 'set CORRIDOR_RUNNER_TOKEN to a runner token from the Runners page (or pass --token).'],
    [['--server', 'ftp://x', '--token', 't'], '--server: use an http:// or https:// URL.'],
    [['--server', 'not a url', '--token', 't'], '--server: not a URL: not a url'],
    [['--server', 'http://x', '--token', 't', '--cpus', '0'], '--cpus: expected a positive whole number, got "0".'],
    [['--server', 'http://x', '--token', 't', '--ram', 'lots'], '--ram: expected a positive number, got "lots".'],
    [['--server', 'http://x', '--token', 't', '--bogus'], "Unknown option '--bogus'"],
    [['--server', 'http://x', '--token', 't', '--server-gone-timeout', 'soon'], '--server-gone-timeout: expected a positive number, got "soon".'],
    [['--server', 'http://x', '--token', 't', '--stop-with-parent'], "Unknown option '--stop-with-parent'"],
    [['--server', 'http://x', '--token', 't', '--partition', 'gpu'], '--partition needs --slurm.'],
    [['--server', 'http://x', '--token', 't', '--slurm', '--partition', 'a b'], '--partition: expected a Slurm partition name, got "a b".'],
    [['--server', 'http://x', '--token', 't', '--slurm', '--time', 'two days'], '--time: expected a Slurm time such as 48:00:00 or 2-00:00:00, got "two days".'],
    [['--server', 'http://x', '--token', 't', '--slurm', '--sbatch-arg', 'qos=long'], '--sbatch-arg: expected an sbatch option such as --qos=long, got "qos=long".'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv, {})).toThrow(UsageError);
    expect(() => parseArgs(argv, {})).toThrow(message);
  });
});
