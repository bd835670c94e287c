/**
 * A zip written while it is sent (yazl): stored files are opened one at a time when the zip reaches them, so an
 * export holds at most one blob open and never the whole archive in memory.
 */
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export type ZipSource = {
  /** The entry's name (no folders). */
  name: string;
  /** Already compressed content is stored as it is, everything else deflated. */
  compressed?: boolean;
  mtime?: Date;
} & ({ bytes: Uint8Array } | { open: () => Readable; size: number });

/** The zip's bytes; a source that fails to read ends the stream with its error (the download breaks off). */
export function zipStream(sources: readonly ZipSource[]): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => output.destroy(err));
  for (const source of sources) {
    const options = { compress: !source.compressed, mtime: source.mtime ?? new Date() };
    if ('bytes' in source) {
      zip.addBuffer(Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength), source.name, options);
    } else {
      zip.addReadStreamLazy(source.name, { ...options, size: source.size }, (done) => {
        try {
          // yazl watches the streams of addFile only: a stored blob that fails to read must end the output here.
          const stream = source.open().on('error', (err) => output.destroy(err));
          done(null, stream);
        } catch (err) {
          done(err, undefined as never);
        }
      });
    }
  }
  zip.end();
  return output;
}
