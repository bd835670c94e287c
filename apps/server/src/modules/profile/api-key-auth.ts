/**
 * `Authorization: Bearer {apikey}.{secret}`: the Actor an API key stands for (spec 1 §3 "API key"). Looked up on
 * every request, so a deleted key or a blocked user is refused at once. The last access is written at most once a
 * minute per key: a script calling in a loop does not turn every read into a database write.
 */
import { parseSecretToken, secretMatches } from '../../security/secret-token.ts';
import type { Actor } from '../../shared/access.ts';
import type { ProfileRepository } from './repository.ts';

export const API_KEY_TOUCH_INTERVAL_MS = 60_000;

export class ApiKeyAuth {
  constructor(
    private readonly profile: ProfileRepository,
    private readonly now: () => Date,
  ) {}

  /** The key's user, or null when the key is malformed, unknown, wrong or its user blocked. */
  async resolve(value: string): Promise<Actor | null> {
    const parsed = parseSecretToken(value);
    if (!parsed) return null;
    const row = await this.profile.findApiKey(parsed.token);
    if (!row || !secretMatches(parsed.secret, row.secretHash) || row.state !== 'active') return null;
    const now = this.now();
    if (!row.lastAccess || now.getTime() - row.lastAccess.getTime() >= API_KEY_TOUCH_INTERVAL_MS) {
      await this.profile.touchApiKey(parsed.token, row.userId, now);
    }
    return { userId: row.userId, username: row.username, roles: row.roles, token: parsed.token, via: 'apikey' };
  }
}
