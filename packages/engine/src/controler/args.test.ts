import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.ts';

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
