import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { catalogueSources, sourceLines } from '../../scripts/catalogue-sources.ts';
import { buildCatalogue, catalogueModuleText, describedDefault } from './catalogue-build.ts';
import { CONFIG_CATALOGUE, moduleDoc, paramDoc } from './catalogue.ts';

const config = (modules: string) => `<?xml version="1.0" ?><config>${modules}</config>`;

describe('the config catalogue', () => {
  test('the committed catalogue.generated.ts is what the script builds from ../shared/data', () => {
    const sources = catalogueSources();
    expect(sources.map((source) => source.name)).toContain('output-equil-2024');
    const committed = readFileSync(new URL('./catalogue.generated.ts', import.meta.url), 'utf8');
    // When this fails: `npm run catalogue -w packages/matsim` and commit the file.
    expect(committed).toBe(catalogueModuleText(buildCatalogue(sources), sourceLines(sources)));
  });

  test('controller.lastIteration has MATSim description and default; old module and param names find theirs', () => {
    expect(paramDoc('controller', 'lastIteration')).toEqual({ description: 'Default=1000. Last Iteration of a simulation.', default: '1000' });
    expect(paramDoc('controler', 'lastIteration')).toBe(paramDoc('controller', 'lastIteration'));
    expect(paramDoc('planCalcScore', 'BrainExpBeta')?.description).toMatch(/^logit model scale parameter/);
    expect(paramDoc('controller', 'noSuchParam')).toBeUndefined();
    // Scoring's module-level params are its default scoringParameters'.
    expect(paramDoc('planCalcScore', 'performing')).toEqual({ default: '6.0' });
    expect(moduleDoc('drt')).toBeUndefined();
  });

  test('parametersets are documented by type: strategysettings, activityParams inside scoringParameters, modeParams', () => {
    expect(paramDoc('replanning', 'weight', 'strategysettings')?.description).toMatch(/probability proportional to its weight/);
    expect(paramDoc('scoring', 'typicalDuration', 'activityParams')?.description).toMatch(/typical duration of activity/);
    expect(paramDoc('scoring', 'priority', 'activityParams')?.default).toBe('1.0');
    expect(paramDoc('scoring', 'performing', 'scoringParameters')?.default).toBe('6.0');
    expect(paramDoc('scoring', 'marginalUtilityOfTraveling_util_hr', 'modeParams')?.description).toMatch(/^\[utils\/hr\]/);
    // Interaction activities are not scored, others are: no type-wide default.
    expect(paramDoc('scoring', 'scoringThisActivityAtAll', 'activityParams')?.default).toBeUndefined();
  });

  test('it covers the core modules of every MATSim release in ../shared/data, with descriptions for most params', () => {
    for (const module of ['controller', 'qsim', 'global', 'network', 'plans', 'replanning', 'routing', 'scoring', 'transit', 'counts', 'travelTimeCalculator']) {
      expect(moduleDoc(module), module).toBeDefined();
    }
    const params = Object.values(CONFIG_CATALOGUE).flatMap((doc) => [...Object.values(doc.params), ...Object.values(doc.sets).flatMap((set) => Object.values(set))]);
    expect(params.length).toBeGreaterThan(200);
    expect(params.filter((param) => param.description).length / params.length).toBeGreaterThan(0.7);
    expect(params.filter((param) => param.default !== undefined).length / params.length).toBeGreaterThan(0.8);
  });

  test('defaults: unchanged params of the full config; a newer build wins; sets only when all agree; else the comment', () => {
    const catalogue = buildCatalogue([
      {
        name: 'new',
        built: '2026-01-01 00:00:00',
        full: config(`<module name="controller"><!-- Default=1000. Last. --><param name="lastIteration" value="10" /><param name="mobsim" value="qsim" /></module>
          <module name="scoring"><parameterset type="scoringParameters"><parameterset type="activityParams"><param name="activityType" value="h" /><param name="priority" value="1.0" /><param name="scoringThisActivityAtAll" value="true" /></parameterset>
          <parameterset type="activityParams"><param name="activityType" value="car interaction" /><param name="priority" value="1.0" /><param name="scoringThisActivityAtAll" value="false" /></parameterset></parameterset></module>`),
        reduced: config(`<module name="controller"><param name="lastIteration" value="10" /></module>
          <module name="scoring"><parameterset type="scoringParameters"><parameterset type="activityParams"><param name="activityType" value="h" /></parameterset><parameterset type="activityParams"><param name="activityType" value="car interaction" /></parameterset></parameterset></module>`),
      },
      {
        name: 'old',
        built: '2022-01-01 00:00:00',
        full: config('<module name="controler"><param name="mobsim" value="jdeqsim" /><param name="createGraphs" value="true" /></module>'),
        reduced: config('<module name="controler"></module>'),
      },
    ]);
    expect(catalogue.controller!.params).toEqual({
      lastIteration: { description: 'Default=1000. Last.', default: '1000' },
      mobsim: { default: 'qsim' },
      createGraphs: { default: 'true' },
    });
    expect(catalogue.scoring!.sets.activityParams).toEqual({ activityType: {}, priority: { default: '1.0' }, scoringThisActivityAtAll: {} });
  });

  test('the default a comment names', () => {
    expect(describedDefault('Default=1000. Last Iteration of a simulation.')).toBe('1000');
    expect(describedDefault('Default:1800.0; Defines how many seconds')).toBe('1800.0');
    expect(describedDefault('Defines the interval. Defaults to 60.')).toBe('60');
    expect(describedDefault("Options: [none, bisect, metis], default: 'bisect'")).toBe('bisect');
    expect(describedDefault('Sets the interval. Default is 1. If set to 0')).toBe('1');
    expect(describedDefault('Possible values: a, b')).toBeUndefined();
  });
});
