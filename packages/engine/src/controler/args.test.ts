import { describe, expect, it } from 'vitest';
import { configOverrides, parseArgs, UsageError } from './args.ts';

describe('parseArgs', () => {
  it('reads the config path, overrides in both spellings and the output directory', () => {
    expect(
      parseArgs(['config.xml', '--config:controler.lastIteration=5', '--config:qsim.flowCapacityFactor', '0.1', '--output', 'out']),
    ).toEqual({
      configPath: 'config.xml',
      overrides: [
        { module: 'controler', param: 'lastIteration', value: '5' },
        { module: 'qsim', param: 'flowCapacityFactor', value: '0.1' },
      ],
      outputDir: 'out',
    });
    expect(parseArgs(['--output=o', 'c.xml']).outputDir).toBe('o');
    expect(parseArgs(['c.xml', '--config:global.randomSeed=1=2']).overrides[0]!.value).toBe('1=2');
  });

  it.each([
    [[], 'No config file'],
    [['a.xml', 'b.xml'], 'only one config'],
    [['a.xml', '--verbose'], 'Unknown option --verbose'],
    [['a.xml', '--config:lastIteration=3'], 'module.param'],
    [['a.xml', '--output'], 'needs a value'],
    [['a.xml', '--config:scoring.scoringParameters.performing=6'], 'parametersets'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe('configOverrides', () => {
  it('reads the overrides of program arguments by the same rule, ignoring every other word and malformed overrides', () => {
    expect(
      configOverrides(['--seed', '3', '--config:controler.lastIteration=5', '--config:qsim.endTime', '30:00:00', '--config:bad', '--config:a.b.c=1', 'x.xml', '--config:global.randomSeed=1=2', '--config:qsim.flowCapacityFactor']),
    ).toEqual([
      { module: 'controler', param: 'lastIteration', value: '5' },
      { module: 'qsim', param: 'endTime', value: '30:00:00' },
      { module: 'global', param: 'randomSeed', value: '1=2' },
    ]);
    expect(configOverrides([])).toEqual([]);
  });
});
