import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canonicalModuleName, configNaming, parseConfigText, writeConfigText, type Config, type ConfigEntry } from '@corridor/matsim/config-text';
import { describe, expect, test } from 'vitest';
import { CONFIG_SCHEMA } from '../schema/schema.ts';
import type { Field, GroupItem } from '../schema/types.ts';
import {
  addEntry,
  groupEntries,
  moduleNameIn,
  readEntryValue,
  readValue,
  removeEntry,
  splitBinding,
  writeEntryValue,
  writeValue,
} from './binding.ts';
import { selectedStrategies, validate } from './form.ts';

const DATA = fileURLToPath(new URL('../../../../../../../shared/data/', import.meta.url));
const read = (path: string) => readFileSync(`${DATA}${path}`, 'utf8');
const load = (path: string) => parseConfigText(read(path));

const CONFIG_FILES = [
  ...['configs/old-naming', 'configs/new-naming'].flatMap((dir) => readdirSync(`${DATA}${dir}`).map((name) => `${dir}/${name}`)),
  'equil/config.xml',
  'pt-tutorial/0.config.xml',
  ...readdirSync(`${DATA}drt-mielec`).filter((name) => name.endsWith('config.xml')).map((name) => `drt-mielec/${name}`),
];

const fields = CONFIG_SCHEMA.flatMap((tab) => tab.items.filter((item): item is Field => item.kind !== 'group'));
const groups = CONFIG_SCHEMA.flatMap((tab) => tab.items.filter((item): item is GroupItem => item.kind === 'group'));
const group = (id: string) => groups.find((item) => item.id === id)!;
const field = (g: GroupItem, binding: string) => g.fields.find((item) => item.binding === binding || item.label === binding)!;

/** The values of one group's field, entry by entry. */
function column(config: Config, groupId: string, binding: string): (string | undefined)[] {
  const g = group(groupId);
  return groupEntries(config, g).map((ref) => readEntryValue(config, ref, field(g, binding)));
}

/** The last value of a param written directly in a module with exactly this name (no alias resolution). */
function rawParam(config: Config, moduleName: string, param: string): string | undefined {
  let value: string | undefined;
  for (const module of config.modules.filter((found) => found.name === moduleName)) {
    for (const entry of module.entries) if (entry.kind === 'param' && entry.name === param) value = entry.value;
  }
  return value;
}

/** The config as the editor saves it: empty values and modules without params or parametersets dropped. */
function dropEmpty(config: Config): Config {
  const clean = (entries: ConfigEntry[]): ConfigEntry[] =>
    entries
      .filter((entry) => entry.kind !== 'param' || entry.value.trim() !== '')
      .map((entry) => (entry.kind === 'parameterset' ? { ...entry, entries: clean(entry.entries) } : entry));
  return {
    ...config,
    modules: config.modules
      .map((module) => ({ ...module, entries: clean(module.entries) }))
      .filter((module) => module.entries.some((entry) => entry.kind !== 'comment')),
  };
}

test('the test set holds configs of both namings', () => {
  const namings = CONFIG_FILES.map((path) => configNaming(load(path)));
  expect(namings.filter((naming) => naming === 'old').length).toBeGreaterThanOrEqual(5);
  expect(namings.filter((naming) => naming === 'new').length).toBeGreaterThanOrEqual(5);
});

describe.each(CONFIG_FILES)('the schema on %s', (path) => {
  const config = load(path);
  const naming = configNaming(config);

  test('every module-level binding reads the module of the file naming, with the value the file has', () => {
    for (const item of fields) {
      const { module, rest } = splitBinding(item.binding);
      const name = moduleNameIn(config, module);
      // Every module of that kind in the file carries the name of the file's naming.
      for (const found of config.modules.filter((m) => canonicalModuleName(m.name) === module)) expect(found.name).toBe(name);
      expect(readValue(config, item.binding), item.id).toBe(rawParam(config, name, rest));
    }
  });

  test('every group finds its entries in the module of the file naming', () => {
    for (const g of groups) {
      const { module } = splitBinding(g.binding);
      for (const ref of groupEntries(config, g)) {
        const index = ref.kind === 'set' ? ref.path[0]! : ref.module;
        expect(config.modules[index]!.name).toBe(moduleNameIn(config, module));
      }
    }
  });

  test('a config MATSim reads has no invalid value', () => {
    expect(validate(CONFIG_SCHEMA, config)).toEqual([]);
  });

  test('saving without edits changes nothing but dropping empty values and empty modules', () => {
    const saved = parseConfigText(writeConfigText(config, { style: 'editor' }));
    expect(saved).toEqual(dropEmpty(config));
    // Writing back every value the form shows changes nothing either.
    let same = config;
    for (const item of fields) {
      const value = readValue(same, item.binding);
      if (value !== undefined) same = writeValue(same, item.binding, value);
    }
    for (const g of groups) {
      for (const ref of groupEntries(same, g)) {
        for (const f of g.fields) {
          const value = readEntryValue(same, ref, f);
          if (value !== undefined) same = writeEntryValue(same, ref, f, value);
        }
      }
    }
    expect(writeConfigText(same, { style: 'editor' })).toBe(writeConfigText(config, { style: 'editor' }));
    expect(naming).toBe(configNaming(same));
  });
});

describe('values read from the files', () => {
  test('equil (new naming): controller, strategies, activities', () => {
    const config = load('equil/config.xml');
    expect(configNaming(config)).toBe('new');
    expect(readValue(config, 'controller.lastIteration')).toBe('10');
    expect(column(config, 'replanning.strategysettings', 'strategyName')).toEqual(['BestScore', 'ReRoute']);
    expect(column(config, 'replanning.strategysettings', 'weight')).toEqual(['0.9', '0.1']);
    expect(column(config, 'scoring.activityParams', 'activityType')).toEqual(['h', 'w']);
    expect(column(config, 'scoring.activityParams', 'openingTime')).toEqual([undefined, '07:00:00']);
  });

  test('equil 2021 (old naming): controler and the flat Module_N strategies', () => {
    const config = load('configs/old-naming/equil_config_2021.xml');
    expect(configNaming(config)).toBe('old');
    expect(readValue(config, 'controller.lastIteration')).toBe(rawParam(config, 'controler', 'lastIteration'));
    expect(column(config, 'replanning.strategysettings', 'strategyName')).toEqual(
      config.modules
        .find((m) => m.name === 'strategy')!
        .entries.flatMap((entry) => (entry.kind === 'param' && /^Module_\d+$/.test(entry.name) ? [entry.value] : [])),
    );
  });

  test('pt-tutorial (old naming): scoring params inside scoringParameters, qsim end time', () => {
    const config = load('pt-tutorial/0.config.xml');
    expect(readValue(config, 'qsim.endTime')).toBe('30:00:00');
    expect(column(config, 'scoring.activityParams', 'activityType')).toEqual(['h', 'w', 's']);
    expect(column(config, 'scoring.activityParams', 'typicalDuration')).toEqual(['12:00:00', '08:00:00', '00:40:00']);
    expect(column(config, 'scoring.modeParams', 'mode')).toEqual(['car', 'pt', 'walk']);
    expect(column(config, 'scoring.modeParams', 'marginalUtilityOfTraveling_util_hr')).toEqual(['-6.0', undefined, undefined]);
    expect(selectedStrategies(config)).toEqual(['BestScore', 'ReRoute', 'TimeAllocationMutator', 'ChangeTripMode']);
    expect(readValue(config, 'transit.useTransit')).toBe('true');
  });

  test('mielec: DRT operators in the old and the new layout', () => {
    const old = load('drt-mielec/mielec_drt_config.xml');
    const stopBased = load('drt-mielec/mielec_stop_based_drt_config.xml');
    expect(column(old, 'multiModeDrt.drt', 'maxWaitTime')).toEqual(['600']);
    expect(column(stopBased, 'multiModeDrt.drt', 'maxWaitTime')).toEqual(['600']);
    expect(column(old, 'multiModeDrt.drt', 'cellSize')).toEqual(['500']);
    expect(column(stopBased, 'multiModeDrt.drt', 'cellSize')).toEqual(['500']);
    expect(column(stopBased, 'multiModeDrt.drt', 'operationalScheme')).toEqual(['stopbased']);
    expect(column(stopBased, 'multiModeDrt.drt', 'transitStopFile')).toEqual(['drtstops_wLinkIds_lessStops.xml']);
    expect(column(old, 'multiModeDrt.drt', 'vehiclesFile')).toEqual(['vehicles-10-cap-4.xml']);
    expect(column(old, 'scoring.activityParams', 'typicalDuration')).toEqual(['24:00:00']);
    expect(selectedStrategies(stopBased)).toEqual(['KeepLastSelected']);
  });
});

describe('writing with the file naming', () => {
  test('a new module gets the name of the file naming', () => {
    const old = writeValue(load('pt-tutorial/0.config.xml'), 'timeAllocationMutator.mutationRange', '900');
    expect(old.modules.at(-1)).toEqual({ name: 'TimeAllocationMutator', entries: [{ kind: 'param', name: 'mutationRange', value: '900' }] });
    const fresh = writeValue(load('equil/config.xml'), 'eventsManager.numberOfThreads', '2');
    expect(fresh.modules.at(-1)!.name).toBe('eventsManager');
    expect(writeValue(load('equil/config.xml'), 'qsim.endTime', '')).toEqual(load('equil/config.xml'));
  });

  test('an existing value changes in place', () => {
    const config = writeValue(load('configs/old-naming/equil_config_2021.xml'), 'controller.lastIteration', '42');
    expect(rawParam(config, 'controler', 'lastIteration')).toBe('42');
    expect(config.modules.map((m) => m.name)).toEqual(load('configs/old-naming/equil_config_2021.xml').modules.map((m) => m.name));
  });

  test('a DRT value goes where the file keeps it, a missing one where the file naming keeps it', () => {
    const drt = group('multiModeDrt.drt');
    const old = load('drt-mielec/mielec_drt_config.xml');
    const [oldRef] = groupEntries(old, drt);
    const changed = writeEntryValue(old, oldRef!, field(drt, 'maxWaitTime'), '900');
    expect(writeConfigText(changed, { style: 'editor' })).toContain('<param name="maxWaitTime" value="900" />');
    expect(writeConfigText(changed, { style: 'editor' })).not.toContain('drtOptimizationConstraints');

    const stopBased = load('drt-mielec/mielec_stop_based_drt_config.xml');
    const [ref] = groupEntries(stopBased, drt);
    const withFare = writeEntryValue(stopBased, ref!, field(drt, 'basefare'), '2.5');
    expect(readEntryValue(withFare, ref!, field(drt, 'basefare'))).toBe('2.5');
    expect(writeConfigText(withFare, { style: 'editor' })).toMatch(
      /<parameterset type="drtfare">\n {8}<param name="basefare" value="2.5" \/>\n {6}<\/parameterset>/,
    );
  });

  test('flat Module_N strategies change and go away as one entry', () => {
    const strategies = group('replanning.strategysettings');
    const config = load('drt-mielec/mielec_stop_based_drt_config.xml');
    const [ref] = groupEntries(config, strategies);
    expect(ref).toEqual({ kind: 'flat', module: expect.any(Number), suffix: '1' });
    const weighted = writeEntryValue(config, ref!, field(strategies, 'weight'), '0.5');
    expect(rawParam(weighted, 'replanning', 'ModuleProbability_1')).toBe('0.5');
    const removed = removeEntry(weighted, ref!, strategies);
    expect(groupEntries(removed, strategies)).toEqual([]);
    expect(rawParam(removed, 'replanning', 'maxAgentPlanMemorySize')).toBe('1');
  });

  test('adding and removing a strategy', () => {
    const strategies = group('replanning.strategysettings');
    const config = load('equil/config.xml');
    const added = addEntry(config, strategies);
    expect(column(added, 'replanning.strategysettings', 'strategyName')).toEqual(['BestScore', 'ReRoute', 'ReRoute']);
    const refs = groupEntries(added, strategies);
    const renamed = writeEntryValue(added, refs[2]!, field(strategies, 'strategyName'), 'SubtourModeChoice');
    expect(selectedStrategies(renamed)).toContain('SubtourModeChoice');
    expect(removeEntry(renamed, refs[2]!, strategies)).toEqual(config);
  });

  test('a new activity goes into scoringParameters when the file keeps them there', () => {
    const activities = group('scoring.activityParams');
    const added = addEntry(load('pt-tutorial/0.config.xml'), activities);
    const refs = groupEntries(added, activities);
    expect(refs).toHaveLength(4);
    const [first] = refs;
    const scoring = first?.kind === 'set' ? first.path[0] : -1;
    expect(refs[3]).toEqual({ kind: 'set', path: [scoring, expect.any(Number), expect.any(Number)] });
    expect(validate(CONFIG_SCHEMA, added).map((error) => error.fieldId)).toEqual([
      'scoring.activityParams.activityType',
      'scoring.activityParams.typicalDuration',
    ]);
  });
});
