/** SQL for the profile: a user's devices (login tokens), password and API keys. No rules here: see service.ts. */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { apiKeys, loginTokens, users } from '../../db/schema.ts';

export interface DeviceRow {
  token: string;
  description: string;
  created: Date;
  lastAccess: Date;
}

export interface ApiKeyRow {
  key: string;
  description: string;
  created: Date;
  lastAccess: Date | null;
}

/** An API key with what authenticating with it needs to know about its user. */
export interface ApiKeyOwnerRow {
  userId: number;
  username: string;
  roles: string[];
  state: string;
  secretHash: string;
  lastAccess: Date | null;
}

export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async userExists(userId: number): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return rows.length > 0;
  }

  async listDevices(userId: number): Promise<DeviceRow[]> {
    return this.db
      .select({ token: loginTokens.token, description: loginTokens.description, created: loginTokens.created, lastAccess: loginTokens.lastAccess })
      .from(loginTokens)
      .where(eq(loginTokens.userId, userId))
      .orderBy(desc(loginTokens.lastAccess), desc(loginTokens.id));
  }

  /** False when the user has no such device. */
  async deleteDevice(userId: number, token: string): Promise<boolean> {
    const rows = await this.db
      .delete(loginTokens)
      .where(and(eq(loginTokens.userId, userId), eq(loginTokens.token, token)))
      .returning({ id: loginTokens.id });
    return rows.length > 0;
  }

  /**
   * The new hash, every device of the user signed out but `keep` (the caller's own device, if any), and every API key
   * of the user deleted (a key that outlived a password change would outlive a recovered account: issue 23).
   */
  async setPassword(userId: number, passwordHash: string, keep: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      const others = keep === null ? undefined : ne(loginTokens.token, keep);
      await tx.delete(loginTokens).where(and(eq(loginTokens.userId, userId), others));
      await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
    });
  }

  async setLanguage(userId: number, language: string): Promise<void> {
    await this.db.update(users).set({ language }).where(eq(users.id, userId));
  }

  async listApiKeys(userId: number): Promise<ApiKeyRow[]> {
    return this.db
      .select({ key: apiKeys.key, description: apiKeys.description, created: apiKeys.created, lastAccess: apiKeys.lastAccess })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.created), desc(apiKeys.id));
  }

  async insertApiKey(row: { key: string; secretHash: string; userId: number; description: string }): Promise<ApiKeyRow> {
    const [inserted] = await this.db
      .insert(apiKeys)
      .values(row)
      .returning({ key: apiKeys.key, description: apiKeys.description, created: apiKeys.created, lastAccess: apiKeys.lastAccess });
    return inserted!;
  }

  /** False when the user has no such key. */
  async deleteApiKey(userId: number, key: string): Promise<boolean> {
    const rows = await this.db
      .delete(apiKeys)
      .where(and(eq(apiKeys.userId, userId), eq(apiKeys.key, key)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  }

  async findApiKey(key: string): Promise<ApiKeyOwnerRow | null> {
    const rows = await this.db
      .select({
        userId: users.id,
        username: users.username,
        roles: users.roles,
        state: users.state,
        secretHash: apiKeys.secretHash,
        lastAccess: apiKeys.lastAccess,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.key, key));
    return rows[0] ?? null;
  }

  /** The key's last access, and the user's last activity with it. */
  async touchApiKey(key: string, userId: number, at: Date): Promise<void> {
    await this.db.update(apiKeys).set({ lastAccess: at }).where(eq(apiKeys.key, key));
    await this.db.update(users).set({ lastActive: at }).where(eq(users.id, userId));
  }
}
