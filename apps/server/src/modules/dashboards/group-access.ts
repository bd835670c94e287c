/**
 * Who may see and change what belongs to a group (dashboards, charts): its members and administrators. Everyone
 * else gets 404 with the caller's message, as if it did not exist; a signed-out caller gets 401. Charts use it too.
 */
import { isAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { notFound } from '../../shared/errors.ts';
import type { DatasetsRepository } from '../datasets/repository.ts';

export const GROUP_NOT_FOUND = 'The team could not be found.';

export class GroupAccess {
  constructor(private readonly datasets: DatasetsRepository) {}

  /** The caller, when they are a member of the group or an administrator (and the group exists). */
  async require(actor: Actor | null, groupId: number, message = GROUP_NOT_FOUND): Promise<Actor> {
    const user = requireUser(actor);
    const allowed = isAdmin(user) ? (await this.datasets.findGroup(groupId)) !== null : await this.datasets.isMember(groupId, user.userId);
    if (!allowed) throw notFound(message);
    return user;
  }
}
