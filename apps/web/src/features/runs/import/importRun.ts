/**
 * The import of a finished run (spec 3 §4 "Run import", §7 "Runs and import"): create the run dataset, bring in
 * the files (uploaded from this computer, or taken from the server's file system), attach each to the run, then
 * post the runImported event that starts the server's post-processing. A step that fails after the run exists
 * says which step and which run, so the page can offer to open or delete it instead of leaving it silently.
 */
import { CreateDatasetAnswer, type CreateRunDatasetRequest, type FileEntry, type RunEventRequest, UploadAnswer } from '@corridor/contract';
import { api } from '../../../api/client.ts';
import { postWithProgress } from '../../../api/upload.ts';
import { importServerFiles } from './serverFiles.ts';
import { importRequest } from './serverSelection.ts';

export type ImportStep = 'create' | 'upload' | 'attach' | 'event';

/** A failed step; `runId` is the run already created (null when creating it failed). */
export class ImportFailure extends Error {
  constructor(
    readonly step: ImportStep,
    readonly runId: number | null,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ImportFailure';
  }
}

export interface RunFields {
  groupId: number;
  name: string;
  description: string;
  crs: string;
}

export type ImportSource =
  | { kind: 'local'; files: readonly File[]; onProgress: (index: number, fraction: number) => void }
  | { kind: 'server'; selection: readonly string[]; includeIters: boolean };

async function step<T>(name: ImportStep, runId: number | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ImportFailure(name, runId, error);
  }
}

/** POST /datasets/datasets for a run: type run, `__imported` and the chosen CRS; the server derives the key (spec 3 §3). */
function createRun(fields: RunFields) {
  const body: CreateRunDatasetRequest = {
    groupId: fields.groupId,
    name: fields.name.trim(),
    description: fields.description,
    type: 'run',
    attributes: { __crs: fields.crs, __imported: true },
  };
  return api.post('/datasets/datasets', CreateDatasetAnswer, { json: body });
}

function attach(runId: number, file: Pick<FileEntry, 'id'>) {
  return api.post(`/datasets/datasets/${runId}/files/${file.id}`);
}

/** One file at a time, each attached as soon as it arrived (a later failure leaves no file outside the run). */
async function uploadEach(runId: number, files: readonly File[], onProgress: (index: number, fraction: number) => void) {
  for (const [index, file] of files.entries()) {
    const form = new FormData();
    form.append('files[]', file, file.name);
    const answer = await step('upload', runId, () => postWithProgress('/datasets/files', form, UploadAnswer, (fraction) => onProgress(index, fraction)));
    for (const entry of answer.files) await step('attach', runId, () => attach(runId, entry));
  }
}

/** Runs the whole import; resolves with the new run's id, or rejects with an ImportFailure. */
export async function importRun(fields: RunFields, source: ImportSource): Promise<number> {
  const { id } = await step('create', null, () => createRun(fields));
  if (source.kind === 'local') {
    await uploadEach(id, source.files, source.onProgress);
  } else {
    const files = await step('upload', id, () => importServerFiles(importRequest(source.selection, source.includeIters)));
    for (const entry of files) await step('attach', id, () => attach(id, entry));
  }
  const event: RunEventRequest = { timestamp: new Date().toISOString(), type: 'runImported', data: {} };
  await step('event', id, () => api.post(`/datasets/datasets/${id}/events`, undefined, { json: event }));
  return id;
}
