import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { allSharedDataFiles, sharedData } from '../../test/data.ts';
import { MatsimFormatError } from '../errors.ts';
import { collectText } from '../xml/writer.ts';
import { sniff } from '../sniff/sniff.ts';
import {
  canonicalModuleName,
  configNaming,
  getParam,
  moduleNameFor,
  readConfig,
  setParam,
  strategySettings,
  withNaming,
  writeConfig,
  type Config,
  type ConfigEntry,
  type ConfigStyle,
} from './index.ts';
import { formatError } from '../../test/variants.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const write = (config: Config, style: ConfigStyle = 'matsim') => collectText(writeConfig(config, { style }));
const reread = async (config: Config, style: ConfigStyle = 'matsim') => readConfig(bytes(await write(config, style)));

const failure = (input: Uint8Array | string) => formatError(readConfig(input));

const CONFIGS = allSharedDataFiles().filter((file) => /config[^/]*\.xml$/.test(file));
const MATSIM_WRITTEN = CONFIGS.filter((file) => /output_config/.test(file));

function count(entries: readonly ConfigEntry[], kind: ConfigEntry['kind']): number {
  return entries.reduce(
    (sum, entry) => sum + (entry.kind === kind ? 1 : 0) + (entry.kind === 'parameterset' ? count(entry.entries, kind) : 0),
    0,
  );
}

describe('every config in the shared data', () => {
  test('the list covers configs/, equil, pt-tutorial, berlin, drt-mielec, every output folder and input/', () => {
    expect(CONFIGS).toHaveLength(28);
    expect(MATSIM_WRITTEN).toHaveLength(13);
  });

  test.each(CONFIGS)('%s: read → write → read keeps the model, in both styles idempotently', async (file) => {
    const config = await readConfig(sharedData(file));
    expect(await reread(config)).toEqual(config);
    const editor = await write(config, 'editor');
    expect(await write(await readConfig(bytes(editor)), 'editor')).toBe(editor);
  });

  test.each(MATSIM_WRITTEN)('%s: MATSim’s own layout comes back byte for byte', async (file) => {
    const config = await readConfig(sharedData(file));
    expect(await write(config)).toBe(readFileSync(sharedData(file), 'utf8'));
  });

  test.each(CONFIGS)('%s sniffs as config_v2', async (file) => {
    expect(await sniff(sharedData(file))).toBe('config_v2');
  });
});

describe('reading', () => {
  test('output-equil-2024/output_config.xml: modules, params, parametersets and comments as counted in the file', async () => {
    const config = await readConfig(sharedData('output-equil-2024/output_config.xml'));
    expect(config.modules).toHaveLength(25);
    expect(config.modules[0]!.name).toBe('changeMode');
    const all = config.modules.flatMap((module) => module.entries);
    expect(count(all, 'param')).toBe(358);
    expect(count(all, 'parameterset')).toBe(25);
    expect(count(all, 'comment')).toBe(141);
    expect(getParam(config, 'controller', 'lastIteration')).toBe('10');
    expect(getParam(config, 'controler', 'mobsim')).toBe('qsim');
    expect(configNaming(config)).toBe('new');
  });

  test('berlin keeps both controler modules; later values win across them', async () => {
    const config = await readConfig(sharedData('berlin-medium/config.xml'));
    expect(config.modules.map((module) => module.name)).toEqual([
      'global', 'network', 'plans', 'controler', 'controler', 'planCalcScore', 'strategy',
    ]);
    expect(getParam(config, 'controller', 'lastIteration')).toBe('0');
    expect(getParam(config, 'controller', 'routingAlgorithmType')).toBe('AStarLandmarks');
    expect(getParam(config, 'scoring', 'brainExpBeta')).toBe('2.0');
    expect(getParam(config, 'scoring', 'nope')).toBeUndefined();
    // The comment after a param on the same line stays beside it.
    expect(config.modules[2]!.entries).toEqual([
      { kind: 'param', name: 'inputPlansFile', value: 'plans_hwh_1pct.xml.gz' },
      { kind: 'comment', text: '1% sample of commuters, 15931 agents' },
    ]);
  });

  test('comments outside any module are kept after the last module', async () => {
    const config = await readConfig(sharedData('output-newwest-2024/input/config.xml'));
    expect(config.commentsAfter).toHaveLength(7);
    expect(config.commentsAfter![0]).toBe('\t<module name="replanning">');
    const text = await write(config);
    expect(text).toContain('\t<!-- \t<module name="replanning"> -->\n');
  });

  test('gzip-compressed configs read the same', async () => {
    const plain = readFileSync(sharedData('equil/config.xml'));
    expect(await readConfig(gzipSync(plain))).toEqual(await readConfig(plain));
  });

  test('config_v1 (modules with params only) is read, and written back as v2', async () => {
    const v1 = bytes(
      '<?xml version="1.0"?>\n<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v1.dtd">\n' +
        '<config><module name="controler"><param name="lastIteration" value="3"/></module>' +
        '<module name="strategy"><param name="Module_1" value="BestScore"/><param name="ModuleProbability_1" value="1"/></module></config>',
    );
    expect(await sniff(v1)).toBe('config_v1');
    const config = await readConfig(v1);
    expect(getParam(config, 'controller', 'lastIteration')).toBe('3');
    expect(strategySettings(config)).toEqual([{ strategyName: 'BestScore', weight: 1 }]);
    expect(await write(config)).toContain('config_v2.dtd');
  });
});

describe('naming', () => {
  test.each([
    ['configs/old-naming/equil_config_2021.xml', 'old'],
    ['configs/old-naming/output_config_matsim14-2022.xml', 'old'],
    ['configs/old-naming/mielec_drt_config_2023.xml', 'old'],
    ['configs/old-naming/equil-mixedTraffic_config-with-mode-vehicles.xml', 'old'],
    ['configs/new-naming/equil_config_2025.xml', 'new'],
    ['configs/new-naming/output_config_matsim2024.xml', 'new'],
    ['configs/new-naming/output_config_reduced_matsim2026.xml', 'new'],
    ['configs/new-naming/mielec_stop_based_drt_config.xml', 'new'],
  ])('%s uses the %s naming', async (file, naming) => {
    expect(configNaming(await readConfig(sharedData(file)))).toBe(naming);
  });

  test('module names map both ways; names without an alias stay', () => {
    expect(canonicalModuleName('planCalcScore')).toBe('scoring');
    expect(canonicalModuleName('JDEQSim')).toBe('jdeqsim');
    expect(canonicalModuleName('qsim')).toBe('qsim');
    expect(moduleNameFor('routing', 'old')).toBe('planscalcroute');
    expect(moduleNameFor('parallelEventHandling', 'new')).toBe('eventsManager');
    expect(moduleNameFor('TimeAllocationMutator', 'old')).toBe('TimeAllocationMutator');
  });

  test('MATSim 14’s full output config renamed to the new naming has the 2024 module names', async () => {
    const old = await readConfig(sharedData('configs/old-naming/output_config_matsim14-2022.xml'));
    const renamed = withNaming(old, 'new');
    expect(configNaming(renamed)).toBe('new');
    const names = renamed.modules.map((module) => module.name);
    for (const name of ['controller', 'scoring', 'replanning', 'routing', 'eventsManager', 'timeAllocationMutator', 'replanningAnnealer', 'jdeqsim']) {
      expect(names).toContain(name);
    }
    const scoring = renamed.modules.find((module) => module.name === 'scoring')!;
    expect(scoring.entries).toContainEqual({ kind: 'param', name: 'brainExpBeta', value: '2.0' });
    expect(scoring.entries).toContainEqual({ kind: 'param', name: 'pathSizeLogitBeta', value: '1.0' });
    expect(withNaming(renamed, 'old')).toEqual(old);
  });
});

describe('strategy settings', () => {
  const EQUIL = [
    { strategyName: 'BestScore', weight: 0.9 },
    { strategyName: 'ReRoute', weight: 0.1 },
  ];

  test('the old Module_N syntax and strategysettings parametersets give the same view', async () => {
    const old = await readConfig(sharedData('configs/old-naming/equil_config_2021.xml'));
    const current = await readConfig(sharedData('equil/config.xml'));
    const output = await readConfig(sharedData('output-equil-2024/output_config.xml'));
    expect(strategySettings(old)).toEqual(EQUIL);
    expect(strategySettings(current)).toEqual(EQUIL);
    // `disableAfterIteration -1` and `null` subpopulation/executionPath mean "unset".
    expect(strategySettings(output)).toEqual(EQUIL);
  });

  test('pt-tutorial has four strategies; mielec keeps the last plan', async () => {
    expect(strategySettings(await readConfig(sharedData('pt-tutorial/0.config.xml'))).map((s) => [s.strategyName, s.weight])).toEqual([
      ['BestScore', 0.7],
      ['ReRoute', 0.1],
      ['TimeAllocationMutator', 0.1],
      ['ChangeTripMode', 0.1],
    ]);
    expect(strategySettings(await readConfig(sharedData('drt-mielec/mielec_drt_config.xml')))).toEqual([
      { strategyName: 'KeepLastSelected', weight: 1 },
    ]);
  });

  test('every old key is read, grouped by its number', async () => {
    const config = await readConfig(
      bytes(
        '<config><module name="strategy">' +
          '<param name="Module_2" value="ReRoute"/><param name="ModuleProbability_2" value="0.2"/>' +
          '<param name="ModuleDisableAfterIteration_2" value="80"/><param name="ModuleSubpopulation_2" value="freight"/>' +
          '<param name="ModuleExePath_2" value="/opt/x"/><param name="Module_1" value="BestScore"/>' +
          '<param name="ModuleProbability_1" value="0.8"/></module></config>',
      ),
    );
    expect(strategySettings(config)).toEqual([
      { strategyName: 'ReRoute', weight: 0.2, disableAfterIteration: 80, subpopulation: 'freight', executionPath: '/opt/x' },
      { strategyName: 'BestScore', weight: 0.8 },
    ]);
  });

  test('a strategy without a name or a numeric weight is an error', async () => {
    const noWeight = await readConfig(bytes('<config><module name="replanning"><parameterset type="strategysettings"><param name="strategyName" value="ReRoute"/></parameterset></module></config>'));
    expect(() => strategySettings(noWeight)).toThrow(/weight of strategy ReRoute/);
    const noName = await readConfig(bytes('<config><module name="strategy"><param name="ModuleProbability_1" value="1"/></module></config>'));
    expect(() => strategySettings(noName)).toThrow(MatsimFormatError);
  });
});

describe('editing', () => {
  test('setParam changes the value getParam reads and leaves the original untouched', async () => {
    const config = await readConfig(sharedData('berlin-medium/config.xml'));
    const before = structuredClone(config);
    const changed = setParam(config, 'controller', 'lastIteration', '20');
    expect(config).toEqual(before);
    expect(getParam(changed, 'controler', 'lastIteration')).toBe('20');
    expect(changed.modules[3]!.entries[2]).toEqual({ kind: 'param', name: 'lastIteration', value: '20' });
  });

  test('a new param goes to the module’s last block, a new module follows the config’s naming', async () => {
    const old = await readConfig(sharedData('berlin-medium/config.xml'));
    const added = setParam(old, 'controller', 'writeEventsInterval', '5');
    expect(added.modules[4]!.entries.at(-1)).toEqual({ kind: 'param', name: 'writeEventsInterval', value: '5' });
    const withRouting = setParam(old, 'routing', 'networkModes', 'car,ride');
    expect(withRouting.modules.at(-1)).toEqual({
      name: 'planscalcroute',
      entries: [{ kind: 'param', name: 'networkModes', value: 'car,ride' }],
    });
    const scoring = setParam(old, 'scoring', 'pathSizeLogitBeta', '2');
    expect(scoring.modules[5]!.entries).toContainEqual({ kind: 'param', name: 'PathSizeLogitBeta', value: '2' });
    const current = await readConfig(sharedData('equil/config.xml'));
    expect(setParam(current, 'planCalcScore', 'BrainExpBeta', '3').modules.find((m) => m.name === 'scoring')!.entries).toContainEqual(
      { kind: 'param', name: 'brainExpBeta', value: '3' },
    );
  });
});

describe('writing', () => {
  const SMALL: Config = {
    modules: [
      {
        name: 'controller',
        commentsBefore: ['run settings'],
        entries: [
          { kind: 'param', name: 'lastIteration', value: '10' },
          { kind: 'param', name: 'runId', value: '' },
          { kind: 'comment', text: 'a -- b' },
          { kind: 'parameterset', type: 'x', entries: [{ kind: 'param', name: 'k', value: 'a<b & "c"' }] },
        ],
      },
      { name: 'empty', entries: [{ kind: 'comment', text: 'only a comment' }] },
      { name: 'blank', entries: [{ kind: 'param', name: 'value', value: '' }] },
    ],
  };

  test('MATSim style: tabs, " >" on open tags, a blank line before </config>', async () => {
    expect(await write(SMALL)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd">\n' +
        '<config>\n' +
        '\t<!-- run settings -->\n' +
        '\t<module name="controller" >\n' +
        '\t\t<param name="lastIteration" value="10" />\n' +
        '\t\t<param name="runId" value="" />\n' +
        '\t\t<!-- a - - b -->\n' +
        '\t\t<parameterset type="x" >\n' +
        '\t\t\t<param name="k" value="a&lt;b &amp; &quot;c&quot;" />\n' +
        '\t\t</parameterset>\n' +
        '\t</module>\n' +
        '\t<module name="empty" >\n' +
        '\t\t<!-- only a comment -->\n' +
        '\t</module>\n' +
        '\t<module name="blank" >\n' +
        '\t\t<param name="value" value="" />\n' +
        '\t</module>\n' +
        '\n</config>\n',
    );
  });

  test('editor style: 2 spaces, empty values dropped, modules without elements dropped', async () => {
    expect(await write(SMALL, 'editor')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<!DOCTYPE config SYSTEM "http://www.matsim.org/files/dtd/config_v2.dtd">\n' +
        '<config>\n' +
        '  <!-- run settings -->\n' +
        '  <module name="controller">\n' +
        '    <param name="lastIteration" value="10" />\n' +
        '    <!-- a - - b -->\n' +
        '    <parameterset type="x">\n' +
        '      <param name="k" value="a&lt;b &amp; &quot;c&quot;" />\n' +
        '    </parameterset>\n' +
        '  </module>\n' +
        '</config>\n',
    );
  });

  test('tabs and line breaks in a value survive a round trip', async () => {
    const config: Config = { modules: [{ name: 'a', entries: [{ kind: 'param', name: 'x', value: 'one\ntwo\tthree\r' }] }] };
    expect(await write(config)).toContain('value="one&#10;two&#9;three&#13;"');
    expect(await reread(config)).toEqual(config);
  });

  test('editor style on berlin drops the empty earliestEndTime and nothing else', async () => {
    const config = await readConfig(sharedData('berlin-medium/config.xml'));
    const editor = await write(config, 'editor');
    expect(editor).not.toContain('earliestEndTime');
    expect(editor).not.toContain('\t');
    const again = await readConfig(bytes(editor));
    const all = (c: Config) => c.modules.flatMap((module) => module.entries);
    expect(count(all(again), 'param')).toBe(count(all(config), 'param') - 1);
    expect(again.modules).toHaveLength(7);
  });

  test('editor style drops mielec’s empty dvrp module', async () => {
    const config = await readConfig(sharedData('drt-mielec/mielec_drt_config.xml'));
    expect(config.modules[0]).toEqual({ name: 'dvrp', entries: [] });
    const again = await readConfig(bytes(await write(config, 'editor')));
    expect(again.modules.map((module) => module.name)).toEqual(config.modules.slice(1).map((module) => module.name));
  });
});

describe('bad input', () => {
  test('a network is not a config', async () => {
    const error = await failure(sharedData('equil/network.xml'));
    expect(error.code).toBe('unexpected-root');
  });

  test('a config cut short is truncated, with a position', async () => {
    const text = readFileSync(sharedData('output-equil-2024/output_config.xml'));
    for (const cut of [0.1, 0.5, 0.99]) {
      const error = await failure(text.subarray(0, Math.floor(text.length * cut)));
      expect(error.code).toBe('truncated');
      expect(error.line).toBeGreaterThan(1);
    }
    const gz = gzipSync(text);
    expect((await failure(gz.subarray(0, gz.length - 20))).code).toBe('truncated');
  });

  test('malformed XML names the line', async () => {
    const error = await failure(bytes('<config>\n<module name="a">\n<param name="x" value="1">\n</module></config>'));
    expect(error.code).toBe('malformed-xml');
    expect(error.line).toBe(4);
  });

  test('entity declarations are refused', async () => {
    const error = await failure(bytes('<!DOCTYPE config [<!ENTITY x SYSTEM "file:///etc/passwd">]><config><module name="a"><param name="p" value="&x;"/></module></config>'));
    expect(error.code).toBe('forbidden-doctype');
  });

  test.each([
    ['a param without value', '<config><module name="a"><param name="x"/></module></config>', /no value attribute/],
    ['a module without name', '<config><module><param name="x" value="1"/></module></config>', /no name attribute/],
    ['a param outside a module', '<config><param name="x" value="1"/></config>', /<param> element cannot be inside <config>/],
    ['an unknown element', '<config><module name="a"><value>1</value></module></config>', /<value>/],
    ['a parameterset inside a param', '<config><module name="a"><param name="x" value="1"><parameterset type="t"/></param></module></config>', /inside <param>/],
  ])('%s is an invalid value', async (_name, xml, message) => {
    const error = await failure(bytes(xml));
    expect(error.code).toBe('invalid-value');
    expect(error.message).toMatch(message);
  });
});
