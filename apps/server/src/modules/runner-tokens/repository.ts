/** SQL for runner tokens and the runners connected with them. */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { runners, runnerTokens } from '../../db/schema.ts';

export type RunnerTokenRow = typeof runnerTokens.$inferSelect;
export type RunnerRow = typeof runners.$inferSelect;

export interface NewRunnerToken {
  token: string;
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

  async delete(id: number): Promise<void> {
    await this.db.delete(runnerTokens).where(eq(runnerTokens.id, id));
  }

  /** Runners of the given tokens that sent a heartbeat at or after `since`, by name. */
  async runnersSince(tokenIds: number[], since: Date): Promise<RunnerRow[]> {
    if (tokenIds.length === 0) return [];
    return this.db
      .select()
      .from(runners)
      .where(and(inArray(runners.tokenId, tokenIds), gte(runners.lastHeartbeat, since)))
      .orderBy(asc(runners.name), asc(runners.id));
  }
}
