/** SQL for teams (groups) and their memberships. */
import type { TeamRole } from '@corridor/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { groups, memberships, users } from '../../db/schema.ts';

export interface GroupRow {
  id: number;
  name: string;
  personal: boolean;
}

export interface MemberRow {
  groupId: number;
  userId: number;
  username: string;
  role: TeamRole;
}

export class GroupsRepository {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<GroupRow | null> {
    const rows = await this.db.select({ id: groups.id, name: groups.name, personal: groups.personal }).from(groups).where(eq(groups.id, id));
    return rows[0] ?? null;
  }

  /** All groups, or those the user is a member of; teams by name after the personal group. */
  list(userId: number | null): Promise<GroupRow[]> {
    const query = this.db.select({ id: groups.id, name: groups.name, personal: groups.personal }).from(groups);
    const filtered =
      userId === null
        ? query
        : query.where(sql`exists (select 1 from ${memberships} where ${memberships.groupId} = ${groups.id} and ${memberships.userId} = ${userId})`);
    return filtered.orderBy(sql`${groups.personal} desc`, sql`lower(${groups.name})`);
  }

  async members(groupIds: number[]): Promise<MemberRow[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db
      .select({ groupId: memberships.groupId, userId: users.id, username: users.username, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(inArray(memberships.groupId, groupIds))
      .orderBy(asc(users.username));
    return rows as MemberRow[];
  }

  async role(groupId: number, userId: number): Promise<TeamRole | null> {
    const rows = await this.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)));
    return (rows[0]?.role as TeamRole | undefined) ?? null;
  }

  /** The team and its creator as owner, in one transaction. */
  async createTeam(name: string, ownerId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [group] = await tx.insert(groups).values({ name, personal: false }).returning({ id: groups.id });
      await tx.insert(memberships).values({ groupId: group!.id, userId: ownerId, role: 'owner' });
      return group!.id;
    });
  }

  /** Adds a member; an existing membership keeps its role. */
  async addMember(groupId: number, userId: number): Promise<void> {
    await this.db.insert(memberships).values({ groupId, userId, role: 'member' }).onConflictDoNothing();
  }

  async removeMember(groupId: number, userId: number): Promise<void> {
    await this.db.delete(memberships).where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)));
  }

  async setRole(groupId: number, userId: number, role: TeamRole): Promise<void> {
    await this.db.update(memberships).set({ role }).where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)));
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.update(groups).set({ name }).where(eq(groups.id, id));
  }

  async ownerCount(groupId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.role, 'owner')));
    return Number(row?.n ?? 0);
  }
}
