/**
 * Import of a finished run (spec 3 §3 "Run dataset creation", §4 "Run import", §7 "Runs and import"): the run
 * dataset is created by POST /datasets/datasets with type 'run', its files uploaded and attached, then the event
 * runImported starts the import post-processing.
 */
import { z } from 'zod';
import { RowId } from './integers.ts';
import { CreateDatasetRequest, DatasetAttributesInput, DatasetKey } from './datasets.ts';
import { MultilineText, Name, PlainText, refineJsonText } from './strings.ts';

/** The import page's default name (spec 3 §9). */
export const IMPORTED_RUN_NAME = 'Imported Run';

/** POST /datasets/datasets for an imported run; the key is derived from the name when absent ("imported-run", "imported-run-2", …). */
export const CreateRunDatasetRequest = z.object({
  groupId: RowId,
  key: DatasetKey.optional(),
  name: Name(),
  description: MultilineText().default(''),
  type: z.literal('run'),
  /** Runs are not made from scenario templates: any value is refused. */
  template: z.never({ error: 'A run is not created from a template.' }).optional(),
  /** __crs (the run's coordinate system) and __imported: true; the server sets __imported itself. */
  attributes: DatasetAttributesInput.default({}),
});
export type CreateRunDatasetRequest = z.infer<typeof CreateRunDatasetRequest>;

/** The body of POST /datasets/datasets: a scenario, or a run to import. */
export const CreateAnyDatasetRequest = z.discriminatedUnion('type', [CreateDatasetRequest, CreateRunDatasetRequest]);
export type CreateAnyDatasetRequest = z.infer<typeof CreateAnyDatasetRequest>;

export const RUN_EVENT_TYPES = ['runImported'] as const;

/** POST /datasets/datasets/{id}/events: the client says all files of an imported run are attached. */
export const RunEventRequest = z.object({
  /** ISO time the client sent the event; the server keeps its own time. */
  timestamp: z.union([PlainText().max(100), z.number()]).optional(),
  type: z.enum(RUN_EVENT_TYPES),
  /** Kept with the event; no control characters in any key or text. */
  data: z
    .record(z.string(), z.unknown())
    .superRefine((data, ctx) => refineJsonText(data, ctx))
    .default({}),
});
export type RunEventRequest = z.infer<typeof RunEventRequest>;

export const RUN_IMPORTED_TWICE = 'This run has been imported already.';
export const RUN_NOT_IMPORTED = 'Only an imported run takes the runImported event.';

/** GET /datasets/integrations/{file}.jar answers 404 with this (the Java client libraries are not built here). */
export const INTEGRATIONS_MESSAGE =
  'The Java client libraries are not available on this server. To report a MATSim run to Corridor while it runs, use the watch client: ' +
  'download the Corridor runner from this server (GET /api/v1/jobs/files/corridor-runner.tgz; it needs Node.js 20.19 or newer and nothing else), ' +
  'unpack it (tar xzf corridor-runner.tgz) and in that folder run ' +
  'node corridor-runner/bin/corridor-runner.mjs watch --server <url> --api-key <key> --pid <MATSim process id> </absolute/path/to/output>. ' +
  'Without --pid a run whose log stays silent for --idle-timeout seconds (default 600) is failed. ' +
  "Each output file may be at most the server's upload limit (MAX_UPLOAD_BYTES, default 2 GiB); larger files are skipped with a warning.";
