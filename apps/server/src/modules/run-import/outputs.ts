/**
 * Which files of an imported run feed its series (pure): MATSim's scorestats and modestats tables
 * (`scorestats.csv`, `{runId}.scorestats.csv`, older `.txt`, compressed or not) and its `logfile.log`. Only
 * files at the top of the output folder count (not ITERS/…, not ph_modestats or pkm_modestats); CSV before TXT.
 */
import { MATSIM_LOGFILE } from '@corridor/contract';

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

export function runOutputs<F extends NamedFile>(files: readonly F[]): RunOutputs<F> {
  const top = files.filter((f) => !f.name.includes('/'));
  const pick = (pattern: RegExp) =>
    top
      .filter((f) => pattern.test(f.name))
      .sort((a, b) => Number(a.name.includes('.txt')) - Number(b.name.includes('.txt')) || a.name.length - b.name.length || a.id - b.id)[0] ?? null;
  return { scorestats: pick(SCORESTATS), modestats: pick(MODESTATS), logfile: pick(MATSIM_LOGFILE) };
}

/**
 * Whether the files hold any MATSim output (issue 24: a notes.txt and a picture.png became a "finished" run): a
 * config, events, plans/population, statistics tables, MATSim's log or its CSV outputs, at any depth, with or without
 * the run id prefix and compression. Zips are not looked into here (the import expands them first).
 */
const MATSIM_OUTPUT = [
  /(?:^|[._])config(?:_reduced)?\.xml(?:\.gz|\.zst)?$/,
  /(?:^|[._])events\.xml(?:\.gz|\.zst)?$/,
  /(?:^|[._])(?:plans|population|experienced_plans)\.xml(?:\.gz|\.zst)?$/,
  /(?:^|[._])(?:scorestats|modestats|traveldistancestats|stopwatch)\.(?:csv|txt)(?:\.gz|\.zst)?$/,
  /(?:^|[._])logfile\.log(?:\.gz|\.zst)?$/,
  /(?:^|[._])output_[a-z_]+\.(?:xml|csv|txt)(?:\.gz|\.zst)?$/,
];

export function isMatsimOutputName(name: string): boolean {
  const base = name.toLowerCase().split('/').at(-1) ?? '';
  return MATSIM_OUTPUT.some((pattern) => pattern.test(base));
}

export const isZipName = (name: string) => /\.zip$/i.test(name);

/** The refusal of an import without MATSim output, naming what was expected and (some of) what came. */
export function noMatsimOutputMessage(names: readonly string[]): string {
  const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  return (
    'These files are not a MATSim run: an import needs the files of a MATSim output folder — at least one of ' +
    'output_config.xml, output_events.xml.gz, output_plans.xml.gz or the statistics (scorestats.csv, modestats.csv, logfile.log)' +
    (names.length === 0 ? ', and the run has no files.' : `. The run has: ${shown}.`)
  );
}
