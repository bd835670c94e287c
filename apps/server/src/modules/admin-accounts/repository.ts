/** SQL for the administration of accounts: the user list, states, renames. No rules here: see service.ts. */
import type { AccountState } from '@corridor/contract';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { groups, loginTokens, memberships, users } from '../../db/schema.ts';

export interface AccountRow {
  id: number;
  username: string;
  roles: string[];
  state: string;
  registered: Date;
  lastActive: Date | null;
}

export class AdminAccountsRepository {
  constructor(private readonly db: Db) {}

  /** A page of users by username, and how many match the search in all. */
  async list(search: string | undefined, offset: number, limit: number): Promise<{ rows: AccountRow[]; total: number }> {
    const where = search ? sql`strpos(lower(${users.username}), lower(${search})) > 0` : undefined;
    const rows = await this.db
      .select({ id: users.id, username: users.username, roles: users.roles, state: users.state, registered: users.registered, lastActive: users.lastActive })
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.username})`, asc(users.id))
      .offset(offset)
      .limit(limit);
    return { rows, total: await this.count(where) };
  }

  countActive(): Promise<number> {
    return this.count(eq(users.state, 'active'));
  }

  /** How many of these users are not in `state` now (the ones a change would touch). */
  async countOthers(ids: number[], state: AccountState): Promise<number> {
    return this.count(and(inArray(users.id, ids), ne(users.state, state)));
  }

  async existing(ids: number[]): Promise<number[]> {
    const rows = await this.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    return rows.map((r) => r.id);
  }

  /** Sets the state; blocking also deletes the users' login tokens, so their devices stay signed out. */
  async setState(ids: number[], state: AccountState): Promise<number> {
    return this.db.transaction(async (tx) => {
      const changed = await tx.update(users).set({ state }).where(and(inArray(users.id, ids), ne(users.state, state))).returning({ id: users.id });
      if (state === 'blocked') await tx.delete(loginTokens).where(inArray(loginTokens.userId, ids));
      return changed.length;
    });
  }

  /** Renames the user and their personal group together (both are the name in `/{group}` addresses). */
  async rename(userId: number, name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ username: name }).where(eq(users.id, userId));
      const personal = tx
        .select({ id: memberships.groupId })
        .from(memberships)
        .where(eq(memberships.userId, userId));
      await tx.update(groups).set({ name }).where(and(eq(groups.personal, true), inArray(groups.id, personal)));
    });
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
    return Number(row?.n ?? 0);
  }
}
