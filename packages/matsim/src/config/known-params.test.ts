import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { parseConfigText } from './parse.ts';
import { nearestName, unknownConfigParams, unknownParamText } from './known-params.ts';

const config = (modules: string) => parseConfigText(`<?xml version="1.0" ?><!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd"><config>${modules}</config>`);

describe('unknown params of MATSim core modules', () => {
  test('a misspelled controller param is found with the nearest known name', () => {
    const found = unknownConfigParams(config('<module name="controller"><param name="lastIteraton" value="10" /><param name="firstIteration" value="0" /></module>'));
    expect(found).toEqual([{ module: 'controller', param: 'lastIteraton', suggestion: 'lastIteration' }]);
    expect(unknownParamText(found[0]!)).toBe('Unknown parameter lastIteraton in module controller: did you mean lastIteration?');
  });

  test('old module names are checked under their current name; far-off names get no suggestion', () => {
    const found = unknownConfigParams(config('<module name="controler"><param name="colourOfTheSky" value="blue" /></module>'));
    expect(found).toEqual([{ module: 'controller', param: 'colourOfTheSky' }]);
  });

  test('params of known parametersets are checked; unknown modules and set types are not', () => {
    const found = unknownConfigParams(
      config(`<module name="replanning"><parameterset type="strategysettings"><param name="strategyName" value="ReRoute" /><param name="wieght" value="0.1" /></parameterset></module>
        <module name="scoring"><parameterset type="scoringParameters"><param name="performing" value="6" /><parameterset type="activityParams"><param name="activityType" value="h" /><param name="typicalDuraton" value="12:00:00" /></parameterset></parameterset>
          <parameterset type="somethingElse"><param name="anything" value="1" /></parameterset></module>
        <module name="drt"><param name="whatever" value="1" /></module>`),
    );
    expect(found).toEqual([
      { module: 'replanning', set: 'strategysettings', param: 'wieght', suggestion: 'weight' },
      { module: 'scoring', set: 'activityParams', param: 'typicalDuraton', suggestion: 'typicalDuration' },
    ]);
    expect(unknownParamText(found[0]!)).toBe('Unknown parameter wieght in parameterset strategysettings of module replanning: did you mean weight?');
  });

  test('the old flat spellings MATSim still reads are known', () => {
    const found = unknownConfigParams(
      config(`<module name="strategy"><param name="Module_1" value="ReRoute" /><param name="ModuleProbability_1" value="0.1" /></module>
        <module name="planCalcScore"><param name="BrainExpBeta" value="2" /><param name="activityType_0" value="h" /><param name="traveling" value="-6" /><param name="performing" value="6" /></module>
        <module name="planscalcroute"><param name="teleportedModeSpeed_walk" value="1" /><param name="beelineDistanceFactor" value="1.3" /></module>`),
    );
    expect(found).toEqual([]);
  });

  test('every config in ../shared/data has only params MATSim knows', () => {
    const configs = allSharedDataFiles().filter((file) => /config[^/]*\.xml$/.test(file));
    expect(configs.length).toBeGreaterThan(10);
    for (const file of configs) expect(unknownConfigParams(parseConfigText(readFileSync(sharedData(file), 'utf8'))), file).toEqual([]);
  });

  test('nearestName ignores case and refuses distant names', () => {
    expect(nearestName('LASTITERATION', ['lastIteration', 'firstIteration'])).toBe('lastIteration');
    expect(nearestName('flowCapacityFacter', ['flowCapacityFactor', 'storageCapacityFactor'])).toBe('flowCapacityFactor');
    expect(nearestName('xyz', ['lastIteration'])).toBeUndefined();
  });
});
