import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMAND_TEMPLATES } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommand, CommandError, engineArgv, jobEnvironment, memoryInMb, splitWords, type CommandValues } from './command.ts';

const ENGINE = ['/usr/bin/node', '/opt/corridor/packages/engine/bin/corridor-engine.mjs'];
const values = (overrides: Partial<CommandValues> = {}): CommandValues => ({
  config: '/work/job-1/input/corridor-working-config.xml',
  memory: '4g',
  programArgs: '',
  java: 'java',
  jar: { path: '/work/job-1/input/matsim.jar' },
  engine: ENGINE,
  ...overrides,
});
const [builtIn, standard, withCorridor] = COMMAND_TEMPLATES.map((t) => t.command) as [string, string, string];

describe('buildCommand', () => {
  it('runs the built-in engine as node + corridor-engine with the config and the program arguments', () => {
    const command = buildCommand(builtIn, values({ programArgs: '  --config:controller.lastIteration=2   --output /tmp/x ' }));
    expect(command.argv).toEqual([...ENGINE, values().config, '--config:controller.lastIteration=2', '--output', '/tmp/x']);
    expect(command.usesEngine).toBe(true);
  });

  it('substitutes $JAVA, $Xmx inside an argument, $JAR and $CONFIG for the MATSim templates', () => {
    expect(buildCommand(standard, values({ memory: '4096m' })).argv).toEqual([
      'java',
      '-Xmx4096m',
      '-cp',
      '/work/job-1/input/matsim.jar',
      'org.matsim.run.RunMatsim',
      values().config,
    ]);
    const command = buildCommand(withCorridor, values({ java: '/opt/jdk/bin/java' }));
    expect(command.argv).toEqual(['/opt/jdk/bin/java', '-Xmx4g', '-jar', '/work/job-1/input/matsim.jar', values().config]);
    expect(command.usesEngine).toBe(false);
  });

  it('passes shell syntax in the program arguments through as literal argv entries', () => {
    const programArgs = '; rm -rf / $(whoami) `id` && echo $HOME | cat > /tmp/owned $CONFIG $JAR "quoted words"';
    const { argv } = buildCommand(builtIn, values({ programArgs }));
    expect(argv.slice(3)).toEqual([
      ';', 'rm', '-rf', '/', '$(whoami)', '`id`', '&&', 'echo', '$HOME', '|', 'cat', '>', '/tmp/owned', '$CONFIG', '$JAR', '"quoted', 'words"',
    ]);
  });

  it('never scans a substituted value again', () => {
    const { argv } = buildCommand('$JAVA -Dx=$CONFIG', values({ config: '/tmp/$JAR/$(whoami).xml' }));
    expect(argv).toEqual(['java', '-Dx=/tmp/$JAR/$(whoami).xml']);
  });

  it('explains why $JAR has no value', () => {
    expect(() => buildCommand(withCorridor, values({ jar: { problem: 'No jar for MATSim 2025.0.' } }))).toThrow(
      new CommandError('No jar for MATSim 2025.0.'),
    );
    // …but a command without $JAR does not need one.
    expect(buildCommand(builtIn, values({ jar: { problem: 'none' } })).argv).toHaveLength(3);
  });

  it('refuses $ENGINE or $ARGS inside another argument, and an empty command', () => {
    expect(() => buildCommand('--x=$ARGS', values())).toThrow(CommandError);
    expect(() => buildCommand('   ', values())).toThrow('The job command is empty.');
    expect(() => buildCommand(builtIn, values({ programArgs: 'a\0b' }))).toThrow(
      'The job command or its program arguments contain a NUL character.',
    );
  });
});

describe('a spawned command', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'runner-argv-'));
    await writeFile(path.join(dir, 'print-argv.mjs'), 'console.log(JSON.stringify(process.argv.slice(2)));\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('receives user text exactly as typed, one word per argument, with no shell in between', async () => {
    const marker = path.join(dir, 'owned');
    const programArgs = `; touch ${marker} $(touch ${marker}) \`touch ${marker}\` && whoami | cat`;
    const { argv } = buildCommand('$JAVA $CONFIG $ARGS', values({ java: process.execPath, config: path.join(dir, 'print-argv.mjs'), programArgs }));
    const printed = await new Promise<string>((resolve, reject) => {
      const child = spawn(argv[0]!, argv.slice(1), { shell: false });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(out));
    });
    expect(JSON.parse(printed)).toEqual(splitWords(programArgs));
    await expect(stat(marker)).rejects.toThrow(/ENOENT/);
  });
});

describe('engine and environment', () => {
  it('finds the corridor-engine script through the @corridor/engine package', async () => {
    const [node, script] = engineArgv();
    expect(node).toBe(process.execPath);
    expect(script).toMatch(/packages[/\\]engine[/\\]bin[/\\]corridor-engine\.mjs$/);
    expect((await stat(script!)).isFile()).toBe(true);
  });

  it('turns the memory text into MB', () => {
    expect(memoryInMb('4g')).toBe(4096);
    expect(memoryInMb('1500M')).toBe(1500);
    expect(memoryInMb('lots')).toBeUndefined();
  });

  it('gives the built-in engine its memory as NODE_OPTIONS and never the runner token', () => {
    const base = { PATH: '/bin', CORRIDOR_RUNNER_TOKEN: 'secret', NODE_OPTIONS: '--inspect' };
    const engine = jobEnvironment(base, { argv: ENGINE, usesEngine: true }, '2g', ['CORRIDOR_RUNNER_TOKEN']);
    expect(engine).toEqual({ PATH: '/bin', NODE_OPTIONS: '--max-old-space-size=2048' });
    const java = jobEnvironment(base, { argv: ['java'], usesEngine: false }, '2g', ['CORRIDOR_RUNNER_TOKEN']);
    expect(java).toEqual({ PATH: '/bin', NODE_OPTIONS: '--inspect' });
  });
});
