/**
 * Uploads output files one after the other, for a job's runner and for the watch client's final outputs (issue 23).
 * A sparse file (far fewer blocks on disk than its size, the contract's isSparse) is not uploaded: its holes would
 * be stored as zeros at full size. Once the server refuses a file for the run's output limit (count or total bytes;
 * its own log line names the file and the limit), nothing more is uploaded and the log says how many were left.
 */
import { lstat } from 'node:fs/promises';
import { isOutputLimitMessage, isSparse, RUN_OUTPUT_MESSAGES } from '@corridor/contract';
import { ServerError } from '../client.ts';
import type { OutputFile } from './outputs.ts';
import type { CallResult } from './reporter.ts';

export interface OutputUploadDeps {
  /** Runs one call through the job's JobReporter (retries, lost jobs). */
  call: (label: string, fn: () => Promise<void>) => Promise<CallResult>;
  upload: (file: OutputFile) => Promise<void>;
  /** A line for the run's log. */
  note: (line: string) => void;
  /** A file the server did not take (the reporter has warned already). */
  onFailed?: (file: OutputFile) => void;
}

export type UploadEnd = 'done' | 'limit' | 'lost';

/** The server's answer that the run's outputs are full. */
export const isOutputLimit = (error: unknown): boolean =>
  error instanceof ServerError && error.status === 413 && isOutputLimitMessage(error.message);

export async function uploadOutputs(files: OutputFile[], deps: OutputUploadDeps): Promise<UploadEnd> {
  for (const [index, output] of files.entries()) {
    const info = await lstat(output.file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (isSparse(info.size, info.blocks)) {
      deps.note(RUN_OUTPUT_MESSAGES.sparse(output.path, info.size, info.blocks * 512));
      continue;
    }
    let limited = false;
    const result = await deps.call(`upload ${output.path}`, async () => {
      try {
        await deps.upload(output);
      } catch (error) {
        if (!isOutputLimit(error)) throw error;
        limited = true;
      }
    });
    if (result === 'lost') return 'lost';
    if (limited) {
      const left = files.length - index - 1;
      if (left > 0) deps.note(RUN_OUTPUT_MESSAGES.uploadStopped(left));
      return 'limit';
    }
    if (result === 'failed') deps.onFailed?.(output);
  }
  return 'done';
}
