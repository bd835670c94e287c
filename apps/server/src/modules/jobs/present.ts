/** Job rows as the contract's Job. */
import { ACTIVE_JOB_STATUSES, type FileRole, type Job, type JobStatus } from '@corridor/contract';
import type { JobRow } from './repository.ts';

export function toJob(row: JobRow): Job {
  const status = row.status as JobStatus;
  return {
    id: row.id,
    name: row.name,
    url: row.datasetId !== null && row.groupName !== null ? `/${row.groupName}/runs/${row.datasetId}` : null,
    datasetId: row.datasetId,
    jobStatus: status,
    submitted: row.submitted.toISOString(),
    started: row.started?.toISOString() ?? null,
    finished: row.finished?.toISOString() ?? null,
    lastUpdated: row.lastUpdated.toISOString(),
    parameters: JSON.stringify(row.parameters),
    command: row.command,
    jobTemplate: row.templateId,
    files: row.files.map((f) => ({ id: f.id, role: f.role as FileRole, name: f.name })),
    fkStdOutFile: row.stdoutFileId,
    ready: ACTIVE_JOB_STATUSES.includes(status) && !row.cancelRequested,
    runnerName: row.runnerName,
    message: row.message,
    exitCode: row.exitCode,
    external: row.external,
  };
}
