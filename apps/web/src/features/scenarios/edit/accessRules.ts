import { ADMIN_ROLE, type AccessEntry, type SessionUser } from '@corridor/contract';
import { ApiError } from '../../../api/client.ts';

/**
 * Whether the user may change who has access to a dataset (issue 26), as the server decides it
 * (modules/datasets/access.ts, right `grant`): the dataset's OWNER and administrators. Team members may read
 * the list but are not offered Add User or Remove.
 */
export function mayGrantAccess(user: Pick<SessionUser, 'userId' | 'roles'>, entries: readonly Pick<AccessEntry, 'userId' | 'accessType'>[]): boolean {
  return user.roles.includes(ADMIN_ROLE) || entries.some((entry) => entry.accessType === 'OWNER' && entry.userId === user.userId);
}

/**
 * What a failed add says (issue 26): the spec's text (spec 1 §8) for an unknown username (404) and when no answer
 * came; otherwise the server's reason, so a refusal (403) or a bad name (400) says why.
 */
export function addErrorText(error: unknown, specText: string): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status === 404) return specText;
  return error.message || specText;
}

/** What a failed remove says: the spec's text, and the server's reason after it when there is one. */
export function removeErrorText(error: unknown, specText: string): string {
  if (!(error instanceof ApiError) || error.status === 0 || !error.message) return specText;
  return `${specText} ${error.message}`;
}
