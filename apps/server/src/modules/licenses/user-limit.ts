/**
 * Licence limits the platform counts (docs/decisions.md, "Administration: accounts, groups, licences"). A stored
 * licence may name `users` (or `maxUsers`): the number of active accounts allowed. Pure: callers pass the stored
 * payloads.
 */
export const USER_LIMIT_KEYS = ['users', 'maxUsers'] as const;

/** The largest user limit any stored licence names; null when none names one (no limit). */
export function userLimit(payloads: readonly unknown[]): number | null {
  let limit: number | null = null;
  for (const payload of payloads) {
    const limits = (payload as { limits?: Record<string, unknown> } | null)?.limits ?? {};
    for (const key of USER_LIMIT_KEYS) {
      const value = Number(limits[key]);
      if (limits[key] !== undefined && limits[key] !== '' && Number.isFinite(value) && value >= 0) {
        limit = Math.max(limit ?? 0, Math.floor(value));
      }
    }
  }
  return limit;
}

/** Null when `active + adding` stays within the limit, otherwise the message that refuses it. */
export function userLimitRefusal(limit: number | null, active: number, adding: number): string | null {
  if (limit === null || adding <= 0 || active + adding <= limit) return null;
  return `The licence allows at most ${limit} active users (${active} now). Block a user or add a licence with a higher limit first.`;
}
