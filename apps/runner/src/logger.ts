/** The runner's own log: one line per message on stdout (stderr for warnings and errors), with the time. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function consoleLogger(write: (line: string, error: boolean) => void = defaultWrite): Logger {
  const line = (level: string, message: string) => `${new Date().toISOString()} ${level} ${message}`;
  return {
    info: (message) => write(line('INFO', message), false),
    warn: (message) => write(line('WARN', message), true),
    error: (message) => write(line('ERROR', message), true),
  };
}

function defaultWrite(line: string, error: boolean): void {
  (error ? process.stderr : process.stdout).write(`${line}\n`);
}
