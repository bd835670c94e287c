import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { configNaming, withNaming } from './aliases.ts';
import { compareConfigs } from './compare.ts';
import { parseConfigText } from './parse.ts';
import { writeConfigText } from './writer.ts';

/** A config from its modules' inner XML. */
const config = (modules: Record<string, string> | [string, string][]) =>
  parseConfigText(
    `<config>${(Array.isArray(modules) ? modules : Object.entries(modules)).map(([name, body]) => `<module name="${name}">${body}</module>`).join('')}</config>`,
  );
const p = (name: string, value: string) => `<param name="${name}" value="${value}"/>`;
const set = (type: string, ...params: string[]) => `<parameterset type="${type}">${params.join('')}</parameterset>`;

/** The differing rows as key → values. */
const differences = (...xmls: ReturnType<typeof config>[]) =>
  Object.fromEntries(compareConfigs(xmls, { onlyDifferences: true }).map((row) => [row.key, row.values]));

const OLD_NAMING = config({
  controler: p('lastIteration', '10') + p('outputDirectory', './output'),
  planCalcScore:
    p('BrainExpBeta', '2.0') +
    set('activityParams', p('activityType', 'h'), p('typicalDuration', '12:00:00')) +
    set('activityParams', p('activityType', 'w'), p('typicalDuration', '08:00:00'), p('openingTime', '07:00:00')) +
    set('modeParams', p('mode', 'car'), p('constant', '0.0')),
  strategy: p('maxAgentPlanMemorySize', '5') + p('ModuleProbability_1', '0.9') + p('Module_1', 'BestScore') + p('Module_2', 'ReRoute') + p('ModuleProbability_2', '0.1'),
  planscalcroute: set('teleportedModeParameters', p('mode', 'walk'), p('teleportedModeSpeed', '0.83')),
});

/** The same settings in the new naming, parametersets instead of Module_N params, other orders. */
const NEW_NAMING = config([
  ['routing', set('teleportedModeParameters', p('teleportedModeSpeed', '0.83'), p('mode', 'walk'))],
  ['replanning', set('strategysettings', p('strategyName', 'ReRoute'), p('weight', '0.1')) + set('strategysettings', p('weight', '0.9'), p('strategyName', 'BestScore')) + p('maxAgentPlanMemorySize', '5')],
  ['controller', p('outputDirectory', './output') + p('lastIteration', '10')],
  [
    'scoring',
    set('modeParams', p('mode', 'car'), p('constant', '0.0')) +
      set('activityParams', p('activityType', 'w'), p('openingTime', '07:00:00'), p('typicalDuration', '08:00:00')) +
      set('activityParams', p('activityType', 'h'), p('typicalDuration', '12:00:00')) +
      p('brainExpBeta', '2.0'),
  ],
]);

describe('compareConfigs', () => {
  test('old and new naming of the same settings: no differences; every setting once, under its canonical name', () => {
    expect(compareConfigs([OLD_NAMING, NEW_NAMING], { onlyDifferences: true })).toEqual([]);
    const all = compareConfigs([OLD_NAMING, NEW_NAMING]);
    expect(all.every((row) => !row.differs && row.values[0] === row.values[1] && row.values[0] !== undefined)).toBe(true);
    expect(all.map((row) => row.key)).toEqual([
      'controller/lastIteration',
      'controller/outputDirectory',
      'scoring/brainExpBeta',
      'scoring/activityParams[h]/typicalDuration',
      'scoring/activityParams[w]/typicalDuration',
      'scoring/activityParams[w]/openingTime',
      'scoring/modeParams[car]/constant',
      'replanning/maxAgentPlanMemorySize',
      'replanning/strategysettings[BestScore]/weight',
      'replanning/strategysettings[ReRoute]/weight',
      'routing/teleportedModeParameters[walk]/teleportedModeSpeed',
    ]);
    expect(all.find((row) => row.param === 'openingTime')).toMatchObject({
      module: 'scoring',
      sets: [{ type: 'activityParams', label: 'w' }],
      values: ['07:00:00', '07:00:00'],
    });
  });

  test.each([
    {
      name: 'a changed module-level value, whatever the naming',
      a: config({ controler: p('lastIteration', '10') + p('firstIteration', '0') }),
      b: config({ controller: p('firstIteration', '0') + p('lastIteration', '20') }),
      rows: { 'controller/lastIteration': ['10', '20'] },
    },
    {
      name: 'a setting only one config has; an empty value counts as absent',
      a: config({ qsim: p('endTime', '30:00:00') + p('startTime', '') }),
      b: config({ qsim: p('flowCapacityFactor', '0.1') + p('startTime', ' ') }),
      rows: { 'qsim/endTime': ['30:00:00', undefined], 'qsim/flowCapacityFactor': [undefined, '0.1'] },
    },
    {
      name: 'strategy settings by strategy name and subpopulation, listed by name',
      a: config({ replanning: set('strategysettings', p('strategyName', 'ReRoute'), p('weight', '0.1'), p('subpopulation', 'null')) + set('strategysettings', p('strategyName', 'BestScore'), p('weight', '0.9')) }),
      b: config({ replanning: set('strategysettings', p('strategyName', 'ReRoute'), p('weight', '0.1'), p('subpopulation', 'freight')) + set('strategysettings', p('strategyName', 'BestScore'), p('weight', '0.8')) }),
      rows: {
        'replanning/strategysettings[BestScore]/weight': ['0.9', '0.8'],
        'replanning/strategysettings[ReRoute]/weight': ['0.1', undefined],
        'replanning/strategysettings[ReRoute / freight]/weight': [undefined, '0.1'],
      },
    },
    {
      name: 'Module_N params against strategysettings parametersets',
      a: config({ strategy: p('Module_1', 'ChangeExpBeta') + p('ModuleProbability_1', '0.7') + p('ModuleDisableAfterIteration_1', '50') }),
      b: config({ replanning: set('strategysettings', p('strategyName', 'ChangeExpBeta'), p('weight', '0.7'), p('disableAfterIteration', '80')) }),
      rows: { 'replanning/strategysettings[ChangeExpBeta]/disableAfterIteration': ['50', '80'] },
    },
    {
      name: 'activity params by type (also activityType_N params), mode params by mode',
      a: config({ planCalcScore: p('activityType_0', 'home') + p('activityTypicalDuration_0', '12:00:00') + set('modeParams', p('mode', 'pt'), p('constant', '-1')) + set('modeParams', p('mode', 'car'), p('constant', '0')) }),
      b: config({ scoring: set('modeParams', p('mode', 'car'), p('constant', '0')) + set('activityParams', p('activityType', 'home'), p('typicalDuration', '14:00:00')) + set('modeParams', p('mode', 'pt'), p('constant', '-2')) }),
      rows: { 'scoring/activityParams[home]/typicalDuration': ['12:00:00', '14:00:00'], 'scoring/modeParams[pt]/constant': ['-1', '-2'] },
    },
    {
      name: 'teleported-mode parameters by mode; nested scoring parameters by subpopulation',
      a: config({ routing: set('teleportedModeParameters', p('mode', 'bike'), p('teleportedModeSpeed', '4.2')) + set('teleportedModeParameters', p('mode', 'walk'), p('teleportedModeSpeed', '0.8')), scoring: set('scoringParameters', set('activityParams', p('activityType', 'h'), p('typicalDuration', '12:00:00'))) }),
      b: config({ routing: set('teleportedModeParameters', p('mode', 'walk'), p('teleportedModeSpeed', '0.9')) + set('teleportedModeParameters', p('mode', 'bike'), p('teleportedModeSpeed', '4.2')), scoring: set('scoringParameters', p('subpopulation', 'null'), set('activityParams', p('activityType', 'h'), p('typicalDuration', '13:00:00'))) }),
      rows: { 'routing/teleportedModeParameters[walk]/teleportedModeSpeed': ['0.8', '0.9'], 'scoring/scoringParameters[#1]/activityParams[h]/typicalDuration': ['12:00:00', '13:00:00'] },
    },
    {
      name: 'other parametersets by position within their type',
      a: config({ multiModeDrt: set('drt', p('mode', 'drt'), p('stopDuration', '60')) + set('other', p('x', '1')) + set('other', p('x', '2')) }),
      b: config({ multiModeDrt: set('other', p('x', '1')) + set('drt', p('mode', 'drt'), p('stopDuration', '60')) + set('other', p('x', '3')) }),
      rows: { 'multiModeDrt/other[#2]/x': ['2', '3'] },
    },
    {
      name: 'a module given twice is one module, later values winning',
      a: config([['controler', p('lastIteration', '10') + p('writeEventsInterval', '5')], ['controler', p('lastIteration', '20')]]),
      b: config({ controller: p('lastIteration', '20') + p('writeEventsInterval', '10') }),
      rows: { 'controller/writeEventsInterval': ['5', '10'] },
    },
  ])('$name', ({ a, b, rows }) => {
    expect(differences(a, b)).toEqual(rows);
  });

  test('three configs: one column each, absent modules as undefined', () => {
    const rows = compareConfigs(
      [config({ controler: p('lastIteration', '1') }), config({ qsim: p('endTime', '24:00:00') }), config({ controller: p('lastIteration', '1') })],
      { onlyDifferences: true },
    );
    expect(rows.map((row) => [row.key, row.values])).toEqual([
      ['controller/lastIteration', ['1', undefined, '1']],
      ['qsim/endTime', [undefined, '24:00:00', undefined]],
    ]);
    expect(rows.every((row) => row.differs)).toBe(true);
  });

  test('the real equil configs of 2021 (old naming, Module_N) and 2025 (new naming): exactly what the 2025 file left out', () => {
    const read = (file: string) => parseConfigText(readFileSync(sharedData(file), 'utf8'));
    const rows = differences(read('configs/old-naming/equil_config_2021.xml'), read('configs/new-naming/equil_config_2025.xml'));
    expect(rows).toEqual({
      'controller/firstIteration': ['0', undefined],
      'qsim/startTime': ['00:00:00', undefined],
      'qsim/endTime': ['00:00:00', undefined],
      'qsim/snapshotperiod': ['00:00:00', undefined],
      'scoring/learningRate': ['1.0', undefined],
      'scoring/brainExpBeta': ['2.0', undefined],
      'scoring/earlyDeparture': ['-0', undefined],
      'scoring/waiting': ['-0', undefined],
      'scoring/activityParams[h]/priority': ['1', undefined],
      'scoring/activityParams[w]/priority': ['1', undefined],
      'scoring/activityParams[w]/latestStartTime': ['09:00:00', undefined],
      'replanning/maxAgentPlanMemorySize': ['5', undefined],
    });
  });

  test.each(allSharedDataFiles().filter((file) => /config[^/]*\.xml$/.test(file)))(
    '%s against its editor-saved text and its other naming: no differences',
    (file) => {
      const original = parseConfigText(readFileSync(sharedData(file), 'utf8'));
      const saved = parseConfigText(writeConfigText(original, { style: 'editor' }));
      const renamed = withNaming(original, configNaming(original) === 'old' ? 'new' : 'old');
      expect(compareConfigs([original, saved, renamed], { onlyDifferences: true })).toEqual([]);
      expect(compareConfigs([original]).every((row) => !row.differs)).toBe(true);
    },
  );
});
