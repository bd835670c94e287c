/**
 * Teams (spec 3 §2.7, §2.11, §7 "Accounts and teams"): create, list, read, rename, members and roles. Members and admins
 * may read a team; its owners and admins change it. Personal groups keep their one user.
 */
import type { Group, TeamRole } from '@corridor/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { isAdmin, requireUser, type Actor } from '../../shared/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors.ts';
import { actedBy, NO_EVENTS, type EventLog } from '../../shared/events.ts';
import type { AccountsRepository } from '../accounts/repository.ts';
import { USERNAME_PATTERN } from '../accounts/service.ts';
import { renameUnique } from '../admin-accounts/unique-rename.ts';
import type { GroupRow, GroupsRepository } from './repository.ts';

export const TEAM_EXISTS = 'The new team could not be created, probably there is already one with that name.';
const NOT_FOUND = 'The team could not be found.';
const TEAM_NAME_RULE = 'A team name has 2 to 64 characters: letters, digits, ".", "_" or "-".';
const NAME_TAKEN = 'That name is already taken by a user or a team.';

export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly accounts: AccountsRepository,
    private readonly events: EventLog = NO_EVENTS,
  ) {}

  async create(actor: Actor | null, rawName: string): Promise<Group> {
    const user = requireUser(actor);
    const name = rawName.trim();
    if (!USERNAME_PATTERN.test(name)) {
      throw badRequest(TEAM_NAME_RULE);
    }
    // Team and user names share one namespace: both appear as /{group} in addresses.
    if (await this.accounts.isNameTaken(name)) throw conflict(TEAM_EXISTS);
    try {
      const groupId = await this.groups.createTeam(name, user.userId);
      this.events.info({ event: 'team.created', groupId, team: name, ...actedBy(user) }, 'team created');
      return this.present(await this.requireGroup(groupId));
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(TEAM_EXISTS);
      throw err;
    }
  }

  /** The caller's groups (personal first); every group for an administrator. */
  async list(actor: Actor | null): Promise<Group[]> {
    const user = requireUser(actor);
    const rows = await this.groups.list(isAdmin(user) ? null : user.userId);
    const members = await this.groups.members(rows.map((g) => g.id));
    return rows.map((g) => this.shape(g, members.filter((m) => m.groupId === g.id)));
  }

  async get(actor: Actor | null, id: number): Promise<Group> {
    const user = requireUser(actor);
    const group = await this.requireGroup(id);
    if (!isAdmin(user) && !(await this.groups.role(id, user.userId))) throw forbidden('You are not a member of this team.');
    return this.present(group);
  }

  async addMember(actor: Actor | null, id: number, username: string): Promise<Group> {
    const group = await this.requireOwner(actor, id);
    if (group.personal) throw badRequest('A personal group cannot have other members.');
    const member = await this.accounts.findUserByName(username.trim());
    if (!member) throw notFound('The user could not be found.');
    await this.groups.addMember(id, member.id);
    this.events.info({ event: 'team.member-added', groupId: id, team: group.name, userId: member.id, ...actedBy(actor) }, 'team member added');
    return this.present(group);
  }

  async removeMember(actor: Actor | null, id: number, userId: number): Promise<Group> {
    const group = await this.requireOwner(actor, id);
    if (userId === actor!.userId) throw badRequest('You cannot remove yourself from the team.');
    const role = await this.groups.role(id, userId);
    if (!role) throw notFound('This user is not a member of the team.');
    if (group.personal) throw badRequest('A personal group keeps its user.');
    if (role === 'owner' && (await this.groups.ownerCount(id)) <= 1) throw badRequest('A team needs at least one owner.');
    await this.groups.removeMember(id, userId);
    this.events.info({ event: 'team.member-removed', groupId: id, team: group.name, userId, ...actedBy(actor) }, 'team member removed');
    return this.present(group);
  }

  async setRole(actor: Actor | null, id: number, userId: number, role: TeamRole): Promise<Group> {
    const group = await this.requireOwner(actor, id);
    if (group.personal) throw badRequest('The roles in a personal group cannot change.');
    const current = await this.groups.role(id, userId);
    if (!current) throw notFound('This user is not a member of the team.');
    if (current === 'owner' && role !== 'owner' && (await this.groups.ownerCount(id)) <= 1) {
      throw badRequest('A team needs at least one owner.');
    }
    await this.groups.setRole(id, userId, role);
    this.events.info({ event: 'team.role-changed', groupId: id, team: group.name, userId, from: current, to: role, ...actedBy(actor) }, 'team role changed');
    return this.present(group);
  }

  /** Teams only: a personal group carries its user's name and changes with it. */
  async rename(actor: Actor | null, id: number, rawName: string): Promise<Group> {
    const group = await this.requireOwner(actor, id);
    if (group.personal) throw badRequest('A personal group is renamed with its user.');
    const name = rawName.trim();
    if (!USERNAME_PATTERN.test(name)) throw badRequest(TEAM_NAME_RULE);
    await renameUnique(this.accounts, group.name, name, NAME_TAKEN, () => this.groups.rename(id, name));
    this.events.info({ event: 'team.renamed', groupId: id, from: group.name, to: name, ...actedBy(actor) }, 'team renamed');
    return this.present({ ...group, name });
  }

  private async requireGroup(id: number): Promise<GroupRow> {
    const group = await this.groups.find(id);
    if (!group) throw notFound(NOT_FOUND);
    return group;
  }

  private async requireOwner(actor: Actor | null, id: number): Promise<GroupRow> {
    const user = requireUser(actor);
    const group = await this.requireGroup(id);
    if (isAdmin(user)) return group;
    const role = await this.groups.role(id, user.userId);
    if (role !== 'owner') throw forbidden(role ? 'Only an owner of the team can do this.' : 'You are not a member of this team.');
    return group;
  }

  private async present(group: GroupRow): Promise<Group> {
    return this.shape(group, await this.groups.members([group.id]));
  }

  private shape(group: GroupRow, members: { userId: number; username: string; role: TeamRole }[]): Group {
    return {
      id: group.id,
      name: group.name,
      personal: group.personal,
      // A membership has no id of its own; the user id identifies it within the group.
      members: members.map((m) => ({ id: m.userId, userId: m.userId, username: m.username, role: m.role })),
    };
  }
}
