import { describe, expect, it } from 'vitest';
import { ipv4Placeholder, runnerCommand } from './runnerDefaults.ts';

describe('runner page defaults', () => {
  it('fills {ip}/8 with the browser host when it is an IPv4 address', () => {
    expect(ipv4Placeholder('192.168.1.20')).toBe('192.168.1.20/8');
    expect(ipv4Placeholder('localhost')).toBe('10.0.0.0/8');
    expect(ipv4Placeholder('corridor.example.org')).toBe('10.0.0.0/8');
  });

  it('gives the token to the runner command in the environment, not on its command line', () => {
    expect(runnerCommand('http://10.0.0.5:8080', 'abc')).toBe('CORRIDOR_RUNNER_TOKEN=abc npx corridor-runner --server http://10.0.0.5:8080');
    expect(runnerCommand('http://10.0.0.5:8080')).toBe("CORRIDOR_RUNNER_TOKEN='<token>' npx corridor-runner --server http://10.0.0.5:8080");
  });
});
