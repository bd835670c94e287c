import { describe, expect, it } from 'vitest';
import { compareLines, countDifferences, type SettingRow } from './compareLines.ts';

const strategy = (label: string) => ({ type: 'strategysettings', label });
const row = (module: string, sets: SettingRow['sets'], param: string, ...values: (string | undefined)[]): SettingRow => ({
  module,
  sets,
  param,
  values,
  differs: new Set(values).size > 1,
});

const summary = (rows: SettingRow[]) =>
  compareLines(rows).map((line) =>
    line.kind === 'module'
      ? `module ${line.name}`
      : line.kind === 'set'
        ? `${'  '.repeat(line.depth)}set ${line.type} ${line.label}`
        : `${'  '.repeat(line.depth)}${line.name} ${line.values.map((value) => value ?? '∅').join('|')} ${line.highlighted.map(Number).join('')}`,
  );

describe('compareLines', () => {
  it('heads each module and parameter set once, nesting the settings below them', () => {
    const rows = [
      row('controller', [], 'lastIteration', '3', '1'),
      row('controller', [], 'runId', 'a', 'a'),
      row('qsim', [], 'flowCapacityFactor', '0.5', undefined),
      row('replanning', [strategy('ChangeExpBeta')], 'weight', '0.8', '0.7'),
      row('replanning', [strategy('ChangeExpBeta')], 'subpopulation', undefined, 'freight'),
      row('replanning', [strategy('ReRoute')], 'weight', '0.1', '0.1'),
    ];
    expect(summary(rows)).toEqual([
      'module controller',
      '  lastIteration 3|1 11',
      '  runId a|a 00',
      'module qsim',
      '  flowCapacityFactor 0.5|∅ 11',
      'module replanning',
      '  set strategysettings ChangeExpBeta',
      '    weight 0.8|0.7 11',
      '    subpopulation ∅|freight 11',
      '  set strategysettings ReRoute',
      '    weight 0.1|0.1 00',
    ]);
  });

  it('repeats only the deeper headings where a nested path changes', () => {
    const mode = (label: string) => ({ type: 'modeParams', label });
    const scoringSet = { type: 'scoringParameters', label: '#1' };
    const rows = [
      row('scoring', [], 'learningRate', '1.0', '0.5', '1.0'),
      row('scoring', [scoringSet, mode('car')], 'constant', '0', '-1', '0'),
      row('scoring', [scoringSet, mode('pt')], 'constant', '0', '0', '-2'),
    ];
    expect(summary(rows)).toEqual([
      'module scoring',
      '  learningRate 1.0|0.5|1.0 010',
      '  set scoringParameters #1',
      '    set modeParams car',
      '      constant 0|-1|0 010',
      '    set modeParams pt',
      '      constant 0|0|-2 001',
    ]);
  });

  it('gives every line a unique key, even for a module named twice', () => {
    const rows = [row('a', [], 'x', '1', '2'), row('b', [], 'y', '1', '2'), row('a', [], 'x', '1', '2')];
    const keys = compareLines(rows).map((line) => line.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(compareLines([])).toEqual([]);
  });
});

describe('countDifferences', () => {
  it('counts the settings whose values do not all agree (unset counts as a value)', () => {
    expect(countDifferences([row('a', [], 'x', '1', '1'), row('a', [], 'y', '1', '2'), row('a', [], 'z', undefined, '2')])).toBe(2);
    expect(countDifferences([])).toBe(0);
  });
});
