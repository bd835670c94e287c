import { z } from 'zod';
import { Int32, RowId, RowIdText } from './integers.ts';
import { BaseFiles, CHANGESET_ONLY_GROUPS, ChangesetBody, changesetOnlyMessage, Modification, NewFileNames, SaveOptions } from './changesets.ts';
import { DRT_FILE_KIND_OF_GROUP, DRT_SAVE_GROUP_LIST, drtFileOnlyMessage, drtOverwriteWithoutBaseMessage } from './drt-save.ts';
import { FileName, MultilineText, Name, NAME_MAX, PlainText, refineJsonText } from './strings.ts';

/** Dataset kinds: scenarios now, runs from issue 6 on (one table, spec 1 §3). */
export const DatasetType = z.enum(['scenario', 'run']);
export type DatasetType = z.infer<typeof DatasetType>;

/** A scenario/run key: a slug, unique per group and type. */
export const DatasetKey = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'A key may contain lower-case letters, digits and "-", and starts with a letter or digit.');

/** Keys a scenario cannot have: they name the group's own pages (/{group}/runs, …; spec 1 §2.1). */
export const RESERVED_SCENARIO_KEYS = ['scenarios', 'settings', 'runs', 'visualizer', 'dashboards', 'compare'] as const;

/**
 * `__crsDetected` (issue 24, kept by the server): the coordinate system found in a file of the dataset — a config's
 * `global.coordinateSystem` or a network's `coordinateReferenceSystem` attribute. `value` as the file writes it,
 * `code` the catalogue's (null when unknown), `applied` when the server set it as `__crs` because there was none.
 */
export const DetectedCrs = z.object({
  code: z.string().nullable(),
  name: z.string().nullable(),
  value: z.string(),
  fileId: z.number().int(),
  fileName: z.string(),
  field: z.enum(['global.coordinateSystem', 'coordinateReferenceSystem']),
  applied: z.boolean(),
});
export type DetectedCrs = z.infer<typeof DetectedCrs>;

/** Well-known dataset attributes (spec 1 §3); other keys are kept as they are. */
export const DatasetAttributes = z
  .object({
    __crs: z.string().optional(),
    __jobType: z.union([z.number().int(), z.string()]).optional(),
  })
  .catchall(z.unknown());
export type DatasetAttributes = z.infer<typeof DatasetAttributes>;

/** Attributes as clients send them: the well-known ones checked, no control characters in any key or text. */
export const DatasetAttributesInput = z
  .object({
    __crs: MultilineText().optional(),
    __jobType: z.union([Int32, PlainText().max(NAME_MAX)]).optional(),
  })
  .catchall(z.unknown())
  .superRefine((attributes, ctx) => refineJsonText(attributes, ctx));

export const FileUsage = z.object({ id: z.number().int(), name: z.string() });

/** A file as the scenario file table shows it (spec 1 §3 "File"). */
export const FileEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  /** ISO timestamps. */
  added: z.string(),
  modified: z.string(),
  /** "user" for uploaded/created files; "system" for logs and other platform-written files. */
  type: z.string(),
  /** The data-type tag from packages/matsim sniffing (`network_v2`, …), null when unknown. */
  tag: z.string().nullable(),
  usages: z.array(FileUsage),
  attributes: z.record(z.string(), z.unknown()),
});
export type FileEntry = z.infer<typeof FileEntry>;

/** A scenario (or run) with its files (spec 1 §3 "Scenario"). */
export const Dataset = z.object({
  id: z.number().int(),
  type: DatasetType,
  key: z.string(),
  name: z.string(),
  description: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  attributes: DatasetAttributes,
  created: z.string(),
  modified: z.string(),
  files: z.array(FileEntry),
});
export type Dataset = z.infer<typeof Dataset>;

/** List entries (no files): GET /datasets/scenarios. */
export const DatasetSummary = Dataset.omit({ files: true }).extend({
  /** Whether GET /datasets/scenarios/{id}/preview.png draws a network (else a placeholder). */
  hasNetwork: z.boolean(),
});
export type DatasetSummary = z.infer<typeof DatasetSummary>;

export const DatasetListQuery = z.object({ groupId: RowIdText.optional() });

export const CreateDatasetRequest = z.object({
  groupId: RowId,
  key: DatasetKey,
  name: Name(),
  description: MultilineText().default(''),
  type: z.literal('scenario'),
  /** A scenario template key; "empty" (or absent) for an empty scenario. */
  template: PlainText().max(NAME_MAX).default('empty'),
  attributes: DatasetAttributesInput.default({}),
});
export type CreateDatasetRequest = z.infer<typeof CreateDatasetRequest>;

export const CreateDatasetAnswer = z.object({ id: z.number().int(), key: z.string() });

export const UpdateDatasetRequest = z.object({
  name: Name(),
  key: DatasetKey,
  description: MultilineText(),
  attributes: DatasetAttributesInput.optional(),
});
export type UpdateDatasetRequest = z.infer<typeof UpdateDatasetRequest>;
export const UpdateDatasetAnswer = z.object({ key: z.string() });

const EMPTY_NAME = 'The name must not be empty.';
/** Renames a scenario or run: the same limits as on create. */
export const RenameRequest = z.object({ name: Name(NAME_MAX, EMPTY_NAME) });
/** Renames a file: the same rules as upload and create (PUT /datasets/files/init). */
export const RenameFileRequest = z.object({ name: FileName(EMPTY_NAME) });
export const DescriptionRequest = z.object({ description: MultilineText() });

export const MoveDatasetRequest = z.object({ newTeam: RowId });
export const MoveDatasetAnswer = z.object({ groupId: z.number().int(), groupName: z.string(), key: z.string() });

export const AccessType = z.enum(['OWNER', 'USER']);
export const AccessEntry = z.object({ userId: z.number().int(), username: z.string(), accessType: AccessType });
export type AccessEntry = z.infer<typeof AccessEntry>;
export const AddAccessRequest = z.object({ username: PlainText().min(1) });

/** POST /datasets/files (multipart `files[]`). */
export const UploadAnswer = z.object({ files: z.array(FileEntry) });

/** PUT /datasets/files/init?fileName=&format= */
export const InitFileQuery = z.object({ fileName: FileName(), format: PlainText().max(50).optional() });
export const InitFileAnswer = z.object({ id: z.number().int() });

/** GET /datasets/files/{id}/d: derived files of a file (network previews, …). */
export const DerivedFile = z.object({ type: z.string(), filename: z.string() });
export type DerivedFile = z.infer<typeof DerivedFile>;

export const Changeset = z.object({
  id: z.number().int(),
  name: z.string(),
  fkDataset: z.number().int(),
  /** Validated on every write (`Modifications` below), so a stored changeset answers with the same kinds. */
  modifications: z.array(Modification),
  /** As the last save sent them (spec 2 §3, §7); absent when no save sent them. */
  saveOptions: SaveOptions.optional(),
  newFileNames: NewFileNames.optional(),
  baseFile: BaseFiles.optional(),
});
export type Changeset = z.infer<typeof Changeset>;

/** Modifications as the map editor writes them (spec 2 §3), and free of control characters in their texts. */
const Modifications = z.array(Modification).superRefine((modifications, ctx) => refineJsonText(modifications, ctx));

/** POST /datasets/datasets/{id}/changesets/ (spec 2 §7): id -1 (ignored), name, modifications; answers the changeset. */
export const CreateChangesetRequest = ChangesetBody.extend({
  id: Int32.optional(),
  name: Name(NAME_MAX, EMPTY_NAME).default('Untitled'),
  modifications: Modifications.default([]),
}).superRefine(saveOptionRules);

/**
 * Spec 2 §4: network and transit groups can only be saved into the changeset; DRT groups only as files, and
 * overwriting only with the base file they were loaded from.
 */
function saveOptionRules(body: { saveOptions?: SaveOptions; baseFile?: z.infer<typeof BaseFiles> }, ctx: z.RefinementCtx): void {
  for (const group of CHANGESET_ONLY_GROUPS) {
    const option = body.saveOptions?.[group];
    if (option !== undefined && option !== 'changeset') ctx.addIssue({ code: 'custom', path: ['saveOptions', group], message: changesetOnlyMessage(group) });
  }
  for (const group of DRT_SAVE_GROUP_LIST) {
    const option = body.saveOptions?.[group];
    if (option === 'changeset') ctx.addIssue({ code: 'custom', path: ['saveOptions', group], message: drtFileOnlyMessage(group) });
    if (option === 'overwrite' && !body.baseFile?.[DRT_FILE_KIND_OF_GROUP[group]]) {
      ctx.addIssue({ code: 'custom', path: ['saveOptions', group], message: drtOverwriteWithoutBaseMessage(group) });
    }
  }
}

/**
 * PUT /datasets/datasets/{scenarioId}/changesets/{id}: a save (spec 2 §7: modifications, saveOptions, newFileNames,
 * baseFile) or, without modifications, a rename (the scenario page). The path's id wins over the body's.
 */
export const SaveChangesetRequest = ChangesetBody.extend({
  id: Int32.optional(),
  name: Name(NAME_MAX, EMPTY_NAME),
  modifications: Modifications.optional(),
}).superRefine(saveOptionRules);
export type SaveChangesetRequest = z.infer<typeof SaveChangesetRequest>;

/** GET /datasets/datasets/{id}/relations: a scenario and a run made from it (empty until runs exist). */
export const Relation = z.object({
  type: z.literal('scenario-run'),
  dataset1: z.number().int(),
  dataset2: z.number().int(),
  fkJob: z.number().int().nullable(),
});
export type Relation = z.infer<typeof Relation>;

/** Statuses of background jobs on datasets (the same as runs', spec 1 §4). */
export const NetworkJobStatus = z.enum(['CREATED', 'STARTED', 'FINISHED', 'FAILED']);
export type NetworkJobStatus = z.infer<typeof NetworkJobStatus>;

/**
 * The scenario attribute `networkPostProcessingJob`: rendering the network previews after a network file was
 * attached. When FAILED, `message` says why and GET /datasets/files/{fileId}/d/{logFile} is the log.
 */
export const NetworkPostProcessingJob = z.object({
  status: NetworkJobStatus,
  fileId: z.number().int(),
  /** ISO timestamp of the last status change. */
  updated: z.string(),
  message: z.string().optional(),
  logFile: z.string().optional(),
});
export type NetworkPostProcessingJob = z.infer<typeof NetworkPostProcessingJob>;

/** Derived files of a network file, rendered by network post-processing (spec 1 §2.13). */
export const NETWORK_DERIVED_IMAGES = ['network-capacity.png', 'network-speed.png', 'model-area-screenshot.png'] as const;

/** Most files one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 30;

/** Scenario template (spec 1 §3). */
export const ScenarioTemplate = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  imageURL: z.string().nullable(),
  /** Where the scenario is downloaded from; null for templates Corridor generates itself (work offline). */
  scenarioURL: z.string().nullable(),
  crs: z.string().nullable(),
  /** Whether creating a scenario from it downloads files (issue 24: labelled "Needs internet", else "Works offline"). */
  needsInternet: z.boolean(),
});
export type ScenarioTemplate = z.infer<typeof ScenarioTemplate>;

/** GET /datasets/crs?q= */
export const CrsQuery = z.object({ q: PlainText().min(2, 'Type at least 2 characters.') });
export const Crs = z.object({ code: z.string(), name: z.string() });
export type Crs = z.infer<typeof Crs>;
