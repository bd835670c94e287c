/**
 * The job template's command as an argv array. The template is split on whitespace; each argument gets its
 * placeholders substituted once (a substituted value is never scanned again), $ENGINE and $ARGS expand to several
 * arguments. User text (program arguments, file names) only ever becomes whole argv entries: no shell sees it.
 */
import { splitProgramArgs } from '@corridor/contract';
import { engineScript } from '../install.ts';

export class CommandError extends Error {}

export interface CommandValues {
  /** The working config's absolute path. */
  config: string;
  /** The job's memory text, e.g. "4g" or "4096m". */
  memory: string;
  programArgs: string;
  /** The java executable ($JAVA). */
  java: string;
  /** The jar for $JAR, or why there is none (used as the error message when the command needs it). */
  jar: { path: string } | { problem: string };
  /** The argv of the built-in engine ($ENGINE): node and the corridor-engine script. */
  engine: readonly string[];
}

export interface BuiltCommand {
  argv: string[];
  /** Whether the command runs the built-in engine (it then gets NODE_OPTIONS for the memory). */
  usesEngine: boolean;
}

const PLACEHOLDER = /\$(JAVA|JAR|Xmx|CONFIG|ENGINE|ARGS)(?![A-Za-z0-9_])/g;

/** Splits on whitespace (no quoting: what the user typed, word by word): the contract's rule, so the words the server checks are the words a job gets. */
export const splitWords = splitProgramArgs;

export function buildCommand(template: string, values: CommandValues): BuiltCommand {
  const argv: string[] = [];
  let usesEngine = false;
  for (const word of splitWords(template)) {
    if (word === '$ARGS') {
      argv.push(...splitWords(values.programArgs));
      continue;
    }
    if (word === '$ENGINE') {
      argv.push(...values.engine);
      usesEngine = true;
      continue;
    }
    argv.push(
      word.replace(PLACEHOLDER, (_match, name: string) => {
        switch (name) {
          case 'JAVA':
            return values.java;
          case 'JAR':
            if ('problem' in values.jar) throw new CommandError(values.jar.problem);
            return values.jar.path;
          case 'Xmx':
            return values.memory;
          case 'CONFIG':
            return values.config;
          default:
            throw new CommandError(`$${name} must stand alone in the job command: ${word}`);
        }
      }),
    );
  }
  if (argv.length === 0) throw new CommandError('The job command is empty.');
  // No program can receive a NUL byte in an argument; spawn would throw.
  if (argv.some((arg) => arg.includes('\0'))) throw new CommandError('The job command or its program arguments contain a NUL character.');
  return { argv, usesEngine };
}

/** `node …/packages/engine/bin/corridor-engine.mjs` (or the bundle's `bin/corridor-engine.mjs`: install.ts). */
export function engineArgv(): string[] {
  return [process.execPath, engineScript()];
}

/** MB for NODE_OPTIONS=--max-old-space-size from a memory text: "4g" → 4096, "1500m" → 1500. */
export function memoryInMb(memory: string): number | undefined {
  const match = /^(\d+)([mg])$/i.exec(memory.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  return match[2]!.toLowerCase() === 'g' ? value * 1024 : value;
}

/** The environment a job's process gets: the runner's, without its token; NODE_OPTIONS for the built-in engine. */
export function jobEnvironment(base: NodeJS.ProcessEnv, command: BuiltCommand, memory: string, hidden: readonly string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const key of hidden) delete env[key];
  if (command.usesEngine) {
    const mb = memoryInMb(memory);
    if (mb) env.NODE_OPTIONS = `--max-old-space-size=${mb}`;
    else delete env.NODE_OPTIONS;
  }
  return env;
}
