/** The files of a job's output directory, as the relative "/"-separated paths the server stores them under. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export interface OutputFile {
  /** Relative to the output directory, "/" separated, e.g. "ITERS/it.0/run.0.events.xml.gz". */
  path: string;
  /** Absolute path on disk. */
  file: string;
}

/** Every regular file below `dir` (symbolic links are not followed), sorted; none when `dir` does not exist. */
export async function listOutputFiles(dir: string): Promise<OutputFile[]> {
  const out: OutputFile[] = [];
  const walk = async (current: string, prefix: string) => {
    const entries = await readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(current, entry.name), relative);
      else if (entry.isFile()) out.push({ path: relative, file: path.join(current, entry.name) });
    }
  };
  await walk(dir, '');
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
