/** Scenarios (and later runs): create, list, read, edit, move, delete, and the access list (spec 1 §2.8–2.11, §7.3). */
import type {
  AccessEntry,
  CreateAnyDatasetRequest,
  CreateDatasetRequest,
  CreateRunDatasetRequest,
  Dataset,
  DatasetSummary,
  Relation,
  UpdateDatasetRequest,
} from '@corridor/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { isAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
import { removeBlobs, type BlobStore } from '../../storage/blob-store.ts';
import type { FilesRepository } from '../files/repository.ts';
import { toFileEntry } from '../files/present.ts';
import { runKeyBase, withFreeKey } from '../jobs/run-key.ts';
import type { NetworkProcessing } from '../network-processing/processor.ts';
import type { ScenarioTemplates } from '../templates/service.ts';
import { viewerOf, type DatasetAccess } from './access.ts';
import { duplicateKeyMessage, freeKey, requireUsableKey } from './keys.ts';
import { toDataset, toSummary } from './present.ts';
import type { DatasetsRepository } from './repository.ts';

export const USER_NOT_FOUND = 'The user could not be found.';
export const TEAM_NOT_FOUND = 'The team could not be found.';

/** Attributes the server maintains itself; a client cannot set them. */
const SERVER_ATTRIBUTES = new Set(['networkPostProcessingJob', 'postProcessRun', 'postProcessVehicles', '__imported', '__crsDetected']);

export interface DatasetsServiceDeps {
  datasets: DatasetsRepository;
  files: FilesRepository;
  access: DatasetAccess;
  blobs: BlobStore;
  templates: ScenarioTemplates;
  network: NetworkProcessing;
  /** Blobs that could not be removed stay as unreferenced files; they are only logged. */
  onBlobLeak: (key: string, err: unknown) => void;
}

export class DatasetsService {
  constructor(private readonly deps: DatasetsServiceDeps) {}

  async create(actor: Actor | null, input: CreateAnyDatasetRequest): Promise<{ id: number; key: string }> {
    return input.type === 'run' ? this.createImportedRun(actor, input) : this.createScenario(actor, input);
  }

  private async createScenario(actor: Actor | null, input: CreateDatasetRequest): Promise<{ id: number; key: string }> {
    const user = requireUser(actor);
    const { datasets, templates } = this.deps;
    await this.requireGroupMember(user, input.groupId);
    requireUsableKey(input.type, input.key);
    if (input.template !== 'empty' && !templates.has(input.template)) {
      throw badRequest(`There is no scenario template "${input.template}".`);
    }
    if (await datasets.keyTaken(input.groupId, input.type, input.key)) throw conflict(duplicateKeyMessage(input.type));

    // Template files are fetched and stored before the transaction: no I/O while it is open.
    const template = input.template === 'empty' ? null : await templates.materialize(input.template);
    const given = Object.fromEntries(Object.entries(clientAttributes(input.attributes)).filter(([, v]) => v !== null));
    // The template's files are in its CRS, whatever the form said.
    const attributes = { ...given, ...(template?.crs ? { __crs: template.crs } : {}) };
    try {
      const { id, fileIds } = await datasets.insert(
        { type: input.type, groupId: input.groupId, key: input.key, name: input.name, description: input.description, attributes, createdBy: user.userId },
        (template?.files ?? []).map((f) => ({ ...f, createdBy: user.userId })),
      );
      if (fileIds.length > 0) await this.deps.network.filesAttached(id, fileIds);
      return { id, key: input.key };
    } catch (err) {
      await this.removeBlobs((template?.files ?? []).map((f) => f.blobKey));
      if (isUniqueViolation(err)) throw conflict(duplicateKeyMessage(input.type));
      throw err;
    }
  }

  /**
   * A run to import (spec 3 §3): a run dataset marked `__imported`, no job yet (the runImported event makes it look
   * finished). Its key is the given one, else derived from the name; taken → the first free "-n" suffix.
   */
  private async createImportedRun(actor: Actor | null, input: CreateRunDatasetRequest): Promise<{ id: number; key: string }> {
    const user = requireUser(actor);
    const { datasets } = this.deps;
    await this.requireGroupMember(user, input.groupId);
    const attributes = { ...clientAttributes(input.attributes), __imported: true };
    const insert = async (key: string) => {
      const { id } = await datasets.insert({ type: 'run', groupId: input.groupId, key, name: input.name, description: input.description, attributes, createdBy: user.userId });
      return { id, key };
    };
    try {
      if (!input.key) {
        const base = runKeyBase(input.name);
        return await withFreeKey(base, () => datasets.keysLike(input.groupId, 'run', base), insert);
      }
      if (await datasets.keyTaken(input.groupId, 'run', input.key)) throw conflict(duplicateKeyMessage('run'));
      return await insert(input.key);
    } catch (err) {
      throw isUniqueViolation(err) ? conflict(duplicateKeyMessage('run')) : err;
    }
  }

  async list(actor: Actor | null, type: 'scenario' | 'run', groupId?: number): Promise<DatasetSummary[]> {
    const user = requireUser(actor);
    const rows = await this.deps.datasets.listVisible(viewerOf(user), type, groupId);
    return rows.map(toSummary);
  }

  async get(actor: Actor | null, id: number): Promise<Dataset> {
    const { dataset, viewer } = await this.deps.access.require(actor, id, 'read');
    const files = await this.deps.files.listForDataset(id, viewer);
    return toDataset(dataset, files.map(toFileEntry));
  }

  async update(actor: Actor | null, id: number, input: UpdateDatasetRequest): Promise<{ key: string }> {
    const { dataset } = await this.deps.access.require(actor, id, 'edit');
    requireUsableKey(dataset.type, input.key);
    if (input.key !== dataset.key && (await this.deps.datasets.keyTaken(dataset.groupId, dataset.type, input.key, id))) {
      throw conflict(duplicateKeyMessage(dataset.type));
    }
    try {
      await this.deps.datasets.update(id, { name: input.name, key: input.key, description: input.description });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(duplicateKeyMessage(dataset.type));
      throw err;
    }
    if (input.attributes) {
      await this.deps.datasets.patchAttributes(id, clientAttributes(input.attributes));
      // The map forms of the dataset's networks depend on its CRS (issue 24): a new one processes them again.
      if ('__crs' in input.attributes && (input.attributes.__crs ?? '') !== (dataset.attributes.__crs ?? '')) await this.deps.network.crsChanged(id);
    }
    return { key: input.key };
  }

  async rename(actor: Actor | null, id: number, name: string): Promise<void> {
    await this.deps.access.require(actor, id, 'edit');
    await this.deps.datasets.update(id, { name });
  }

  async describe(actor: Actor | null, id: number, description: string): Promise<void> {
    await this.deps.access.require(actor, id, 'edit');
    await this.deps.datasets.update(id, { description });
  }

  /** Moves the dataset to another group the caller belongs to; a taken key gets the first free `-n` suffix. */
  async move(actor: Actor | null, id: number, newTeam: number): Promise<{ groupId: number; groupName: string; key: string }> {
    const { user, dataset } = await this.deps.access.require(actor, id, 'manage');
    const target = await this.requireGroupMember(user, newTeam);
    if (target.id === dataset.groupId) return { groupId: target.id, groupName: target.name, key: dataset.key };
    for (let attempt = 0; ; attempt++) {
      const key = freeKey(dataset.key, await this.deps.datasets.keysLike(target.id, dataset.type, dataset.key));
      try {
        await this.deps.datasets.move(id, target.id, key);
        return { groupId: target.id, groupName: target.name, key };
      } catch (err) {
        // Someone took the key between the lookup and the update: look again.
        if (!isUniqueViolation(err) || attempt >= 3) throw err;
      }
    }
  }

  /** Deletes the dataset; files that another dataset still uses are kept, the others go with their blobs. */
  async delete(actor: Actor | null, id: number): Promise<void> {
    await this.deps.access.require(actor, id, 'manage');
    const blobKeys = await this.deps.datasets.delete(id);
    await this.removeBlobs(blobKeys);
  }

  async listAccess(actor: Actor | null, id: number): Promise<AccessEntry[]> {
    await this.deps.access.require(actor, id, 'read');
    return this.deps.datasets.listAccess(id);
  }

  async grant(actor: Actor | null, id: number, username: string): Promise<AccessEntry[]> {
    await this.deps.access.require(actor, id, 'grant');
    const grantee = await this.deps.datasets.findUserByName(username);
    if (!grantee) throw notFound(USER_NOT_FOUND);
    await this.deps.datasets.grant(id, grantee.id);
    return this.deps.datasets.listAccess(id);
  }

  async revoke(actor: Actor | null, id: number, userId: number): Promise<AccessEntry[]> {
    await this.deps.access.require(actor, id, 'grant');
    const entries = await this.deps.datasets.listAccess(id);
    const entry = entries.find((e) => e.userId === userId);
    if (!entry) throw notFound('This user has no access entry for the dataset.');
    if (entry.accessType === 'OWNER') throw badRequest("The owner's access cannot be removed.");
    await this.deps.datasets.revoke(id, userId);
    return entries.filter((e) => e.userId !== userId);
  }

  /** The scenario-run relations of a scenario (dataset1) or a run (dataset2). */
  async relations(actor: Actor | null, id: number): Promise<Relation[]> {
    await this.deps.access.require(actor, id, 'read');
    return this.deps.datasets.relations(id);
  }

  private async requireGroupMember(user: Actor, groupId: number): Promise<{ id: number; name: string }> {
    const group = await this.deps.datasets.findGroup(groupId);
    if (!group) throw notFound(TEAM_NOT_FOUND);
    if (!isAdmin(user) && !(await this.deps.datasets.isMember(groupId, user.userId))) {
      throw forbidden('You are not a member of this team.');
    }
    return group;
  }

  private async removeBlobs(keys: string[]): Promise<void> {
    await removeBlobs(this.deps.blobs, keys, (key, err) => this.deps.onBlobLeak(key, err));
  }
}

function clientAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([k, v]) => !SERVER_ATTRIBUTES.has(k) && v !== undefined));
}
