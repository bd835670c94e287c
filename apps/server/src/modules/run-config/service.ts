/**
 * The configuration a run was scheduled with (GET /datasets/run/{id}/config, for Compare Runs): its job's config
 * file with the job's `--config:module.param=value` program arguments applied (the built-in engine's rule,
 * `configOverrides`); for a run without a job (an imported run) its `*output_config.xml`; else none.
 * Read access is the dataset's; anything but a run answers 404.
 */
import type { RunConfigAnswer } from '@corridor/contract';
import { configOverrides } from '@corridor/engine';
import { MatsimFormatError, setParam, type Config } from '@corridor/matsim';
import type { Actor } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { DATASET_NOT_FOUND, type DatasetAccess } from '../datasets/access.ts';
import type { ConfigFileRow, RunConfigRepository } from './repository.ts';
import { TooLargeToProcessError } from '../../workers/errors.ts';
import { askedBy, storedBlob, type Asker, type Processing } from '../../workers/processing.ts';

export interface RunConfigDeps {
  repository: RunConfigRepository;
  access: DatasetAccess;
  blobs: BlobStore;
  /** Reads the config off the main thread. */
  processing: Processing;
}

/** What MATSim names the config it writes: `output_config.xml`, or `<runId>.output_config.xml` (maybe gzipped). */
const OUTPUT_CONFIG = /(^|\.)output_config\.xml(\.gz)?$/;

/** Program arguments word by word, as the runner splits them (apps/runner `splitWords`: no quoting). */
const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');

export class RunConfigService {
  constructor(private readonly deps: RunConfigDeps) {}

  async get(actor: Actor | null, runId: number): Promise<RunConfigAnswer> {
    const { dataset, user } = await this.deps.access.require(actor, runId, 'read');
    if (dataset.type !== 'run') throw notFound(DATASET_NOT_FOUND);
    const asker = askedBy(user);
    const scheduled = await this.deps.repository.jobConfig(runId);
    if (scheduled) {
      const overrides = configOverrides(words(scheduled.programArgs));
      return this.answer(runId, scheduled.file, asker, (config) =>
        overrides.reduce((result, { module, param, value }) => setParam(result, module, param, value), config),
      );
    }
    const output = (await this.deps.repository.runConfigFiles(runId)).find((file) => OUTPUT_CONFIG.test(file.name));
    if (output) return this.answer(runId, output, asker, (config) => config);
    return { runId, source: null, config: null };
  }

  /** A file that does not read as a config (or is too large to) answers its source with `config: null`. */
  private async answer(runId: number, file: ConfigFileRow, asker: Asker, change: (config: Config) => Config): Promise<RunConfigAnswer> {
    const source = { fileId: file.id, name: file.name };
    try {
      return { runId, source, config: change(await this.deps.processing.config(storedBlob(this.deps.blobs, file.blobKey), asker)) };
    } catch (err) {
      if (err instanceof MatsimFormatError || err instanceof TooLargeToProcessError) return { runId, source, config: null };
      throw err;
    }
  }
}
