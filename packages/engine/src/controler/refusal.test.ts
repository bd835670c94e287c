import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedData } from '../scenario/test-data.ts';
import type { ConfigOverride } from './args.ts';
import { runEngine } from './run.ts';

const HINT = /^The built-in engine does not support: .*\. Run this scenario with a MATSim job template \(a MATSim release jar\) instead\.$/;
const tempDir = () => mkdtempSync(join(tmpdir(), 'engine-refusal-'));
const set = (module: string, param: string, value: string): ConfigOverride => ({ module, param, value });

/** Runs equil with the overrides into a fresh directory; the refusal must come before anything is written. */
async function refusalOf(overrides: ConfigOverride[]): Promise<string> {
  const output = join(tempDir(), 'out');
  const error = await runEngine({ configPath: sharedData('equil/config.xml'), overrides, outputDir: output }).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error?.message).toMatch(HINT);
  expect(existsSync(output)).toBe(false);
  return error!.message;
}

describe('the engine refuses before the run starts', () => {
  it('road pricing with a tolls file', async () => {
    expect(await refusalOf([set('roadpricing', 'tollLinksFile', 'toll.xml')])).toContain('the roadpricing module (road pricing');
  });

  it('the multimodal simulation switched on', async () => {
    expect(await refusalOf([set('multimodal', 'multiModalSimulationEnabled', 'true')])).toContain('multimodal.multiModalSimulationEnabled=true');
  });

  it('plans.inputPersonAttributesFile', async () => {
    expect(await refusalOf([set('plans', 'inputPersonAttributesFile', 'attributes.xml')])).toContain('plans.inputPersonAttributesFile=attributes.xml (MATSim 2023+ stops with an error');
  });

  it('a taxi mode in qsim.mainMode that only a Java module could route, naming every problem at once', async () => {
    const message = await refusalOf([set('qsim', 'mainMode', 'car,taxi'), set('qsim', 'vehicleBehavior', 'wait')]);
    expect(message).toContain('qsim.vehicleBehavior=wait');
    expect(message).toContain('mode taxi in qsim.mainMode, which has neither network routing (routing.networkModes) nor teleportation');
  });

  it('a mode-choice strategy switching to a mode without routing', async () => {
    const overrides = [set('changeMode', 'modes', 'car,drt'), set('replanning', 'Module_3', 'ChangeTripMode'), set('replanning', 'ModuleProbability_3', '0.1')];
    expect(await refusalOf(overrides)).toContain('mode drt in changeMode.modes');
  });

  it('a taxi leg in the population, at that person without reading further', async () => {
    const dir = tempDir();
    const leg = (mode: string) => `<plan selected="yes"><act type="h" link="1" end_time="06:00:00" /><leg mode="${mode}" /><act type="w" link="20" /></plan>`;
    // 2 MB of persons later the XML breaks: reading on past person 2 would fail with a format error instead.
    const later = Array.from({ length: 15_000 }, (_, i) => `<person id="p${i}">${leg('car')}</person>\n`).join('');
    writeFileSync(
      join(dir, 'plans.xml'),
      `<?xml version="1.0" ?>\n<!DOCTYPE population SYSTEM "http://www.matsim.org/files/dtd/population_v6.dtd">\n<population>\n` +
        `<person id="1">${leg('car')}</person>\n<person id="2">${leg('taxi')}</person>\n${later}<person id="x"><plan><act type=broken</population>\n`,
    );
    const message = await refusalOf([set('plans', 'inputPlansFile', join(dir, 'plans.xml'))]);
    expect(message).toContain('mode taxi in the plans (person 2)');
  });
});

describe('the engine refuses params MATSim does not know, as MATSim does at start-up', () => {
  it('a misspelled controller.lastIteration, naming module, param and the nearest known name', async () => {
    const output = join(tempDir(), 'out');
    const overrides = [set('controller', 'lastIteraton', '3'), set('replanning', 'maxAgentPlanMemorySize', '5')];
    const error = await runEngine({ configPath: sharedData('equil/config.xml'), overrides, outputDir: output }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('UnknownConfigParamsError');
    expect(error?.message).toBe(
      'Unknown parameter lastIteraton in module controller: did you mean lastIteration? MATSim stops at start-up on parameters its modules do not know, and so does the built-in engine: correct or remove it in the config.',
    );
    expect(existsSync(output)).toBe(false);
  });
});
