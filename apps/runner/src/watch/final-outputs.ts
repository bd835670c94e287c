/**
 * What the watch client uploads when the run has ended: the output directory's top-level files (output_*, the
 * statistics, the logs) and the folder of the last iteration under ITERS; earlier iterations stay on the machine
 * (bounded uploads; a scheduled run's runner uploads everything, but its outputs are its own to clean up).
 */
import type { OutputFile } from '../job/outputs.ts';

const ITERATION = /^ITERS\/it\.(\d+)\//;

export function finalOutputs(files: OutputFile[]): OutputFile[] {
  const iterations = files.map((f) => ITERATION.exec(f.path)).filter((m): m is RegExpExecArray => m !== null).map((m) => Number(m[1]));
  const last = iterations.length > 0 ? Math.max(...iterations) : undefined;
  return files.filter((f) => !f.path.includes('/') || (last !== undefined && f.path.startsWith(`ITERS/it.${last}/`)));
}
