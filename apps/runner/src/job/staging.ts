/**
 * Input files land in the job's `input/` folder under their own names, made safe for a file system (no folders, no
 * "..") and unique (a second "config.xml" becomes "2-config.xml"). The working config is written next to them, so
 * `input` files that a config names by a relative path are found.
 */
import type { ClaimedJob } from '@corridor/contract';

export const WORKING_CONFIG = 'corridor-working-config.xml';

export type StagedFile = ClaimedJob['files'][number] & { path: string };

/** A file name that stays inside its folder: the last path segment, unusual characters replaced. */
export function safeFileName(name: string, fallback: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const cleaned = last.replace(/[^A-Za-z0-9._+-]/g, '_').replace(/^\.+/, '');
  return cleaned === '' ? fallback : cleaned.slice(0, 200);
}

/** One unique, safe name per file, in order. */
export function stagedNames(files: readonly { fileId: number; name: string }[]): string[] {
  const taken = new Set<string>([WORKING_CONFIG]);
  return files.map((file) => {
    const base = safeFileName(file.name, `file-${file.fileId}`);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${n}-${base}`;
    taken.add(name);
    return name;
  });
}
