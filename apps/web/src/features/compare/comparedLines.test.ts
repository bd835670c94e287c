import { compareConfigs, parseConfigText } from '@corridor/matsim/config-text';
import { describe, expect, it } from 'vitest';
import { compareLines, countDifferences } from './compareLines.ts';

const p = (name: string, value: string) => `<param name="${name}" value="${value}"/>`;
const strategy = (name: string, weight: string, subpopulation?: string) =>
  `<parameterset type="strategysettings">${p('strategyName', name)}${p('weight', weight)}${subpopulation ? p('subpopulation', subpopulation) : ''}</parameterset>`;
const config = (modules: [string, string][]) =>
  parseConfigText(`<config>${modules.map(([name, body]) => `<module name="${name}">${body}</module>`).join('')}</config>`);

/** The lines as the table shows them: headings, and settings with their values (· = unset) and highlights (*). */
const shown = (configs: ReturnType<typeof config>[], onlyDifferences: boolean) =>
  compareLines(compareConfigs(configs, { onlyDifferences })).map((line) =>
    line.kind === 'module'
      ? line.name
      : line.kind === 'set'
        ? `${'  '.repeat(line.depth)}${line.type} ${line.label}`
        : `${'  '.repeat(line.depth)}${line.name}: ${line.values.map((value, index) => `${value ?? '·'}${line.highlighted[index] ? '*' : ''}`).join(' | ')}`,
  );

// The old naming (controler, strategy) against the new one (controller, replanning): the same settings match.
const OLD = config([
  ['controler', p('lastIteration', '10') + p('runId', 'base')],
  ['strategy', strategy('ReRoute', '0.1') + strategy('ChangeExpBeta', '0.8')],
]);
const NEW = config([
  ['controller', p('runId', 'base') + p('lastIteration', '3')],
  ['qsim', p('flowCapacityFactor', '0.5')],
  ['replanning', strategy('ChangeExpBeta', '0.7') + strategy('ReRoute', '0.1') + strategy('ChangeExpBeta', '0.5', 'freight')],
]);

describe('the compare table over compareConfigs', () => {
  it('only the differences, under canonical module names, strategy settings by strategy name', () => {
    expect(shown([OLD, NEW], true)).toEqual([
      'controller',
      '  lastIteration: 10* | 3*',
      'replanning',
      '  strategysettings ChangeExpBeta',
      '    weight: 0.8* | 0.7*',
      '  strategysettings ChangeExpBeta / freight',
      '    weight: ·* | 0.5*',
      'qsim',
      '  flowCapacityFactor: ·* | 0.5*',
    ]);
    expect(countDifferences(compareConfigs([OLD, NEW], { onlyDifferences: true }))).toBe(4);
  });

  it('all settings: the shared ones too, not highlighted', () => {
    const lines = shown([OLD, NEW], false);
    expect(lines).toContain('  runId: base | base');
    expect(lines).toContain('    weight: 0.1 | 0.1');
    expect(lines.filter((line) => line.includes('*'))).toHaveLength(4);
  });

  it('three runs: the odd one out is highlighted', () => {
    const third = config([['controller', p('lastIteration', '10')]]);
    expect(shown([OLD, third, NEW], true).slice(0, 2)).toEqual(['controller', '  lastIteration: 10 | 10 | 3*']);
  });
});
