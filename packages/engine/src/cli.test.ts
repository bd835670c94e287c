import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './cli.ts';
import { sharedData } from './scenario/test-data.ts';

describe('corridor-engine CLI', () => {
  afterEach(() => vi.restoreAllMocks());

  it('exits 0 after a run, 2 on a usage error, 1 when the run fails, with the reason on stderr', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((message: string) => void errors.push(message));
    const output = join(mkdtempSync(join(tmpdir(), 'engine-cli-')), 'out');

    expect(await main([sharedData('equil/config.xml'), '--config:controler.lastIteration=1', '--output', output])).toBe(0);
    expect(existsSync(join(output, 'output_plans.xml.gz'))).toBe(true);

    expect(await main([])).toBe(2);
    expect(errors.at(-1)).toMatch(/No config file given\.\nusage: corridor-engine/);

    expect(await main([sharedData('equil/config.xml'), '--output', output])).toBe(1);
    expect(errors.at(-1)).toMatch(/exists and is not empty/);

    expect(await main(['--help'])).toBe(0);
  });
});
