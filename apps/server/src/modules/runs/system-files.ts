/**
 * System files of a dataset (spec 1 §7.4 "sysfiles"): the job logs. A log grows while its job runs; readers get
 * the committed size of the row, never a half-written append. Readable by whoever may read the dataset.
 */
import type { SystemFile } from '@corridor/contract';
import type { Readable } from 'node:stream';
import type { Actor } from '../../shared/access.ts';
import { HttpError, notFound } from '../../shared/errors.ts';
import type { LogStore } from '../../storage/log-store.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import { toSystemFile } from './present.ts';
import type { RunsRepository } from './repository.ts';

export const SYSTEM_FILE_NOT_FOUND = 'The system file could not be found.';

export interface SystemFileContent {
  name: string;
  size: number;
  stream: Readable;
}

export class SystemFilesService {
  constructor(
    private readonly runs: RunsRepository,
    private readonly access: DatasetAccess,
    private readonly logs: LogStore,
  ) {}

  async list(actor: Actor | null, datasetId: number): Promise<SystemFile[]> {
    await this.access.require(actor, datasetId, 'read');
    return (await this.runs.systemFiles(datasetId)).map(toSystemFile);
  }

  async open(actor: Actor | null, id: number): Promise<SystemFileContent> {
    const row = await this.runs.systemFile(id);
    if (!row || row.datasetId === null) throw notFound(SYSTEM_FILE_NOT_FOUND);
    try {
      await this.access.require(actor, row.datasetId, 'read');
    } catch (err) {
      // Not being allowed to read the dataset looks like the file not existing.
      if (err instanceof HttpError && err.statusCode === 404) throw notFound(SYSTEM_FILE_NOT_FOUND);
      throw err;
    }
    return { name: row.name, size: row.size, stream: this.logs.read(row.blobKey, { end: row.size }) };
  }
}
