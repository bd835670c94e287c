/**
 * Run post-processing (the run overview's "Post process" card): when a run finishes, MATSim's standard output
 * tables are imported so a finished run has data for dashboards with no clicks. The step's state is the run
 * attribute `postProcessRun` {status, updated, logFileId}; its log is a system file of the run (`runs/post-process-log.ts`).
 * The step is background work claimed through the database (kind `run-tables`, cluster/work-queue.ts, issue 30): one
 * server imports a run's tables; a server that died midway leaves it to another, which imports them again (an
 * import replaces a table of the same name).
 */
import path from 'node:path';
import { defaultTableName, STANDARD_RUN_TABLES } from '@corridor/contract';
import type { DatasetsRepository } from '../datasets/repository.ts';
import type { PostProcessLog } from '../runs/post-process-log.ts';
import type { TablesRepository } from './repository.ts';
import type { TablesService } from './service.ts';
import type { WorkQueue } from '../../cluster/work-queue.ts';

export const RUN_TABLES_WORK = 'run-tables';


/** The standard table a run output file holds, or null; only files at the top of the output directory count. */
export function standardTableOf(fileName: string): string | null {
  if (fileName.includes('/') || !/\.(csv|txt)(\.gz|\.zst)?$/.test(fileName)) return null;
  const name = defaultTableName(fileName);
  return (STANDARD_RUN_TABLES as readonly string[]).includes(name) ? name : null;
}

export interface RunPostProcessingDeps {
  tables: TablesRepository;
  service: TablesService;
  datasets: DatasetsRepository;
  /** The run's post-processing log, shared with the vehicle data step. */
  log: PostProcessLog;
  now: () => Date;
  onError: (err: unknown, runId: number) => void;
  /** The step ended FAILED (the server logs it at warn, issue 25). */
  onFailed?: (runId: number, logFileId: number | null) => void;
  work: WorkQueue;
}

export class RunPostProcessing {
  constructor(private readonly deps: RunPostProcessingDeps) {
    deps.work.define(RUN_TABLES_WORK, {
      concurrency: 2,
      handle: (item) => this.importTables(item.subjectId).catch((err: unknown) => this.deps.onError(err, item.subjectId)),
      abandon: async (item) => {
        const logFileId = await this.deps.log.append(item.subjectId, ['Post-processing was given up: the server stopped while importing the tables, several times.']);
        await this.setState(item.subjectId, 'FAILED', logFileId);
        this.deps.onFailed?.(item.subjectId, logFileId);
      },
    });
  }

  /** Starts the step for a finished run; answers at once (the import runs in the background, on some server). */
  async runFinished(runId: number): Promise<void> {
    await this.setState(runId, 'STARTED', null);
    await this.deps.work.enqueue(RUN_TABLES_WORK, runId);
  }

  /** Waits for this server's background work (tests). */
  idle(): Promise<void> {
    return this.deps.work.idle();
  }

  private async importTables(runId: number): Promise<void> {
    const lines: string[] = [];
    let failed = false;
    try {
      const files = await this.deps.tables.datasetFiles([runId]);
      const chosen = new Map<string, (typeof files)[number]>();
      // CSV before TXT: MATSim 2024+ writes both for some statistics.
      for (const file of [...files].sort((a, b) => Number(a.name.includes('.txt')) - Number(b.name.includes('.txt')))) {
        const table = standardTableOf(file.name);
        if (table && !chosen.has(table)) chosen.set(table, file);
      }
      if (chosen.size === 0) lines.push('The run has none of the standard output tables (output_trips, scorestats, modestats …).');
      for (const [table, file] of chosen) {
        try {
          const imported = await this.deps.service.importDatasetFile(runId, file, table);
          lines.push(`Imported ${file.name} as the table ${table}: ${imported.rowCount ?? 0} rows, ${imported.fields.length} columns.`);
        } catch (err) {
          failed = true;
          lines.push(`${path.posix.basename(file.name)} could not be imported: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    } catch (err) {
      failed = true;
      lines.push(`Post-processing stopped: ${err instanceof Error ? err.message : String(err)}`);
    }
    const logFileId = await this.deps.log.append(runId, lines);
    await this.setState(runId, failed ? 'FAILED' : 'FINISHED', logFileId);
    if (failed) this.deps.onFailed?.(runId, logFileId);
  }

  private setState(runId: number, status: 'STARTED' | 'FINISHED' | 'FAILED', logFileId: number | null): Promise<void> {
    const state: Record<string, unknown> = { status, updated: this.deps.now().toISOString() };
    if (logFileId !== null) state.logFileId = logFileId;
    return this.deps.datasets.patchAttributes(runId, { postProcessRun: state });
  }
}
