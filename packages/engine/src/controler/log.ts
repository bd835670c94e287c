/**
 * logfile.log and logfileWarningsErrors.log in MATSim's log4j pattern `%d{ISO8601} %5p %C{1}:%L %m%n`, so tools
 * that read MATSim logs (the job page's iteration progress, memory chart) read ours too. The "class:line" part names
 * the MATSim class that logs the same message (AbstractController for ITERATION lines, MemoryObserver for memory).
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type LogLevel = 'INFO' | 'WARN' | 'ERROR';

export interface EngineLog {
  info(source: string, message: string): void;
  warn(source: string, message: string): void;
  error(source: string, message: string): void;
  /** A MemoryObserver line with this process's heap figures. */
  memory(): void;
  close(): void;
}

/** The variable that puts stack traces into the log and on stderr (for engine developers). */
export const DEBUG_ENV = 'CORRIDOR_DEBUG';

/** What the log and stderr show of an error: its message; with CORRIDOR_DEBUG set, its stack (source paths) too. */
export function errorText(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  if (!(error instanceof Error)) return String(error);
  return env[DEBUG_ENV] ? (error.stack ?? error.message) : error.message;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** log4j's ISO8601 date: local time, `2024-08-30T08:26:39,924`. */
export function iso8601(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())},${pad(date.getMilliseconds(), 3)}`
  );
}

export function formatLogLine(date: Date, level: LogLevel, source: string, message: string): string {
  return `${iso8601(date)} ${level.padStart(5)} ${source} ${message}\n`;
}

/** MemoryObserver's message: the JVM's used/free/total become V8 heap used / total − used / total. */
export function memoryMessage(memory: NodeJS.MemoryUsage = process.memoryUsage()): string {
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const total = memory.heapTotal + (memory.external ?? 0);
  const used = memory.heapUsed + (memory.external ?? 0);
  return `used RAM: ${mb(used)} MB  free: ${mb(total - used)} MB  total: ${mb(total)} MB`;
}

export interface LogOptions {
  /** Receives every line as well (the CLI prints them). */
  echo?: (line: string) => void;
  now?: () => Date;
}

export function openLog(outputDirectory: string, options: LogOptions = {}): EngineLog {
  mkdirSync(outputDirectory, { recursive: true });
  const all = openSync(join(outputDirectory, 'logfile.log'), 'a');
  const warnings = openSync(join(outputDirectory, 'logfileWarningsErrors.log'), 'a');
  const now = options.now ?? (() => new Date());
  let open = true;
  const write = (level: LogLevel, source: string, message: string) => {
    if (!open) return;
    const line = formatLogLine(now(), level, source, message);
    writeSync(all, line);
    if (level !== 'INFO') writeSync(warnings, line);
    options.echo?.(line.trimEnd());
  };
  return {
    info: (source, message) => write('INFO', source, message),
    warn: (source, message) => write('WARN', source, message),
    error: (source, message) => write('ERROR', source, message),
    memory: () => write('INFO', 'MemoryObserver:42', memoryMessage()),
    close: () => {
      if (!open) return;
      open = false;
      closeSync(all);
      closeSync(warnings);
    },
  };
}

export const ensureParent = (path: string) => mkdirSync(dirname(path), { recursive: true });
