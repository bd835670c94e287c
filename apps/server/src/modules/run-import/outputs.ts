/**
 * Which files of an imported run feed its series (pure): MATSim's scorestats and modestats tables
 * (`scorestats.csv`, `{runId}.scorestats.csv`, older `.txt`, compressed or not) and its `logfile.log`. Only
 * files at the top of the output folder count (not ITERS/…, not ph_modestats or pkm_modestats); CSV before TXT.
 */

export interface NamedFile {
  id: number;
  name: string;
}

export interface RunOutputs<F extends NamedFile> {
  scorestats: F | null;
  modestats: F | null;
  logfile: F | null;
}

const STATS = (kind: string) => new RegExp(`^(?:[^/]+\\.)?${kind}\\.(csv|txt)(?:\\.gz|\\.zst)?$`);
const SCORESTATS = STATS('scorestats');
const MODESTATS = STATS('modestats');
const LOGFILE = /^(?:[^/]+\.)?logfile\.log(?:\.gz|\.zst)?$/;

export function runOutputs<F extends NamedFile>(files: readonly F[]): RunOutputs<F> {
  const top = files.filter((f) => !f.name.includes('/'));
  const pick = (pattern: RegExp) =>
    top
      .filter((f) => pattern.test(f.name))
      .sort((a, b) => Number(a.name.includes('.txt')) - Number(b.name.includes('.txt')) || a.name.length - b.name.length || a.id - b.id)[0] ?? null;
  return { scorestats: pick(SCORESTATS), modestats: pick(MODESTATS), logfile: pick(LOGFILE) };
}
