/**
 * Administration of accounts (spec 3 §2.10, §4 "Account state", §7 "Accounts and teams"): the user list, batch
 * activate/block, username changes, a user's groups. Blocking takes effect on the user's next request: sessions
 * are looked up per request (accounts resolveSession checks the state) and the user's login tokens are deleted.
 */
import type { AccountUser, BatchRequest, UserGroup, UsersAnswer, UsersQuery } from '@corridor/contract';
import { isAdmin, requireAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, forbidden, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import type { AccountsRepository } from '../accounts/repository.ts';
import { USERNAME_PATTERN, USERNAME_TAKEN } from '../accounts/service.ts';
import type { AccountRow, AdminAccountsRepository } from './repository.ts';
import type { UserSeats } from './seats.ts';
import { renameUnique } from './unique-rename.ts';

const PAGE_DEFAULT = 1000;
export const SELF_BLOCK = 'You cannot block your own account.';
export const USER_NOT_FOUND = 'The user could not be found.';
export const USERNAME_RULE = 'The username must have at least 2 characters: letters, digits, ".", "_" or "-".';

export class AdminAccountsService {
  constructor(
    private readonly admin: AdminAccountsRepository,
    private readonly accounts: AccountsRepository,
    private readonly seats: UserSeats,
    private readonly events: EventLog = NO_EVENTS,
  ) {}

  async list(actor: Actor | null, query: UsersQuery): Promise<UsersAnswer> {
    requireAdmin(actor);
    const { rows, total } = await this.admin.list(query.search || undefined, query.offset ?? 0, query.limit ?? PAGE_DEFAULT);
    return { users: rows.map(present), totalUserCount: total };
  }

  async batch(actor: Actor | null, request: BatchRequest): Promise<{ updated: number }> {
    const user = requireAdmin(actor);
    const ids = [...new Set(request.users)];
    const { state } = request.payload;
    if (state === 'blocked' && ids.includes(user.userId)) throw badRequest(SELF_BLOCK);
    const existing = await this.admin.existing(ids);
    if (existing.length !== ids.length) throw notFound(USER_NOT_FOUND);
    if (state === 'active') await this.seats.assertRoom(await this.admin.countOthers(ids, 'active'));
    const updated = await this.admin.setState(ids, state);
    this.events.info({ event: `user.${state === 'active' ? 'activated' : 'blocked'}`, userIds: ids, ...actedBy(user) }, `users ${state === 'active' ? 'activated' : 'blocked'}`);
    return { updated };
  }

  /** Renames a user and their personal group; 409 when a user, team or page has the name. */
  async rename(actor: Actor | null, userId: number, rawName: string): Promise<AccountUser> {
    const admin = requireAdmin(actor);
    const name = rawName.trim();
    if (!USERNAME_PATTERN.test(name)) throw badRequest(USERNAME_RULE);
    const current = await this.accounts.findUserById(userId);
    if (!current) throw notFound(USER_NOT_FOUND);
    await renameUnique(this.accounts, current.username, name, USERNAME_TAKEN, () => this.admin.rename(userId, name));
    this.events.info({ event: 'user.renamed', userId, from: current.username, to: name, ...actedBy(admin) }, 'user renamed');
    const { rows } = await this.admin.list(name, 0, PAGE_DEFAULT);
    return present(rows.find((row) => row.id === userId)!);
  }

  /** A user's groups, the personal one first: for administrators and the user. */
  async groups(actor: Actor | null, userId: number): Promise<UserGroup[]> {
    const user = requireUser(actor);
    if (!isAdmin(user) && user.userId !== userId) throw forbidden('Only an administrator can see the groups of other users.');
    if (!(await this.accounts.findUserById(userId))) throw notFound(USER_NOT_FOUND);
    return this.accounts.listMemberships(userId);
  }
}

function present(row: AccountRow): AccountUser {
  return {
    id: row.id,
    name: row.username,
    username: row.username,
    registeredTimestamp: row.registered.toISOString(),
    lastActiveTimestamp: row.lastActive?.toISOString() ?? null,
    roles: row.roles,
    state: row.state === 'blocked' ? 'blocked' : 'active',
  };
}
