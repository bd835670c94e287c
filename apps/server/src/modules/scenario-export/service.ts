/**
 * Export Scenario (spec 1 §2.12, issue 13): the chosen files of a scenario as one zip a modeller runs with plain
 * MATSim — the network and transit schedule with the chosen changesets applied (the run's code, in the bounded
 * worker pool; issue 28), the config pointing at the zip's files. Everything that can fail with a message (access,
 * ids, reading the config, applying the changesets) happens before the first byte is sent; nothing is stored.
 */
import type { Readable } from 'node:stream';
import {
  EXPORT_MESSAGES,
  exportZipName,
  Modification,
  SINGLE_FILE_ROLES,
  type FileRole,
  type ScenarioExportRequest,
} from '@corridor/contract';
import { collectText, MatsimFormatError, writeConfig, type Config } from '@corridor/matsim';
import type { Actor } from '../../shared/access.ts';
import { badRequest } from '../../shared/errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { tooLargeAnswer } from '../../workers/errors.ts';
import { askedBy, storedBlob, type Asker, type Processing } from '../../workers/processing.ts';
import type { ChangesetsRepository } from '../changesets/repository.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import { ChangesetNotApplicable, type ChosenChangeset } from '../jobs/apply-changesets.ts';
import type { ScenarioApplyResult } from '../jobs/apply-transit.ts';
import { applyToFiles } from '../jobs/changeset-files.ts';
import { exportConfig, zipEntries, type ExportedFile, type ZipEntry } from './export-config.ts';
import type { ExportFileRow, ScenarioExportRepository } from './repository.ts';
import { zipStream, type ZipSource } from './zip.ts';

export interface ScenarioExportDeps {
  files: ScenarioExportRepository;
  changesets: ChangesetsRepository;
  access: DatasetAccess;
  blobs: BlobStore;
  processing: Processing;
}

export interface ExportAnswer {
  fileName: string;
  stream: Readable;
}

type ExportInput = { files: ScenarioExportRequest['files']; inputs: number[]; changesets: number[] };

export class ScenarioExportService {
  constructor(private readonly deps: ScenarioExportDeps) {}

  async export(actor: Actor | null, scenarioId: number, input: ExportInput): Promise<ExportAnswer> {
    const { dataset: scenario, user } = await this.deps.access.require(actor, scenarioId, 'read');
    if (scenario.type !== 'scenario') throw badRequest(EXPORT_MESSAGES.notAScenario);
    const asker = askedBy(user);

    const chosen: { id: number; role: FileRole }[] = [
      ...SINGLE_FILE_ROLES.flatMap((role) => (input.files[role] === undefined ? [] : [{ id: input.files[role], role }])),
      ...input.inputs.map((id) => ({ id, role: 'input' as const })),
    ];
    const rows = await this.deps.files.filesOfDataset(scenario.id, chosen.map((file) => file.id));
    const missing = chosen.find((file) => !rows.has(file.id));
    if (missing) throw badRequest(EXPORT_MESSAGES.fileNotInScenario(missing.id));
    const changesets = await this.changesetsInOrder(scenario.id, input.changesets);

    const entries = zipEntries(chosen.map((file): ExportedFile => ({ ...file, name: rows.get(file.id)!.name })));
    const configRow = rows.get(input.files.config)!;
    const networkRow = rows.get(input.files.network)!;
    const config = await this.readConfig(configRow, asker);
    const scheduleRow = input.files.transitschedule === undefined ? undefined : rows.get(input.files.transitschedule);
    const edited: Partial<ScenarioApplyResult> = changesets.length > 0 ? await this.filesWithChangesets(networkRow, scheduleRow, changesets, scenario.attributes.__crs, asker) : {};
    const configText = await collectText(writeConfig(exportConfig(config, entries)));

    const sources = entries.map((entry): ZipSource => {
      if (entry.id === configRow.id) return { name: entry.zipName, bytes: Buffer.from(configText) };
      if (entry.id === networkRow.id && edited.network) return { name: entry.zipName, bytes: edited.network, compressed: isCompressed(networkRow) };
      if (entry.id === scheduleRow?.id && edited.schedule) return { name: entry.zipName, bytes: edited.schedule, compressed: isCompressed(scheduleRow) };
      return this.storedSource(entry, rows.get(entry.id)!);
    });
    return { fileName: exportZipName(scenario.key), stream: zipStream(sources) };
  }

  /** The changesets of the scenario in the chosen order; an id that is not one of them is a 400. */
  private async changesetsInOrder(scenarioId: number, ids: readonly number[]): Promise<ChosenChangeset[]> {
    if (ids.length === 0) return [];
    const own = new Map((await this.deps.changesets.list(scenarioId)).map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = own.get(id);
      if (!row) throw badRequest(EXPORT_MESSAGES.changesetNotInScenario(id));
      return { id: row.id, name: row.name, modifications: Modification.array().parse(row.modifications) };
    });
  }

  private async readConfig(row: ExportFileRow, asker: Asker): Promise<Config> {
    try {
      return await this.deps.processing.config(storedBlob(this.deps.blobs, row.blobKey), asker);
    } catch (err) {
      if (err instanceof MatsimFormatError) throw badRequest(EXPORT_MESSAGES.configUnreadable(row.name, err.message));
      throw tooLargeAnswer(err);
    }
  }

  /** The same replay a run's network and transit schedule get (`jobs/changeset-files.ts`), bounded like it; 400 with the reason. */
  private async filesWithChangesets(network: ExportFileRow, schedule: ExportFileRow | undefined, changesets: ChosenChangeset[], crs: unknown, asker: Asker): Promise<ScenarioApplyResult> {
    try {
      return await applyToFiles(this.deps, { network, ...(schedule ? { schedule } : {}), changesets, crs, noSchedule: EXPORT_MESSAGES.noTransitSchedule }, asker);
    } catch (err) {
      if (err instanceof ChangesetNotApplicable) throw badRequest(err.message);
      if (err instanceof MatsimFormatError) throw badRequest(EXPORT_MESSAGES.networkUnreadable(network.name, err.message));
      throw tooLargeAnswer(err);
    }
  }

  /** A file as stored, opened only when the zip gets to it. */
  private storedSource(entry: ZipEntry, row: ExportFileRow): ZipSource {
    return { name: entry.zipName, open: () => this.deps.blobs.read(row.blobKey), size: row.size, compressed: isCompressed(row), mtime: row.modified };
  }
}

/** Compressed content is stored in the zip as it is; deflating it again gains nothing. */
const isCompressed = (row: ExportFileRow) => typeof row.attributes.compression === 'string' || /\.(gz|zst|zip|jar|png|jpe?g)$/i.test(row.name);
