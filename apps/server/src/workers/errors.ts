/** What a caller of `Processing` gets when a file is past a bound (`limits.ts`). */
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

/** For services: a file past a processing bound answers 413 with the reason; other errors stay as they are. */
export function tooLargeAnswer(err: unknown): unknown {
  return err instanceof TooLargeToProcessError ? new HttpError(413, err.message) : err;
}
