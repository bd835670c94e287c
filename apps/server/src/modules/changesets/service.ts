/**
 * A scenario's changesets (spec 1 §2.10, spec 2 §7): list, create, save (modifications) or rename, delete.
 * Reading needs read access to the scenario, writing edit access; others get 404 (or 401 when anonymous).
 */
import type { Changeset, Modification } from '@corridor/contract';
import type { Actor } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { ChangesetContent, ChangesetsRepository } from './repository.ts';

const NOT_FOUND = 'The changeset could not be found.';

export class ChangesetsService {
  constructor(
    private readonly changesets: ChangesetsRepository,
    private readonly access: DatasetAccess,
  ) {}

  async list(actor: Actor | null, datasetId: number): Promise<Changeset[]> {
    await this.access.require(actor, datasetId, 'read');
    return this.changesets.list(datasetId);
  }

  async create(actor: Actor | null, datasetId: number, input: { name: string } & ChangesetContent): Promise<Changeset> {
    await this.access.require(actor, datasetId, 'edit');
    return this.changesets.insert(datasetId, input.name, input);
  }

  /**
   * A save replaces name, modifications and the save fields (saveOptions, newFileNames, baseFile: kept as sent and
   * answered back); without modifications it only renames.
   */
  async save(actor: Actor | null, datasetId: number, id: number, input: { name: string; modifications?: Modification[] } & Partial<ChangesetContent>): Promise<Changeset> {
    await this.access.require(actor, datasetId, 'edit');
    const { name, modifications, saveOptions, newFileNames, baseFile } = input;
    const row = await this.changesets.update(datasetId, id, name, modifications ? { modifications, saveOptions, newFileNames, baseFile } : undefined);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  async delete(actor: Actor | null, datasetId: number, id: number): Promise<void> {
    await this.access.require(actor, datasetId, 'edit');
    if (!(await this.changesets.delete(datasetId, id))) throw notFound(NOT_FOUND);
  }
}
