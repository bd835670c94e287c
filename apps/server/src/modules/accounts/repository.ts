/** SQL for users, groups, memberships, emails and login tokens. No rules here: see service.ts. */
import { ADMIN_ROLE, isReservedGroupName, type TeamRole } from '@corridor/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { emails, groups, loginTokens, memberships, users } from '../../db/schema.ts';

export interface NewAccount {
  username: string;
  passwordHash: string | null;
  roles: string[];
  email?: string;
  /** Default 'active'; 'blocked' for a sign-up awaiting an administrator's authorization. */
  state?: 'active' | 'blocked';
}

export interface UserRow {
  id: number;
  username: string;
  passwordHash: string | null;
  roles: string[];
  state: string;
  /** Null: the user chose no language (issue 25). */
  language: string | null;
}

export interface MembershipRow {
  groupId: number;
  groupName: string;
  personal: boolean;
  role: TeamRole;
}

export interface SessionRow {
  userId: number;
  username: string;
  roles: string[];
  state: string;
  secretHash: string;
  lastAccess: Date;
}

// Any constant works; it only has to be the same for every server process sharing the database.
const SETUP_LOCK = 7_201_001;

export class AccountsRepository {
  constructor(private readonly db: Db) {}

  async adminExists(): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${ADMIN_ROLE} = any(${users.roles})`)
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Creates the first administrator, or returns null when one exists. The advisory lock makes two setup
   * requests arriving together on PostgreSQL create one administrator, not two.
   */
  async createAdminIfNone(account: NewAccount): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
      const existing = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${ADMIN_ROLE} = any(${users.roles})`)
        .limit(1);
      if (existing.length > 0) return null;
      return insertAccount(tx, account);
    });
  }

  /** The user, their personal group (same name, role owner) and optionally an unverified email. */
  async createAccount(account: NewAccount): Promise<number> {
    return this.db.transaction((tx) => insertAccount(tx, account));
  }

  async findUserByName(username: string): Promise<UserRow | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return rows[0] ?? null;
  }

  async findUserById(id: number): Promise<UserRow | null> {
    const rows = await this.db.select(userColumns).from(users).where(eq(users.id, id));
    return rows[0] ?? null;
  }

  /** Usernames and group names share one namespace because both appear as /{group} in URLs. */
  /** True when a user or group already has the name, or a top-level page of the app does. */
  async isNameTaken(name: string): Promise<boolean> {
    if (isReservedGroupName(name)) return true;
    const user = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${name})`)
      .limit(1);
    if (user.length > 0) return true;
    return (await this.findGroupByName(name)) !== null;
  }

  async listMemberships(userId: number): Promise<MembershipRow[]> {
    const rows = await this.db
      .select({ groupId: groups.id, groupName: groups.name, personal: groups.personal, role: memberships.role })
      .from(memberships)
      .innerJoin(groups, eq(groups.id, memberships.groupId))
      .where(eq(memberships.userId, userId))
      .orderBy(sql`${groups.personal} desc`, groups.name);
    return rows.map((r) => ({ ...r, role: r.role as TeamRole }));
  }

  async findGroupByName(name: string): Promise<{ id: number; name: string } | null> {
    const rows = await this.db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(sql`lower(${groups.name}) = lower(${name})`);
    return rows[0] ?? null;
  }

  async isMember(groupId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)));
    return rows.length > 0;
  }

  async insertLoginToken(row: { token: string; secretHash: string; userId: number; description: string }) {
    await this.db.insert(loginTokens).values(row);
  }

  async findSession(token: string): Promise<SessionRow | null> {
    const rows = await this.db
      .select({
        userId: users.id,
        username: users.username,
        roles: users.roles,
        state: users.state,
        secretHash: loginTokens.secretHash,
        lastAccess: loginTokens.lastAccess,
      })
      .from(loginTokens)
      .innerJoin(users, eq(users.id, loginTokens.userId))
      .where(eq(loginTokens.token, token));
    return rows[0] ?? null;
  }

  async touchSession(token: string, userId: number, at: Date): Promise<void> {
    await this.db.update(loginTokens).set({ lastAccess: at }).where(eq(loginTokens.token, token));
    await this.db.update(users).set({ lastActive: at }).where(eq(users.id, userId));
  }

  async deleteLoginToken(token: string): Promise<void> {
    await this.db.delete(loginTokens).where(eq(loginTokens.token, token));
  }
}

const userColumns = {
  id: users.id,
  username: users.username,
  passwordHash: users.passwordHash,
  roles: users.roles,
  state: users.state,
  language: users.language,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertAccount(tx: Tx, account: NewAccount): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({ username: account.username, passwordHash: account.passwordHash, roles: account.roles, state: account.state })
    .returning({ id: users.id });
  const [group] = await tx
    .insert(groups)
    .values({ name: account.username, personal: true })
    .returning({ id: groups.id });
  await tx.insert(memberships).values({ groupId: group!.id, userId: user!.id, role: 'owner' });
  if (account.email) await tx.insert(emails).values({ userId: user!.id, email: account.email });
  return user!.id;
}
