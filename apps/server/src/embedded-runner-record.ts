/**
 * Where the embedded runner is, kept in DATA_DIR/runner/embedded-runner.json: its pid, the server address and (a
 * hash of) the token it was started with. The runner outlives the server (restart, crash, upgrade); the next start
 * on the same DATA_DIR reads this record and adopts the runner when that pid is still our runner — its command line
 * (/proc/{pid}/cmdline) is the runner's bin working in this DATA_DIR, so a reused pid of another program is never
 * taken for it.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** <repo>/apps/runner/bin/corridor-runner.mjs */
export const RUNNER_BIN = fileURLToPath(new URL('../../runner/bin/corridor-runner.mjs', import.meta.url));

export interface RunnerRecord {
  pid: number;
  serverUrl: string;
  /** sha256 of the token, hex: the record never holds the secret. */
  tokenHash: string;
}

/** The runner's working folder: its jobs, its log and this record. */
export const runnerWorkDir = (dataDir: string) => path.join(dataDir, 'runner');
const recordFile = (dataDir: string) => path.join(runnerWorkDir(dataDir), 'embedded-runner.json');
/** The runner's stdout and stderr (not the server's pipes, which end with the server). */
export const runnerLogFile = (dataDir: string) => path.join(runnerWorkDir(dataDir), 'embedded-runner.log');

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function writeRecord(dataDir: string, record: RunnerRecord): void {
  writeFileSync(recordFile(dataDir), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

export function readRecord(dataDir: string): RunnerRecord | undefined {
  try {
    const value = JSON.parse(readFileSync(recordFile(dataDir), 'utf8')) as Partial<RunnerRecord>;
    if (!Number.isInteger(value.pid) || typeof value.serverUrl !== 'string' || typeof value.tokenHash !== 'string') return undefined;
    return value as RunnerRecord;
  } catch {
    return undefined;
  }
}

export function removeRecord(dataDir: string, pid: number): void {
  if (readRecord(dataDir)?.pid === pid) rmSync(recordFile(dataDir), { force: true });
}

/** The argv of a running process; undefined when it is gone or a zombie (whose cmdline is empty). */
function commandLine(pid: number): string[] | undefined {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return argv.length ? argv : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is a live embedded runner of this DATA_DIR. */
export function isOurRunner(pid: number, dataDir: string): boolean {
  const argv = commandLine(pid);
  if (!argv || argv[1] !== RUNNER_BIN) return false;
  const work = argv.indexOf('--work');
  return work > 0 && argv[work + 1] === runnerWorkDir(dataDir);
}
