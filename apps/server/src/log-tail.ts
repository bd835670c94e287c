/** Follows a growing text file (`tail -f`): every new complete line is handed to `onLine`, checked every `everyMs`. */
import { open, stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

const CHUNK = 64 * 1024;

export class LogTail {
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> = Promise.resolve();
  private partial = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly file: string,
    private offset: number,
    private readonly onLine: (line: string) => void,
    private readonly everyMs = 250,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.readNew(), this.everyMs);
    this.timer.unref();
  }

  /** Reads what is there once more, then stops following. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.readNew();
  }

  private readNew(): Promise<void> {
    this.reading = this.reading.then(() => this.read()).catch(() => undefined);
    return this.reading;
  }

  private async read(): Promise<void> {
    const { size } = await stat(this.file);
    if (size < this.offset) this.offset = 0; // truncated or replaced
    if (size === this.offset) return;
    const handle = await open(this.file, 'r');
    try {
      const buffer = Buffer.alloc(CHUNK);
      while (this.offset < size) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, size - this.offset), this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        const lines = (this.partial + this.decoder.write(buffer.subarray(0, bytesRead))).split('\n');
        this.partial = lines.pop()!;
        for (const line of lines) if (line) this.onLine(line);
      }
    } finally {
      await handle.close();
    }
  }
}
