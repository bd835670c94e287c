import { describe, expect, it } from 'vitest';
import { runnerDownloadCommand } from '../../api/runnerBundle.ts';
import { ipv4Placeholder, runnerCommand } from './runnerDefaults.ts';

describe('runner page defaults', () => {
  it('fills {ip}/8 with the browser host when it is an IPv4 address', () => {
    expect(ipv4Placeholder('192.168.1.20')).toBe('192.168.1.20/8');
    expect(ipv4Placeholder('localhost')).toBe('10.0.0.0/8');
    expect(ipv4Placeholder('corridor.example.org')).toBe('10.0.0.0/8');
  });

  it('gives the token to the runner command in the environment, not on its command line', () => {
    expect(runnerCommand('http://10.0.0.5:8080', 'abc')).toBe('CORRIDOR_RUNNER_TOKEN=abc node corridor-runner/bin/corridor-runner.mjs --server http://10.0.0.5:8080');
    expect(runnerCommand('http://10.0.0.5:8080')).toBe("CORRIDOR_RUNNER_TOKEN='<token>' node corridor-runner/bin/corridor-runner.mjs --server http://10.0.0.5:8080");
  });

  it('fetches and unpacks the runner download with curl and tar (curl.exe on Windows)', () => {
    expect(runnerDownloadCommand('https://corridor.example.org', 'unix')).toBe(
      'curl -fLO https://corridor.example.org/api/v1/jobs/files/corridor-runner.tgz\ntar xzf corridor-runner.tgz',
    );
    expect(runnerDownloadCommand('https://corridor.example.org', 'windows')).toMatch(/^curl\.exe -fLO https:\/\/corridor\.example\.org\/api\/v1\/jobs\/files\/corridor-runner\.tgz\n/);
  });
});
