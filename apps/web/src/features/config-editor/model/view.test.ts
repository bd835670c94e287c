import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getParam, parseConfigText, writeConfigText } from '@corridor/matsim/config-text';
import { describe, expect, test } from 'vitest';
import { CONFIG_SCHEMA } from '../schema/schema.ts';
import { appendToSet, groupEntries, writeAtPath, writeValue } from './binding.ts';
import { allParamPaths, entryView, fieldDoc, formView, shownParamPaths } from './view.ts';

const DATA = fileURLToPath(new URL('../../../../../../../shared/data/', import.meta.url));

/** Every MATSim config under ../shared/data (inputs, output configs, reduced ones, contrib configs). */
function sharedConfigs(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/config[^/]*\.xml$/.test(name)) out.push(relative(DATA, path));
    }
  };
  walk(DATA);
  return out.sort();
}
const load = (path: string) => parseConfigText(readFileSync(join(DATA, path), 'utf8'));
const EQUIL_OUTPUT = 'output-equil-2024/output_config.xml';

describe('what the form shows', () => {
  test('every param of every ../shared/data config shows at every level', () => {
    const files = sharedConfigs();
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const config = load(file);
      const all = [...allParamPaths(config)];
      for (const level of ['beginner', 'advanced', 'expert'] as const) {
        const shown = shownParamPaths(CONFIG_SCHEMA, config, level);
        expect(all.filter((path) => !shown.has(path)), `${file} at ${level}`).toEqual([]);
      }
    }
  });

  test('the params expert hid before (randomSeed, coordinateSystem, outputDirectory, firstIteration, the input files) show at beginner', () => {
    const config = load('equil/config.xml');
    const tabs = formView(CONFIG_SCHEMA, config, 'beginner');
    const names = (module: string) => {
      const tab = tabs.find((view) => view.module === module);
      return [...(tab?.fields.map((field) => field.label) ?? []), ...(tab?.params.map((param) => param.name) ?? [])];
    };
    expect(names('global')).toEqual(expect.arrayContaining(['randomSeed', 'coordinateSystem']));
    expect(names('controller')).toEqual(expect.arrayContaining(['outputDirectory', 'lastIteration']));
    expect(names('network')).toEqual(['inputNetworkFile']);
    expect(names('plans')).toEqual(['inputPlansFile']);
    const randomSeed = tabs.find((view) => view.module === 'global')!.params.find((param) => param.name === 'randomSeed')!;
    expect(randomSeed).toMatchObject({ value: '4711', doc: { default: '4711' } });
    // A full output config: every controller and qsim param, at beginner too.
    const output = formView(CONFIG_SCHEMA, load(EQUIL_OUTPUT), 'beginner');
    const params = (module: string) => output.find((view) => view.module === module)!.params.map((param) => param.name);
    expect(params('controller')).toEqual(expect.arrayContaining(['firstIteration', 'outputDirectory']));
    expect(params('qsim')).toEqual(expect.arrayContaining(['startTime', 'timeStepSize']));
  });

  test('levels decide what shows of params the file lacks; expert offers every param MATSim documents', () => {
    const config = load('equil/config.xml');
    const controller = (level: 'beginner' | 'expert') => formView(CONFIG_SCHEMA, config, level).find((view) => view.module === 'controller')!;
    expect(controller('beginner').params.filter((param) => param.path === undefined)).toEqual([]);
    const offered = controller('expert').params.filter((param) => param.path === undefined);
    expect(offered.map((param) => param.name)).toContain('writeTripsInterval');
    expect(offered.find((param) => param.name === 'writeTripsInterval')!.doc).toMatchObject({ default: '50', description: expect.stringMatching(/trips CSV/) });
    // Schema fields keep their own field (not offered twice); MATSim renamed createGraphs away: not offered in a new file.
    expect(offered.map((param) => param.name)).not.toContain('lastIteration');
    // A tab for modules the file lacks only where the schema has one (counts is no tab of equil's config), and a
    // strategy-dependent one only while such a strategy is selected.
    const tabs = formView(CONFIG_SCHEMA, config, 'expert').map((view) => view.module);
    expect(tabs).not.toContain('counts');
    expect(tabs).not.toContain('subtourModeChoice');
  });

  test('schema fields carry MATSim description and default; group fields by their parameterset', () => {
    const lastIteration = CONFIG_SCHEMA.find((tab) => tab.module === 'controller')!.items.find((item) => item.id === 'controller.lastIteration')!;
    expect(fieldDoc(lastIteration as never)).toEqual({ description: 'Default=1000. Last Iteration of a simulation.', default: '1000' });
    const strategies = CONFIG_SCHEMA.flatMap((tab) => tab.items).find((item) => item.id === 'replanning.strategysettings')!;
    if (strategies.kind !== 'group') throw new Error('not a group');
    expect(fieldDoc(strategies.fields.find((field) => field.binding === 'weight')!, strategies)?.description).toMatch(/proportional to its weight/);
  });

  test('scoring: scoringParameters params show as a set; activityParams entries show their other params (priority)', () => {
    const config = load(EQUIL_OUTPUT);
    const scoring = formView(CONFIG_SCHEMA, config, 'beginner').find((view) => view.module === 'scoring')!;
    expect(scoring.sets.map((set) => set.type)).toEqual(['scoringParameters']);
    expect(scoring.sets[0]!.params.map((param) => param.name)).toContain('performing');
    expect(scoring.sets[0]!.sets).toEqual([]);
    const activities = scoring.groups.find((group) => group.id === 'scoring.activityParams')!;
    const first = entryView(config, activities, groupEntries(config, activities)[0]!, 'beginner');
    expect(first.params.map((param) => param.name)).toEqual(expect.arrayContaining(['priority', 'scoringThisActivityAtAll']));
    // Set at the beginner level because the file has them: the advanced fields of the entry.
    expect(first.fields.map((field) => field.label)).toEqual(expect.arrayContaining(['activityType', 'typicalDuration', 'minimalDuration', 'latestStartTime']));
  });

  test('editing a plain field: a param the file has changes in place; an offered one is added', () => {
    const config = load('equil/config.xml');
    const global = formView(CONFIG_SCHEMA, config, 'expert').find((view) => view.module === 'global')!;
    const seed = global.params.find((param) => param.name === 'randomSeed')!;
    const changed = writeAtPath(config, seed.path!, '42');
    expect(getParam(changed, 'global', 'randomSeed')).toBe('42');
    expect(getParam(writeValue(config, 'global.defaultDelimiter', ','), 'global', 'defaultDelimiter')).toBe(',');
    const output = load(EQUIL_OUTPUT);
    const scoring = formView(CONFIG_SCHEMA, output, 'expert').find((view) => view.module === 'scoring')!;
    const set = scoring.sets[0]!;
    const added = appendToSet(output, set.path, 'someNewParam', '1');
    expect(writeConfigText(added)).toContain('<param name="someNewParam" value="1" />');
    expect(appendToSet(output, set.path, 'someNewParam', '')).toBe(output);
  });
});
