/**
 * Watches the output directory for MATSim's scorestats.csv and modestats.csv (`{runId}.scorestats.csv` when a run
 * id is set) and sends each file again whenever it changed: the server replaces the run's table from it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { STATS_FILES } from '@corridor/contract';

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
        const full = path.join(this.outputDir, file);
        const info = await stat(full).catch(() => undefined);
        if (!info?.isFile() || info.size === 0) continue;
        const version = `${info.mtimeMs}:${info.size}`;
        if (this.seen.get(name) !== version) {
          const csv = await readFile(full).catch(() => undefined);
          if (csv?.length) {
            this.seen.set(name, version);
            await this.send(name, csv);
          }
        }
        break;
      }
    }
  }
}
