import { describe, expect, it } from 'vitest';
import { ipv4Placeholder, runnerCommand } from './runnerDefaults.ts';

describe('runner page defaults', () => {
  it('fills {ip}/8 with the browser host when it is an IPv4 address', () => {
    expect(ipv4Placeholder('192.168.1.20')).toBe('192.168.1.20/8');
    expect(ipv4Placeholder('localhost')).toBe('10.0.0.0/8');
    expect(ipv4Placeholder('corridor.example.org')).toBe('10.0.0.0/8');
  });

  it('names the server and the token in the runner command', () => {
    expect(runnerCommand('http://10.0.0.5:8080', 'abc')).toBe('npx corridor-runner --server http://10.0.0.5:8080 --token abc');
  });
});
