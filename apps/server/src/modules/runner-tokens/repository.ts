/** SQL for runner tokens and the runners connected with them. */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { runners, runnerTokens } from '../../db/schema.ts';

export type RunnerTokenRow = typeof runnerTokens.$inferSelect;
export type RunnerRow = typeof runners.$inferSelect;

export interface NewRunnerToken {
  tokenHash: string;
  tokenHint: string;
  description: string;
  ipv4range: string;
  ipv6range: string;
  embedded?: boolean;
  createdBy: number | null;
}

export class RunnerTokensRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<RunnerTokenRow[]> {
    return this.db.select().from(runnerTokens).orderBy(asc(runnerTokens.id));
  }

  async find(id: number): Promise<RunnerTokenRow | null> {
    const [row] = await this.db.select().from(runnerTokens).where(eq(runnerTokens.id, id));
    return row ?? null;
  }

  async insert(token: NewRunnerToken): Promise<RunnerTokenRow> {
    const [row] = await this.db.insert(runnerTokens).values(token).returning();
    return row!;
  }

  async update(id: number, fields: Pick<RunnerTokenRow, 'description' | 'ipv4range' | 'ipv6range'>): Promise<RunnerTokenRow | null> {
    const [row] = await this.db.update(runnerTokens).set(fields).where(eq(runnerTokens.id, id)).returning();
    return row ?? null;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(runnerTokens).where(eq(runnerTokens.id, id));
  }

  /** Runners of the given tokens (or of all) that sent a heartbeat at or after `since`, by name. */
  async runnersSince(tokenIds: number[] | 'all', since: Date): Promise<RunnerRow[]> {
    if (tokenIds !== 'all' && tokenIds.length === 0) return [];
    const recent = gte(runners.lastHeartbeat, since);
    return this.db
      .select()
      .from(runners)
      .where(tokenIds === 'all' ? recent : and(inArray(runners.tokenId, tokenIds), recent))
      .orderBy(asc(runners.name), asc(runners.id));
  }
}
