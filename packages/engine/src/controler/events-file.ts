/**
 * An events file written synchronously while the (synchronous) mobsim runs: formatted events are gathered into
 * chunks of a few MB and each chunk is gzipped and appended as its own gzip member. A multi-member gzip file is
 * standard (RFC 1952) and read by gunzip, Java's GZIPInputStream and Node's zlib alike. The async EventsWriter
 * could not drain during the mobsim, so the whole day's text would pile up in memory instead.
 */
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { EVENTS_FOOTER, EVENTS_HEADER, formatEvent, type MatsimEvent } from '@corridor/matsim';

const CHUNK = 4 * 1024 * 1024;
/** Level 1 compresses berlin-medium's 133 MB of events in 0.3 s instead of 1.3 s (level 6) for 17 % more bytes. */
const GZIP_LEVEL = 1;

export class SyncEventsFile {
  private pending = EVENTS_HEADER;
  private readonly fd: number;
  private readonly temp: string;
  private closed = false;

  constructor(private readonly path: string, private readonly gzip = path.endsWith('.gz')) {
    this.temp = `${path}.tmp-${process.pid}`;
    this.fd = openSync(this.temp, 'w');
  }

  readonly add = (event: MatsimEvent): void => {
    this.pending += formatEvent(event);
    if (this.pending.length >= CHUNK) this.flush();
  };

  /** Writes the footer and renames the file into place, so a reader never sees half a file. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending += EVENTS_FOOTER;
    this.flush();
    closeSync(this.fd);
    renameSync(this.temp, this.path);
  }

  private flush(): void {
    const bytes = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    writeSync(this.fd, this.gzip ? gzipSync(bytes, { level: GZIP_LEVEL }) : bytes);
  }
}
