/**
 * Dashboards (spec 3 §2.2, §3, §4): list per group, read, create, update, delete, lock and unlock.
 * A dashboard belongs to a group: its members and administrators read and change it, everyone else gets 404.
 * A locked dashboard refuses update and delete (409) until it is unlocked. Every dataset variable must name a
 * dataset the caller can read, so a dashboard cannot become a way to look into someone else's data.
 */
import type { Dashboard, DashboardBody } from '@corridor/contract';
import { requireUser, type Actor } from '../../shared/access.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import type { DatasetAccess } from '../datasets/access.ts';
import type { GroupAccess } from './group-access.ts';
import type { DashboardContent, DashboardRow, DashboardsRepository } from './repository.ts';

export const DASHBOARD_NOT_FOUND = 'The dashboard could not be found.';
/** Spec 3 §2.2 names this text for the locked view; the server refuses changes with the same words. */
export const DASHBOARD_LOCKED = 'Dashboard is locked.';

export class DashboardsService {
  constructor(
    private readonly dashboards: DashboardsRepository,
    private readonly groups: GroupAccess,
    private readonly datasets: DatasetAccess,
  ) {}

  async list(actor: Actor | null, groupId: number): Promise<Dashboard[]> {
    await this.groups.require(actor, groupId);
    return (await this.dashboards.list(groupId)).map(present);
  }

  async get(actor: Actor | null, id: number): Promise<Dashboard> {
    return present(await this.readable(actor, id));
  }

  async create(actor: Actor | null, body: DashboardBody): Promise<{ id: number }> {
    const user = await this.groups.require(actor, body.groupId);
    await this.requireVariables(actor, body);
    const id = await this.dashboards.insert({ ...contentOf(body), locked: body.locked ?? false, createdBy: user.userId });
    return { id };
  }

  /** `locked` in the body is ignored: only the lock calls change it. Moving to another group needs both groups. */
  async update(actor: Actor | null, id: number, body: DashboardBody): Promise<Dashboard> {
    const current = await this.readable(actor, id);
    if (current.locked) throw conflict(DASHBOARD_LOCKED);
    if (body.groupId !== current.groupId) await this.groups.require(actor, body.groupId);
    await this.requireVariables(actor, body, current.variables as DashboardBody['variables']);
    if (!(await this.dashboards.update(id, contentOf(body)))) await this.refuseGoneOrLocked(id);
    return present((await this.dashboards.find(id))!);
  }

  async delete(actor: Actor | null, id: number): Promise<void> {
    const current = await this.readable(actor, id);
    if (current.locked) throw conflict(DASHBOARD_LOCKED);
    if (!(await this.dashboards.delete(id))) await this.refuseGoneOrLocked(id);
  }

  async setLocked(actor: Actor | null, id: number, locked: boolean): Promise<Dashboard> {
    await this.readable(actor, id);
    await this.dashboards.setLocked(id, locked);
    return present((await this.dashboards.find(id))!);
  }

  private async readable(actor: Actor | null, id: number): Promise<DashboardRow> {
    const user = requireUser(actor);
    const row = await this.dashboards.find(id);
    // An unknown id and another group's dashboard answer alike.
    if (!row) throw notFound(DASHBOARD_NOT_FOUND);
    await this.groups.require(user, row.groupId, DASHBOARD_NOT_FOUND);
    return row;
  }

  /**
   * Every variable's dataset the caller adds must be readable by them (the 404 names no dataset). Variables the
   * dashboard had already stay without a check: another member of the team may have added a dataset shared
   * with them alone, and the autosave of everyone else must not fail on it.
   */
  private async requireVariables(actor: Actor | null, body: DashboardBody, kept: DashboardBody['variables'] = []): Promise<void> {
    const known = new Set(kept.map((v) => v.id));
    for (const id of new Set(body.variables.map((v) => v.id))) {
      if (!known.has(id)) await this.datasets.require(actor, id, 'read');
    }
  }

  /** The row changed between the check and the write: it was locked or deleted meanwhile. */
  private async refuseGoneOrLocked(id: number): Promise<never> {
    const row = await this.dashboards.find(id);
    throw row ? conflict(DASHBOARD_LOCKED) : notFound(DASHBOARD_NOT_FOUND);
  }
}

function contentOf(body: DashboardBody): DashboardContent {
  return { groupId: body.groupId, name: body.name, items: body.items, variables: body.variables, options: body.options };
}

function present(row: DashboardRow): Dashboard {
  return {
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    locked: row.locked,
    items: row.items as Dashboard['items'],
    variables: row.variables as Dashboard['variables'],
    options: row.options as Dashboard['options'],
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  };
}
