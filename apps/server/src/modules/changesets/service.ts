/**
 * A scenario's changesets (spec 1 §2.10, spec 2 §7): list, create, save (modifications) or rename, delete.
 * Reading needs read access to the scenario, writing edit access; others get 404 (or 401 when anonymous).
 * A save's DRT groups are written as files and never kept in the changeset (spec 2 §4, `drt-save/service.ts`).
 */
import type { Changeset, Modification } from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { DrtSave } from '../drt-save/service.ts';
import type { ChangesetContent, ChangesetsRepository } from './repository.ts';

const NOT_FOUND = 'The changeset could not be found.';

export class ChangesetsService {
  constructor(
    private readonly changesets: ChangesetsRepository,
    private readonly access: DatasetAccess,
    private readonly drtSave?: DrtSave,
  ) {}

  async list(actor: Actor | null, datasetId: number): Promise<Changeset[]> {
    await this.access.require(actor, datasetId, 'read');
    return this.changesets.list(datasetId);
  }

  /**
   * A new changeset. When its DRT groups were written as files and nothing is left to keep, no changeset is made:
   * the answer has id -1 (spec 2 §4 "If the answer has id -1, a fresh empty changeset starts").
   */
  async create(actor: Actor | null, datasetId: number, input: { name: string } & ChangesetContent): Promise<Changeset> {
    const { user } = await this.access.require(actor, datasetId, 'edit');
    const drt = await this.writeDrt(user, datasetId, input);
    const content = { ...input, modifications: drt.modifications, baseFile: drt.baseFile };
    if (drt.wrote && drt.modifications.length === 0) return unsaved(datasetId, input.name, content);
    return this.changesets.insert(datasetId, input.name, content);
  }

  /**
   * A save replaces name, modifications and the save fields (saveOptions, newFileNames, baseFile: kept as sent and
   * answered back); without modifications it only renames.
   */
  async save(actor: Actor | null, datasetId: number, id: number, input: { name: string; modifications?: Modification[] } & Partial<ChangesetContent>): Promise<Changeset> {
    const { user } = await this.access.require(actor, datasetId, 'edit');
    const { name, modifications, saveOptions, newFileNames, baseFile } = input;
    if (!modifications) {
      const row = await this.changesets.update(datasetId, id, name);
      if (!row) throw notFound(NOT_FOUND);
      return row;
    }
    // The changeset must exist before files are written for it. A save leaving nothing keeps its (empty) row.
    if (!(await this.changesets.exists(datasetId, id))) throw notFound(NOT_FOUND);
    const drt = await this.writeDrt(user, datasetId, { modifications, saveOptions, newFileNames, baseFile });
    const row = await this.changesets.update(datasetId, id, name, { modifications: drt.modifications, saveOptions, newFileNames, baseFile: drt.baseFile });
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private async writeDrt(user: Actor, datasetId: number, content: ChangesetContent) {
    if (!this.drtSave) return { modifications: content.modifications, baseFile: content.baseFile, wrote: false };
    return this.drtSave.write(user, datasetId, content);
  }

  async delete(actor: Actor | null, datasetId: number, id: number): Promise<void> {
    await this.access.require(actor, datasetId, 'edit');
    if (!(await this.changesets.delete(datasetId, id))) throw notFound(NOT_FOUND);
  }
}

/** Spec 2 §7 "the changeset, or id -1": everything was written to files, no changeset is kept. */
function unsaved(datasetId: number, name: string, content: ChangesetContent): Changeset {
  const { saveOptions, newFileNames, baseFile } = content;
  return { id: -1, name, fkDataset: datasetId, modifications: [], ...(saveOptions ? { saveOptions } : {}), ...(newFileNames ? { newFileNames } : {}), ...(baseFile ? { baseFile } : {}) };
}
