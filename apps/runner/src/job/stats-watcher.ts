/**
 * Watches the output directory for MATSim's scorestats.csv and modestats.csv (`{runId}.scorestats.csv` when a run
 * id is set) and sends each file again whenever it changed: the server replaces the run's table from it.
 */
import { STATS_FILES } from '@corridor/contract';
import { openInside } from './outputs.ts';

export type StatsName = (typeof STATS_FILES)[number];

/** The names a stats file may have, the run-id-prefixed one first. */
export function statsFileNames(name: StatsName, matsimRunId: string): string[] {
  return matsimRunId ? [`${matsimRunId}.${name}.csv`, `${name}.csv`] : [`${name}.csv`];
}

export class StatsWatcher {
  private readonly seen = new Map<StatsName, string>();
  private polling: Promise<void> | undefined;

  constructor(
    private readonly outputDir: string,
    private readonly matsimRunId: string,
    private readonly send: (name: StatsName, csv: Buffer) => Promise<unknown>,
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
        let csv: Buffer | undefined;
        try {
          const info = await handle.stat();
          if (!info.isFile() || info.size === 0) continue;
          const version = `${info.mtimeMs}:${info.size}`;
          if (this.seen.get(name) === version) break;
          csv = await handle.readFile().catch(() => undefined);
          if (csv?.length) this.seen.set(name, version);
        } finally {
          await handle.close();
        }
        if (csv?.length) await this.send(name, csv);
        break;
      }
    }
  }
}
