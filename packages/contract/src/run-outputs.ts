/**
 * What a job may leave behind (issue 23, finding 4), shared by the runner, the watch client and the server: the
 * statistics files the runner follows are read by offset up to a cap; a run's output files are bounded in count and
 * total bytes (installation settings, defaults below; the server refuses past them and says so in the run's log, the
 * runner stops uploading); sparse files (far fewer blocks on disk than their size) are not uploaded.
 */

/** A statistics file (scorestats.csv, modestats.csv) past this is no longer followed; the server takes no larger body. */
export const STATS_FILE_MAX_BYTES = 4 * 1024 * 1024;

/** Defaults of the installation settings runOutputMaxFiles and runOutputMaxBytes. */
export const DEFAULT_RUN_OUTPUT_MAX_FILES = 10_000;
export const DEFAULT_RUN_OUTPUT_MAX_BYTES = 100 * 1024 ** 3;
/** Bounds of what an administrator may set (1 PiB). */
export const RUN_OUTPUT_MAX_FILES_LIMIT = 10_000_000;
export const RUN_OUTPUT_MAX_BYTES_LIMIT = 1024 ** 5;

/** Files from this size on are checked for being sparse. */
export const SPARSE_CHECK_FROM_BYTES = 4 * 1024 * 1024;

/**
 * Whether a file is sparse enough to be refused: at least SPARSE_CHECK_FROM_BYTES long, with less than half of that
 * allocated on disk (`blocks`: st_blocks, 512-byte units). Holes read as zeros: uploading one would store its full size.
 */
export function isSparse(size: number, blocks: number): boolean {
  return size >= SPARSE_CHECK_FROM_BYTES && blocks * 512 < size / 2;
}

/** 2147483648 → "2 GiB", 1500 → "1.5 KiB", 900 → "900 bytes". */
export function formatBytes(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes;
  let unit = '';
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${Number(value.toFixed(1))} ${unit}`;
}

/** What every refusal for a run's output limits says (the runner stops uploading when it reads it). */
const LIMIT_MARK = "the run's output limit of";

/** Lines of the run's log (the runner's start with "corridor-runner: "). */
export const RUN_OUTPUT_MESSAGES = {
  tooManyFiles: (file: string, maxFiles: number) =>
    `The output file ${file} was not stored: ${LIMIT_MARK} ${maxFiles.toLocaleString('en-US')} files is reached.`,
  tooManyBytes: (file: string, maxBytes: number) =>
    `The output file ${file} was not stored: ${LIMIT_MARK} ${formatBytes(maxBytes)} in total would be exceeded.`,
  uploadStopped: (count: number) =>
    `corridor-runner: ${count === 1 ? '1 further output file was' : `${count.toLocaleString('en-US')} further output files were`} not uploaded (the run's output limit).`,
  sparse: (file: string, size: number, allocated: number) =>
    `corridor-runner: the output file ${file} was not uploaded: it is a sparse file of ${formatBytes(size)} with only ${formatBytes(allocated)} on disk.`,
  statsTooLarge: (file: string) =>
    `corridor-runner: the statistics file ${file} is larger than ${formatBytes(STATS_FILE_MAX_BYTES)} and is no longer followed: the run's statistics stop at what was read before.`,
} as const;

/** Whether a refusal's message is one of the run's output limits (then no further output is taken). */
export function isOutputLimitMessage(message: string): boolean {
  return message.includes(`: ${LIMIT_MARK} `);
}
