/**
 * The frame and block layout of zstd data (RFC 8878 §3.1), walked without decoding, so `unzstd` can hand fzstd one
 * block at a time: fzstd decodes everything a pushed chunk holds before `push` returns, and a 64 KiB chunk of
 * 4-byte RLE blocks holds 2 GiB. Cut at block ends, a push yields at most one block (128 KiB). The walker also
 * refuses a frame whose window would be allocated beyond what zstd itself accepts by default, before fzstd
 * allocates it.
 */
import { MatsimFormatError } from '../errors.ts';

/** zstd's default decoder limit (window log 27); larger windows need `zstd --memory=…` there too. */
export const MAX_ZSTD_WINDOW = 1 << 27;

const FRAME_MAGIC = 0xfd2fb528;
const SKIPPABLE_MASK = 0xfffffff0;
const SKIPPABLE_MAGIC = 0x184d2a50;

type Field = 'magic' | 'descriptor' | 'header' | 'block-header' | 'body' | 'checksum' | 'skip-size';

export class ZstdBlockSplitter {
  private field: Field = 'magic';
  /** Bytes of the current small field so far. */
  private bytes: number[] = [];
  /** Length of the current small field, or of the body left to pass. */
  private need = 4;
  private descriptor = 0;
  private lastBlock = false;
  /** Past something this walker does not know: the rest goes to fzstd as it is, which reports it. */
  private opaque = false;

  /** `chunk` in parts, each ending at most one block later than the previous one. */
  split(chunk: Uint8Array): Uint8Array[] {
    if (this.opaque) return [chunk];
    const parts: Uint8Array[] = [];
    let start = 0;
    let at = 0;
    while (at < chunk.length && !this.opaque) {
      if (this.field === 'body') {
        const take = Math.min(this.need, chunk.length - at);
        at += take;
        this.need -= take;
        if (this.need === 0) this.bodyDone();
      } else {
        this.bytes.push(chunk[at++]!);
        if (this.bytes.length === this.need) this.fieldDone();
      }
      if (this.field === 'block-header' && this.bytes.length === 0 && at > start) {
        parts.push(chunk.subarray(start, at));
        start = at;
      }
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
    return parts;
  }

  private next(field: Field, need: number): void {
    this.field = field;
    this.need = need;
    this.bytes = [];
  }

  private fieldDone(): void {
    const b = this.bytes;
    switch (this.field) {
      case 'magic': {
        const magic = (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0;
        if (magic === FRAME_MAGIC) this.next('descriptor', 1);
        else if (((magic & SKIPPABLE_MASK) >>> 0) === SKIPPABLE_MAGIC) this.next('skip-size', 4);
        else this.opaque = true;
        return;
      }
      case 'descriptor': {
        const d = (this.descriptor = b[0]!);
        const single = (d >> 5) & 1;
        const fcsBytes = [single, 2, 4, 8][d >> 6]!;
        const dictBytes = [0, 1, 2, 4][d & 3]!;
        this.next('header', (single ? 0 : 1) + dictBytes + fcsBytes);
        if (this.need === 0) this.headerDone();
        return;
      }
      case 'header':
        this.headerDone();
        return;
      case 'block-header': {
        const header = b[0]! | (b[1]! << 8) | (b[2]! << 16);
        const type = (header >> 1) & 3;
        if (type === 3) {
          this.opaque = true;
          return;
        }
        this.lastBlock = (header & 1) === 1;
        const size = type === 1 ? 1 : header >> 3;
        this.next('body', size);
        if (size === 0) this.bodyDone();
        return;
      }
      case 'checksum':
        this.next('magic', 4);
        return;
      case 'skip-size':
        this.next('body', (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0);
        this.lastBlock = true;
        this.descriptor = 0; // a skippable frame has no checksum
        if (this.need === 0) this.bodyDone();
        return;
    }
  }

  private headerDone(): void {
    const window = windowSize(this.descriptor, this.bytes);
    if (window > MAX_ZSTD_WINDOW) {
      throw new MatsimFormatError(
        'too-large',
        `The zstd data needs a window of ${Math.round(window / (1 << 20))} MiB, more than the ${MAX_ZSTD_WINDOW >> 20} MiB zstd accepts by default.`,
      );
    }
    this.next('block-header', 3);
  }

  private bodyDone(): void {
    if (!this.lastBlock) this.next('block-header', 3);
    else if ((this.descriptor >> 2) & 1) this.next('checksum', 4);
    else this.next('magic', 4);
    this.lastBlock = false;
  }
}

/** The memory a frame's decoder allocates: the window, or the whole content for a single-segment frame. */
function windowSize(descriptor: number, header: number[]): number {
  const single = (descriptor >> 5) & 1;
  if (!single) {
    const w = header[0]!;
    const base = 2 ** (10 + (w >> 3));
    return base + (base / 8) * (w & 7);
  }
  const fcsFlag = descriptor >> 6;
  const fcs = header.slice(header.length - [1, 2, 4, 8][fcsFlag]!);
  const value = fcs.reduce((sum, byte, i) => sum + byte * 2 ** (8 * i), 0);
  return fcsFlag === 1 ? value + 256 : value;
}
