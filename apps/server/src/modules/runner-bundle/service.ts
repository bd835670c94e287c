/** The runner download, built once per server process at its first request (a second at once waits for the same build). */
import { createHash } from 'node:crypto';
import { HttpError } from '../../shared/errors.ts';
import { buildRunnerBundle } from './build.ts';

export interface BuiltBundle {
  bytes: Buffer;
  /** A hash of the bytes, sent as ETag. */
  etag: string;
}

export class RunnerBundleService {
  private pending: Promise<BuiltBundle> | undefined;

  constructor(
    private readonly version: string,
    private readonly log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  ) {}

  /** The bundle's bytes; a failed build is tried again at the next request. */
  get(): Promise<BuiltBundle> {
    this.pending ??= this.build().catch((err: unknown) => {
      this.pending = undefined;
      this.log.error({ err }, 'runner bundle build failed');
      throw new HttpError(500, `The runner download could not be built on this server: ${err instanceof Error ? err.message : String(err)}`);
    });
    return this.pending;
  }

  private async build(): Promise<BuiltBundle> {
    const started = Date.now();
    const { bytes } = await buildRunnerBundle(this.version);
    this.log.info({ bytes: bytes.length, ms: Date.now() - started }, 'runner bundle built');
    return { bytes, etag: createHash('sha256').update(bytes).digest('hex').slice(0, 32) };
  }
}
