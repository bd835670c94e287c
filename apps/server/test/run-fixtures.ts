/**
 * Runs for the read-side tests, written with drizzle the way scheduling and the runner protocol write them: the run
 * dataset with its OWNER entry, the scenario-run relation, a job, its log (a real log in DATA_DIR/logs), run events
 * and run series. Used where a test needs a run in a given state (finished with outputs, started, imported).
 */
import path from 'node:path';
import type { JobStatus } from '@corridor/contract';
import { datasetAccess, datasets, jobs, relations, runEvents, runSeries, systemFiles } from '../src/db/schema.ts';
import { LogStore } from '../src/storage/log-store.ts';
import type { TestApp } from './harness.ts';
import type { Session } from './workspace-helpers.ts';

export interface RunFixture {
  owner: Session;
  key?: string;
  name?: string;
  description?: string;
  groupId?: number;
  /** The scenario the run was made from (relation scenario-run); none for an imported run. */
  scenarioId?: number | null;
  attributes?: Record<string, unknown>;
  /** null: no job (an imported run). */
  job?: {
    status: JobStatus;
    currentIteration?: number;
    started?: Date | null;
    finished?: Date | null;
    lastUpdated?: Date;
    message?: string | null;
    exitCode?: number | null;
  } | null;
  /** The job's log (system file of type stdout); `committed` bytes of it are in the row (default: all). */
  log?: { text: string; committed?: number; name?: string };
  events?: { type: string; status?: string | null; timestamp: Date }[];
  series?: { table: string; x: number; key: string; value: number }[];
}

export interface InsertedRun {
  id: number;
  jobId: number | null;
  systemFileId: number | null;
  logKey: string | null;
}

export async function insertRun(t: TestApp, fixture: RunFixture): Promise<InsertedRun> {
  const db = t.database.db;
  const key = fixture.key ?? `run-${Math.random().toString(36).slice(2, 8)}`;
  const [run] = await db
    .insert(datasets)
    .values({
      type: 'run',
      groupId: fixture.groupId ?? fixture.owner.groupId,
      key,
      name: fixture.name ?? key,
      description: fixture.description ?? '',
      attributes: fixture.attributes ?? {},
      createdBy: fixture.owner.userId,
    })
    .returning({ id: datasets.id });
  const id = run!.id;
  await db.insert(datasetAccess).values({ datasetId: id, userId: fixture.owner.userId, accessType: 'OWNER' });

  let jobId: number | null = null;
  const job = fixture.job === undefined ? { status: 'FINISHED' as const } : fixture.job;
  if (job) {
    const [row] = await db
      .insert(jobs)
      .values({
        name: fixture.name ?? key,
        datasetId: id,
        groupId: fixture.groupId ?? fixture.owner.groupId,
        createdBy: fixture.owner.userId,
        status: job.status,
        command: '$ENGINE $CONFIG $ARGS',
        parameters: { memory: '4g', changesets: [], programArgs: '', matsimRunId: key },
        currentIteration: job.currentIteration ?? -1,
        started: job.started ?? null,
        finished: job.finished ?? null,
        lastUpdated: job.lastUpdated ?? new Date(),
        message: job.message ?? null,
        exitCode: job.exitCode ?? null,
      })
      .returning({ id: jobs.id });
    jobId = row!.id;
  }
  if (fixture.scenarioId) await db.insert(relations).values({ type: 'scenario-run', dataset1: fixture.scenarioId, dataset2: id, jobId });

  let systemFileId: number | null = null;
  let logKey: string | null = null;
  if (fixture.log) {
    const logs = await LogStore.open(path.join(t.config.dataDir, 'logs'));
    logKey = await logs.create();
    const size = await logs.append(logKey, fixture.log.text);
    const [row] = await db
      .insert(systemFiles)
      .values({ datasetId: id, jobId, type: 'stdout', name: fixture.log.name ?? 'logfile.log', blobKey: logKey, size: fixture.log.committed ?? size })
      .returning({ id: systemFiles.id });
    systemFileId = row!.id;
  }
  for (const event of fixture.events ?? []) {
    await db.insert(runEvents).values({ datasetId: id, type: event.type, status: event.status ?? null, timestamp: event.timestamp });
  }
  if (fixture.series?.length) await db.insert(runSeries).values(fixture.series.map((s) => ({ datasetId: id, ...s })));
  return { id, jobId, systemFileId, logKey };
}

/** A memory reading and the score statistics of a few iterations, as the runner streams them. */
export function sampleSeries(): RunFixture['series'] {
  return [
    { table: 'memory', x: 1000, key: 'used', value: 2e9 },
    { table: 'memory', x: 1000, key: 'free', value: 6e9 },
    { table: 'memory', x: 1000, key: 'total', value: 8e9 },
    { table: 'memory', x: 2000, key: 'used', value: 3e9 },
    { table: 'memory', x: 2000, key: 'free', value: 5e9 },
    { table: 'memory', x: 2000, key: 'total', value: 8e9 },
    { table: 'scoreStats', x: 0, key: 'avg_executed', value: 100.5 },
    { table: 'scoreStats', x: 0, key: 'avg_best', value: 110 },
    { table: 'scoreStats', x: 1, key: 'avg_executed', value: 105.25 },
    { table: 'scoreStats', x: 1, key: 'avg_best', value: 112 },
  ];
}
