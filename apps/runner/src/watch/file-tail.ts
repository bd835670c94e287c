/** Follows a growing file (MATSim's logfile.log) by offset: each read gives the bytes added since the last one. */
import { open } from 'node:fs/promises';

const MAX_READ_BYTES = 4 * 1024 * 1024;

export class FileTail {
  constructor(
    readonly file: string,
    /** Where to start: bytes already read by an earlier reader. */
    private offset = 0,
  ) {}

  /**
   * The bytes added since the last read (at most `maxBytes`; the rest comes with the next read). Empty while the file
   * does not exist or has not grown; a file that got shorter (written anew) is followed from its start.
   */
  async read(maxBytes = MAX_READ_BYTES): Promise<Buffer> {
    const handle = await open(this.file, 'r').catch(() => undefined);
    if (!handle) return Buffer.alloc(0);
    try {
      const { size } = await handle.stat();
      if (size < this.offset) this.offset = 0;
      const length = Math.min(size - this.offset, maxBytes);
      if (length <= 0) return Buffer.alloc(0);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, this.offset);
      this.offset += bytesRead;
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}
