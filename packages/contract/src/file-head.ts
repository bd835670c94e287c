/**
 * GET /datasets/files/{id}/head (issue 24): the beginning of a file as text, decompressed when it is .gz/.zst, for
 * views of files too large (or compressed) to show whole — a run's output_events.xml.gz, output_trips.csv.gz.
 */
import { z } from 'zod';

/** At most this many bytes of decompressed text, cut at the last whole line. */
export const FILE_HEAD_MAX_BYTES = 1_000_000;
/** At most this many lines. */
export const FILE_HEAD_MAX_LINES = 2_000;

export const FileHead = z.object({
  name: z.string(),
  /** The first lines of the (decompressed) content. */
  text: z.string(),
  lines: z.number().int(),
  /** Whether `text` is the whole content; false: only its beginning is shown. */
  complete: z.boolean(),
  /** The file is stored compressed (gzip or zstd); `text` is decompressed. */
  compressed: z.boolean(),
});
export type FileHead = z.infer<typeof FileHead>;

/** The first lines of `text` within the bounds; `more`: the content goes on past `text`. */
export function headLines(text: string, more: boolean, maxLines = FILE_HEAD_MAX_LINES): { text: string; lines: number; complete: boolean } {
  let body = text;
  let complete = !more;
  // A line cut by the byte bound is left out, so the view ends at a whole line.
  if (more) {
    const lastBreak = body.lastIndexOf('\n');
    if (lastBreak >= 0) body = body.slice(0, lastBreak + 1);
  }
  let lines = 0;
  let index = -1;
  while ((index = body.indexOf('\n', index + 1)) !== -1) {
    lines++;
    if (lines === maxLines) {
      if (index + 1 < body.length) complete = false;
      body = body.slice(0, index + 1);
      break;
    }
  }
  if (lines < maxLines && body.length > 0 && !body.endsWith('\n')) lines++;
  return { text: body, lines, complete };
}
