/**
 * An events file written while the (synchronous) mobsim runs. Each event is formatted and encoded straight into a
 * byte chunk of a few MB, so neither its text nor the day's events pile up in the heap; a full chunk goes to a
 * worker thread that gzips it (one gzip member per chunk) and appends it to the file while the mobsim goes on. A
 * multi-member gzip file is standard (RFC 1952) and read by gunzip, Java's GZIPInputStream and Node's zlib alike.
 * The worker runs from source text (`eval`), so the engine's bundle in the runner download needs no extra file.
 */
import { closeSync, openSync, renameSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { GZIP } from './output.ts';
import { EVENTS_FOOTER, EVENTS_HEADER, formatEvent, formatJavaDouble, escapeXml, type MatsimEvent } from '@corridor/matsim';

const CHUNK = 4 * 1024 * 1024;
const LINES = 16 * 1024;

/** The worker: appends each chunk it is sent (gzipped or not) to the file descriptor, in order. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { gzipSync } = require('node:zlib');
let failed;
parentPort.on('message', (message) => {
  if (message.bytes !== undefined && failed === undefined) {
    try {
      const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
      const out = workerData.gzip ? gzipSync(bytes, { level: workerData.level }) : bytes;
      for (let at = 0; at < out.length; ) at += writeSync(workerData.fd, out, at, out.length - at);
    } catch (error) {
      failed = String(error && error.message || error);
    }
  }
  if (message.close) parentPort.postMessage({ failed });
});
`;

export class SyncEventsFile {
  private readonly fd: number;
  private readonly temp: string;
  private readonly worker: Worker;
  private chunk = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  /** Lines not yet encoded: encoding some hundred at once saves most of the per-call cost. */
  private lines = '';
  private closed = false;
  /** Link ids as written (escaped), by link index; vehicle ids likewise, with the id they were made from. */
  private readonly linkTexts: (string | undefined)[] = [];
  private readonly vehicleTexts: (string | undefined)[] = [];
  private readonly vehicleIds: (string | undefined)[] = [];
  /** The last event time and its text (the events of a second follow each other). */
  private time = NaN;
  private timeText = '';

  constructor(
    private readonly path: string,
    gzip = path.endsWith('.gz'),
  ) {
    this.temp = `${path}.tmp-${process.pid}`;
    this.fd = openSync(this.temp, 'w');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { fd: this.fd, gzip, level: GZIP.level } });
    // A run that fails does not wait for the worker; close() holds the process until the file is complete.
    this.worker.unref();
    this.write(EVENTS_HEADER);
  }

  /** An EventSink. The link events of the mobsim (with the link's index) take a shorter way to the same text. */
  readonly add = (event: MatsimEvent, vehicle?: number, link?: number): void => {
    const type = event.type;
    if (typeof vehicle === 'number' && typeof link === 'number' && event.attributes === undefined && (type === 'entered link' || type === 'left link')) {
      const linkText = (this.linkTexts[link] ??= escapeXml((event as { link: string }).link));
      const id = (event as { vehicle: string }).vehicle;
      let vehicleText = this.vehicleTexts[vehicle];
      if (this.vehicleIds[vehicle] !== id) {
        this.vehicleIds[vehicle] = id;
        vehicleText = this.vehicleTexts[vehicle] = escapeXml(id);
      }
      if (event.time !== this.time) {
        this.time = event.time;
        this.timeText = formatJavaDouble(event.time);
      }
      this.write(`\t<event time="${this.timeText}" type="${type}" link="${linkText}" vehicle="${vehicleText}"  />\n`);
    } else {
      this.write(formatEvent(event));
    }
  };

  /** Writes the footer, waits for the worker and renames the file into place, so a reader never sees half a file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.write(EVENTS_FOOTER);
    this.send();
    this.worker.ref();
    try {
      const reply = await new Promise<{ failed?: string }>((resolve, reject) => {
        this.worker.once('message', resolve);
        this.worker.once('error', reject);
        this.worker.postMessage({ close: true });
      });
      if (reply.failed !== undefined) throw new Error(`writing ${this.path}: ${reply.failed}`);
    } catch (error) {
      this.discardFile();
      throw error;
    } finally {
      await this.worker.terminate();
    }
    closeSync(this.fd);
    renameSync(this.temp, this.path);
  }

  /** After a failed run: stops the worker and removes the partial file. */
  async discard(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker.terminate();
    this.discardFile();
  }

  private discardFile(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    rmSync(this.temp, { force: true });
  }

  private write(text: string): void {
    this.lines += text;
    if (this.lines.length >= LINES) this.encode();
  }

  private encode(): void {
    const text = this.lines;
    this.lines = '';
    // A UTF-16 unit takes at most 3 bytes in UTF-8.
    if (this.used + text.length * 3 > CHUNK) {
      this.send();
      if (text.length * 3 > CHUNK) {
        this.post(Buffer.from(text, 'utf8'));
        return;
      }
    }
    this.used += this.chunk.write(text, this.used);
  }

  private send(): void {
    if (this.lines !== '') this.encode();
    if (this.used === 0) return;
    this.post(this.chunk.subarray(0, this.used));
    this.chunk = Buffer.allocUnsafe(CHUNK);
    this.used = 0;
  }

  private post(bytes: Buffer): void {
    this.worker.postMessage({ bytes }, [bytes.buffer as ArrayBuffer]);
  }
}
