/**
 * Watches the output directory for MATSim's scorestats.csv and modestats.csv (`{runId}.scorestats.csv` when a run
 * id is set) and sends each file's whole lines so far whenever it grew: the server replaces the run's table from
 * them. Each file is followed by offset (stats-tail.ts: only appended bytes are read, up to STATS_FILE_MAX_BYTES);
 * a file past the cap is no longer followed and `onTooLarge` says so once.
 */
import { STATS_FILES } from '@corridor/contract';
import { openInside } from './outputs.ts';
import { StatsTail } from './stats-tail.ts';

export type StatsName = (typeof STATS_FILES)[number];

/** The names a stats file may have, the run-id-prefixed one first. */
export function statsFileNames(name: StatsName, matsimRunId: string): string[] {
  return matsimRunId ? [`${matsimRunId}.${name}.csv`, `${name}.csv`] : [`${name}.csv`];
}

export interface StatsWatcherOptions {
  /** A file grew past the cap (its name in the output directory); called once per file. */
  onTooLarge?: (file: string) => void;
  maxBytes?: number;
}

export class StatsWatcher {
  /** One tail per file name. */
  readonly tails = new Map<string, StatsTail>();
  private polling: Promise<void> | undefined;

  constructor(
    private readonly outputDir: string,
    private readonly matsimRunId: string,
    private readonly send: (name: StatsName, csv: Buffer) => Promise<unknown>,
    private readonly options: StatsWatcherOptions = {},
  ) {}

  /** Looks once; a poll still running is waited for instead of starting another. */
  poll(): Promise<void> {
    this.polling ??= this.check().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  private async check(): Promise<void> {
    for (const name of STATS_FILES) {
      for (const file of statsFileNames(name, this.matsimRunId)) {
        const handle = await openInside(this.outputDir, file);
        if (!handle) continue;
        const tail = this.tailOf(file);
        let result;
        try {
          result = await tail.read(handle).catch(() => 'unchanged' as const);
        } finally {
          await handle.close();
        }
        if (result === 'too-large') this.options.onTooLarge?.(file);
        const csv = result === 'changed' ? tail.content() : undefined;
        if (csv?.length) await this.send(name, csv);
        break;
      }
    }
  }

  private tailOf(file: string): StatsTail {
    let tail = this.tails.get(file);
    if (!tail) this.tails.set(file, (tail = new StatsTail(this.options.maxBytes)));
    return tail;
  }
}
