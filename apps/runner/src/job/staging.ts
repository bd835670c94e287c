/**
 * Input files land in the job's `input/` folder under their own names, made safe for a file system (no folders, no
 * "..") and unique (a second "config.xml" becomes "2-config.xml"). The working config is written next to them, so
 * `input` files that a config names by a relative path are found. The job template's files come first, under
 * exactly their names (relative paths the server checked, checked again in template-files.ts), so the run's files
 * make way for them.
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

/** One unique, safe name per file, in order; `used`: names already in the folder (the job template's files). */
export function stagedNames(files: readonly { fileId: number; name: string }[], used: Iterable<string> = []): string[] {
  const taken = new Set<string>([WORKING_CONFIG, ...used]);
  return files.map((file) => {
    const base = safeFileName(file.name, `file-${file.fileId}`);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${n}-${base}`;
    taken.add(name);
    return name;
  });
}
