/** What a caller of `Processing` gets when a file is past a bound (`limits.ts`), or the pool's share says no. */
import { PROCESSING_MESSAGES } from '@corridor/contract';
import { HttpError } from '../shared/errors.ts';

export class TooLargeToProcessError extends Error {
  override readonly name = 'TooLargeToProcessError';
  constructor(
    /** Why, for people: "it holds more than 64 MiB once decompressed". */
    readonly reason: string,
  ) {
    super(`The file is too large to process (${reason}).`);
  }
}

/** 429: the person has as many file reads waiting as one person may (`limits.ts` ownerQueue). */
export class ProcessingBusyError extends HttpError {
  constructor(waiting: number) {
    super(429, PROCESSING_MESSAGES.busy(waiting), { 'retry-after': '10' });
  }
}

/**
 * The client went away before its file was read (its request's signal aborted). 499, nginx's "client closed
 * request": nobody reads the answer, and a 4xx keeps it out of the error log.
 */
export class ProcessingCancelledError extends HttpError {
  constructor() {
    super(499, PROCESSING_MESSAGES.cancelled);
  }
}

/** For services: a file past a processing bound answers 413 with the reason; other errors stay as they are. */
export function tooLargeAnswer(err: unknown): unknown {
  return err instanceof TooLargeToProcessError ? new HttpError(413, err.message) : err;
}
