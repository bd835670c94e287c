import { CONFIG_EDITOR_LEVELS, CONFIG_EDITOR_MESSAGES } from '@corridor/contract';
import { describe, expect, test } from 'vitest';
import en from '../../../i18n/en.json';
import { CONFIG_SCHEMA, DRT_OPERATIONAL_SCHEMES, ROUTING_ALGORITHMS, STRATEGY_CHOICES } from './schema.ts';
import type { Field, Item, Level } from './types.ts';

const items: Item[] = CONFIG_SCHEMA.flatMap((tab) => [...tab.items]);
const allFields: Field[] = items.flatMap((item) => (item.kind === 'group' ? [...item.fields] : [item]));
const shownAt = (level: Level) =>
  items.flatMap((item) => (item.kind === 'group' ? (item.levels.includes(level) ? item.fields : []) : [item])).filter((field) => field.levels.includes(level));

describe('the configuration schema', () => {
  test('covers the modules of spec 1 §3.1', () => {
    expect(CONFIG_SCHEMA.map((tab) => tab.module)).toEqual([
      'controller',
      'qsim',
      'eventsManager',
      'transit',
      'global',
      'replanning',
      'timeAllocationMutator',
      'subtourModeChoice',
      'routing',
      'scoring',
      'dvrp',
      'multiModeDrt',
    ]);
  });

  test('ids are unique and every item has a kind, label, binding and levels', () => {
    const everything = [...items.filter((item) => item.kind === 'group'), ...allFields];
    const ids = everything.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of everything) {
      expect(item.label, item.id).not.toBe('');
      expect(item.binding, item.id).not.toBe('');
      expect(item.levels.length, item.id).toBeGreaterThan(0);
    }
  });

  test('expert shows more than advanced, advanced more than beginner, each including the one below', () => {
    const [beginner, advanced, expert] = CONFIG_EDITOR_LEVELS.map((level) => shownAt(level).map((field) => field.id));
    expect(advanced!.length).toBeGreaterThan(beginner!.length);
    expect(expert!.length).toBeGreaterThan(advanced!.length);
    expect(advanced).toEqual(expect.arrayContaining(beginner!));
    expect(expert).toEqual(expect.arrayContaining(advanced!));
  });

  test('the choices of spec 1 §9', () => {
    expect(STRATEGY_CHOICES.beginner).toEqual(STRATEGY_CHOICES.advanced);
    expect(STRATEGY_CHOICES.expert.slice(STRATEGY_CHOICES.beginner.length)).toEqual([
      'SelectExpBeta',
      'KeepLastSelected',
      'SelectRandom',
      'ChangeSingleLegMode',
      'ChangeSingleTripMode',
      'TripSubtourModeChoice',
    ]);
    const select = (id: string) => allFields.find((field) => field.id === id);
    expect(select('replanning.strategysettings.strategyName')).toMatchObject({ kind: 'select', options: { custom: true } });
    expect(select('controller.routingAlgorithmType')).toMatchObject({ options: { values: ROUTING_ALGORITHMS, custom: false } });
    expect(select('multiModeDrt.drt.operationalScheme')).toMatchObject({ options: { values: DRT_OPERATIONAL_SCHEMES, custom: false } });
    expect(DRT_OPERATIONAL_SCHEMES[0]).toBe('door2door');
    const files = allFields.filter((field) => field.kind === 'fileSelect').map((field) => field.label);
    expect(files).toEqual(['drtServiceAreaShapeFile', 'transitStopFile', 'vehiclesFile']);
  });

  test('the English texts are the spec messages of the contract', () => {
    const texts = en.configEditor;
    expect({
      unsaved: texts.unsaved,
      saving: texts.saving,
      saved: texts.saved,
      removeGroupTitle: texts.removeGroupTitle,
      removeGroupText: texts.removeGroupText,
      removeGroupConfirm: texts.removeGroupConfirm,
      editXml: texts.editXml,
      hideXml: texts.hideXml,
      save: texts.save,
    }).toEqual(CONFIG_EDITOR_MESSAGES);
  });
});
