import { readFileSync } from 'node:fs';
import { readConfig } from '@corridor/matsim';
import { describe, expect, it } from 'vitest';
import { MODULE_RULES } from './config-modules.ts';
import { PARAM_RULES } from './param-rules.ts';
import { SUPPORT_TABLE_END, SUPPORT_TABLE_START, supportTableMarkdown } from './support-table.ts';
import { BASE, configText, module, sharedData } from './test-data.ts';
import { unsupportedFeatures } from './unsupported.ts';

const problemsWith = async (modules: string) => unsupportedFeatures(await readConfig(configText(BASE + modules)));

/** The param that switches a refused module on, at the value that does. */
const switchedOn = (rule: (typeof MODULE_RULES)[number]) => (rule.when ? { [rule.when.param]: rule.when.is === 'true' ? 'true' : 'input/some-file.xml' } : { someParam: 'x' });

describe('the module table', () => {
  const refused = MODULE_RULES.filter((rule) => rule.decision === 'refused');
  it.each(refused.map((rule) => [rule.module, rule]))('refuses the %s module when it is switched on', async (name, rule) => {
    const problems = await problemsWith(module(name, switchedOn(rule)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(rule.reason);
    expect(problems[0]).toContain(rule.when ? `${name}.${rule.when.param}=` : `the ${name} module`);
  });

  it('lets the switchable modules pass while they are off', async () => {
    for (const rule of refused.filter((r) => r.when !== undefined)) {
      expect(await problemsWith(module(rule.module, { [rule.when!.param]: rule.when!.is === 'true' ? 'false' : 'null' }))).toEqual([]);
    }
  });

  it('lets supported and ignored modules pass with params the engine does not check', async () => {
    for (const rule of MODULE_RULES.filter((r) => r.decision !== 'refused')) {
      expect(await problemsWith(module(rule.module, { someUncheckedParam: 'x' }))).toEqual([]);
    }
  });

  it('refuses a module it does not know unless it is empty', async () => {
    expect(await problemsWith(module('myContrib', { speed: '3' }))).toEqual(['the myContrib module (unknown to the engine, probably a contrib)']);
    expect(await problemsWith(module('myContrib', {}))).toEqual([]);
  });

  it('reads old module names as their new ones', async () => {
    expect(await problemsWith(module('planCalcScore', { fractionOfIterationsToStartScoreMSA: '0.8' }))).toEqual([
      'scoring.fractionOfIterationsToStartScoreMSA=0.8 (score averaging (MSA); the engine runs only with unset)',
    ]);
    expect(await problemsWith(module('JDEQSim', { squeezeTime: '1800' }) + module('parallelEventHandling', { numberOfThreads: '2' }))).toEqual([]);
  });
});

describe('the param table', () => {
  it.each(PARAM_RULES.map((rule) => [`${rule.module}.${rule.param}`, rule]))('refuses %s at another value and accepts its listed ones', async (_, rule) => {
    const problems = await problemsWith(module(rule.module, { [rule.param]: 'someOtherValue' }));
    expect(problems).toEqual([`${rule.module}.${rule.param}=someOtherValue (${rule.reason}; the engine runs only with ${rule.accepted.join(' or ') || 'unset'})`]);
    for (const value of [...rule.accepted, 'null', '']) expect(await problemsWith(module(rule.module, { [rule.param]: value }))).toEqual([]);
  });

  it('compares numbers and times by value, words ignoring case', async () => {
    expect(await problemsWith(module('qsim', { timeStepSize: '00:00:01', trafficDynamics: 'QUEUE' }) + module('subtourModeChoice', { probaForRandomSingleTripMode: '0.0' }))).toEqual([]);
    expect(await problemsWith(module('qsim', { timeStepSize: '2.0' }))).toEqual(['qsim.timeStepSize=2.0 (time steps longer than 1 s; the engine runs only with 1)']);
  });

  it('accepts an input CRS equal to global.coordinateSystem', async () => {
    expect(await problemsWith(module('global', { coordinateSystem: 'EPSG:25832' }) + module('network', { inputCRS: 'EPSG:25832' }))).toEqual([]);
    expect(await problemsWith(module('global', { coordinateSystem: 'EPSG:25832' }) + module('plans', { inputCRS: 'EPSG:4326' }))).toHaveLength(1);
  });
});

describe('the cases found in outside testing', () => {
  it('refuses road pricing with a tolls file, the multimodal simulation and a person attributes file', async () => {
    expect(await problemsWith(module('roadpricing', { tollLinksFile: 'toll.xml' }))).toEqual(['the roadpricing module (road pricing (tolls change routes and scores))']);
    expect(await problemsWith(module('multimodal', { multiModalSimulationEnabled: 'true', simulatedModes: 'walk,bike' }))).toEqual([
      'the multimodal simulation (walk/bike on the network) (multimodal.multiModalSimulationEnabled=true)',
    ]);
    expect(await problemsWith(module('plans', { inputPersonAttributesFile: 'personAttributes.xml' }))).toEqual([
      'plans.inputPersonAttributesFile=personAttributes.xml (MATSim 2023+ stops with an error; person attributes belong in the plans file; the engine runs only with unset)',
    ]);
  });
});

describe('MATSim configs the engine ran before', () => {
  it('finds nothing in the equil, berlin and newwest inputs and in MATSim 2022/2024 full output configs', async () => {
    const paths = [
      'equil/config.xml',
      'output-equil-2024/input/config.xml',
      'output-equil-2024/output_config.xml',
      'output-equil-2022-txt/output_config.xml',
      'output-equil-2026-zst/input/config-2026.xml',
      'berlin-medium/config.xml',
      'output-newwest-2024/input/config.xml',
      'output-newwest-2024/output_config.xml',
      'configs/new-naming/output_config_matsim2024.xml',
      'configs/old-naming/output_config_matsim14-2022.xml',
      'configs/old-naming/equil_config_2021.xml',
    ];
    for (const path of paths) expect({ path, problems: unsupportedFeatures(await readConfig(sharedData(path))) }).toEqual({ path, problems: [] });
  });

  it('refuses MATSim 2026 output configs: their access/egress walks change the trips', async () => {
    expect(unsupportedFeatures(await readConfig(sharedData('output-equil-2026-zst/output_config.xml')))).toEqual([
      'routing.accessEgressType=accessEgressModeToLink (access and egress walks to and from the network; the engine runs only with none)',
    ]);
  });
});

describe('the README', () => {
  it('holds the tables as the code has them', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf(SUPPORT_TABLE_START);
    const end = readme.indexOf(SUPPORT_TABLE_END);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start, end + SUPPORT_TABLE_END.length)).toBe(supportTableMarkdown());
  });
});
