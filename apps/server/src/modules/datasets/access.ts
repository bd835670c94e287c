/**
 * Who may do what with a dataset (docs/decisions.md, "Dataset access"):
 * - read and edit: members of the dataset's group, users with an access entry (OWNER or granted USER), admins;
 * - manage (delete, move to another team): members of the group and admins — not users who were only granted;
 * - grant (change the access list): the OWNER (the creator) and admins.
 * Anyone else gets 404, as if the dataset did not exist; a signed-out caller gets 401.
 */
import { isAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { forbidden, notFound } from '../../shared/errors.ts';
import type { DatasetRow, DatasetsRepository } from './repository.ts';
import type { Viewer } from './visibility.ts';

export type DatasetRight = 'read' | 'edit' | 'manage' | 'grant';

export const DATASET_NOT_FOUND = 'The dataset could not be found.';

export interface Permitted {
  user: Actor;
  viewer: Viewer;
  dataset: DatasetRow;
}

export function viewerOf(user: Actor): Viewer {
  return { userId: user.userId, admin: isAdmin(user) };
}

export class DatasetAccess {
  constructor(private readonly datasets: DatasetsRepository) {}

  async require(actor: Actor | null, id: number, right: DatasetRight): Promise<Permitted> {
    const user = requireUser(actor);
    const viewer = viewerOf(user);
    const dataset = await this.datasets.findById(id);
    if (!dataset) throw notFound(DATASET_NOT_FOUND);
    if (viewer.admin) return { user, viewer, dataset };
    const { member, access } = await this.datasets.relation(id, dataset.groupId, user.userId);
    if (!member && !access) throw notFound(DATASET_NOT_FOUND);
    if (right === 'manage' && !member) {
      throw forbidden(`Only members of the ${dataset.type}'s team can do this.`);
    }
    if (right === 'grant' && access !== 'OWNER') {
      throw forbidden(`Only the ${dataset.type}'s owner can change who has access.`);
    }
    return { user, viewer, dataset };
  }
}
