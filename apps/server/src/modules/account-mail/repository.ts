/** SQL for a user's e-mail addresses and the one-time link tokens. No rules here: see service.ts. */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { accountTokens, apiKeys, emails, loginTokens, users } from '../../db/schema.ts';
import type { LinkPurpose } from './tokens.ts';

export interface EmailRow {
  id: number;
  userId: number;
  email: string;
  created: Date;
  verified: boolean;
  verifiedTimestamp: Date | null;
}

export interface TokenRow {
  id: number;
  purpose: string;
  userId: number;
  username: string;
  emailId: number | null;
  expires: Date;
  used: Date | null;
}

export interface Recipient {
  userId: number;
  username: string;
  emailId: number;
  email: string;
}

const emailColumns = {
  id: emails.id,
  userId: emails.userId,
  email: emails.email,
  created: emails.created,
  verified: emails.verified,
  verifiedTimestamp: emails.verifiedTimestamp,
};

export class AccountMailRepository {
  constructor(private readonly db: Db) {}

  async findUser(userId: number): Promise<{ id: number; username: string } | null> {
    const rows = await this.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
    return rows[0] ?? null;
  }

  listEmails(userId: number): Promise<EmailRow[]> {
    return this.db.select(emailColumns).from(emails).where(eq(emails.userId, userId)).orderBy(asc(emails.id));
  }

  /** Where notices about the account go (account-mail/notices.ts). */
  async verifiedAddresses(userId: number): Promise<string[]> {
    const rows = await this.db
      .select({ email: emails.email })
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.verified, true)))
      .orderBy(asc(emails.id));
    return rows.map((row) => row.email);
  }

  async findEmail(userId: number, id: number): Promise<EmailRow | null> {
    const rows = await this.db.select(emailColumns).from(emails).where(and(eq(emails.userId, userId), eq(emails.id, id)));
    return rows[0] ?? null;
  }

  async hasEmail(userId: number, email: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: emails.id })
      .from(emails)
      .where(and(eq(emails.userId, userId), sql`lower(${emails.email}) = lower(${email})`))
      .limit(1);
    return rows.length > 0;
  }

  async addEmail(userId: number, email: string): Promise<EmailRow> {
    const [row] = await this.db.insert(emails).values({ userId, email }).returning(emailColumns);
    return row!;
  }

  async deleteEmail(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.delete(emails).where(and(eq(emails.userId, userId), eq(emails.id, id))).returning({ id: emails.id });
    return rows.length > 0;
  }

  /**
   * Where a forgot-password mail for `email` goes: verified addresses, and unverified ones of accounts that never had
   * a password (a sign-up whose first mail was lost).
   */
  recipientsFor(email: string): Promise<Recipient[]> {
    return this.db
      .select({ userId: users.id, username: users.username, emailId: emails.id, email: emails.email })
      .from(emails)
      .innerJoin(users, eq(users.id, emails.userId))
      .where(and(sql`lower(${emails.email}) = lower(${email})`, or(eq(emails.verified, true), isNull(users.passwordHash))));
  }

  async insertToken(row: { tokenHash: string; purpose: LinkPurpose; userId: number; emailId: number | null; expires: Date }): Promise<void> {
    await this.db.insert(accountTokens).values(row);
  }

  async findToken(tokenHash: string): Promise<TokenRow | null> {
    const rows = await this.db
      .select({
        id: accountTokens.id,
        purpose: accountTokens.purpose,
        userId: accountTokens.userId,
        username: users.username,
        emailId: accountTokens.emailId,
        expires: accountTokens.expires,
        used: accountTokens.used,
      })
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(eq(accountTokens.tokenHash, tokenHash));
    return rows[0] ?? null;
  }

  /**
   * Redeems a verify-email token: marks it used (only if it still is not: two clicks at once verify once) and the
   * address verified. False when the token was used meanwhile.
   */
  redeemVerification(tokenId: number, emailId: number, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await markUsed(tx, tokenId, at))) return false;
      await tx.update(emails).set({ verified: true, verifiedTimestamp: at }).where(and(eq(emails.id, emailId), eq(emails.verified, false)));
      return true;
    });
  }

  /**
   * Redeems a set-password token: the new password, every other open set-password link of the user spent, every
   * device signed out and every API key deleted (whoever knew the old password or held a key is out: issue 23), and
   * the mailed address verified (the mail reached its owner). False when the token was used meanwhile.
   */
  redeemPassword(token: { id: number; userId: number; emailId: number | null }, passwordHash: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await markUsed(tx, token.id, at))) return false;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, token.userId));
      await tx
        .update(accountTokens)
        .set({ used: at })
        .where(and(eq(accountTokens.userId, token.userId), eq(accountTokens.purpose, 'set-password'), isNull(accountTokens.used)));
      await tx.delete(loginTokens).where(eq(loginTokens.userId, token.userId));
      await tx.delete(apiKeys).where(eq(apiKeys.userId, token.userId));
      if (token.emailId !== null) {
        await tx.update(emails).set({ verified: true, verifiedTimestamp: at }).where(and(eq(emails.id, token.emailId), eq(emails.verified, false)));
      }
      return true;
    });
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function markUsed(tx: Tx, tokenId: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(accountTokens)
    .set({ used: at })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.used)))
    .returning({ id: accountTokens.id });
  return rows.length > 0;
}
